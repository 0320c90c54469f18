import Foundation
import Testing
import Wakeful

@Suite("RegionMonitor")
struct RegionMonitorTests {
    static let home = MonitoredRegion(
        id: "home", shape: .circle(center: Coordinate(latitude: 48.85, longitude: 2.35), radius: 150))
    static let pump = MonitoredRegion(id: "pump", shape: .beacon(Beacons.pump), notifyOnExit: false)

    @Test("name and requirements (LOC-16: Always)")
    func identity() {
        let feature = RegionMonitor(regions: [Self.home])
        #expect(feature.name == "RegionMonitor")
        #expect(
            feature.requirements
                == Requirements(locationAuthorization: .always, locationCapabilities: [.relaunch, .regionMonitoring]))
    }

    @Test(
        "on launch it monitors each region, in order, then asks its state (LOC-18)",
        arguments: [LaunchReason.user, .region, .significantChange])
    func launch(_ reason: LaunchReason) {
        var feature = RegionMonitor(regions: [Self.home, Self.pump])
        #expect(
            feature.handle(.didFinishLaunching(reason), in: Contexts.background()) == [
                .startMonitoring(Self.home), .requestState("home"), .startMonitoring(Self.pump), .requestState("pump"),
            ])
        // A second launch (a new process on a device) registers again.
        #expect(feature.handle(.didFinishLaunching(reason), in: Contexts.background()).count == 4)
    }

    @Test("no regions: nothing to do")
    func empty() {
        var feature = RegionMonitor(regions: [])
        #expect(feature.handle(.didFinishLaunching(.user), in: Contexts.foreground()).isEmpty)
    }

    @Test(
        "it does not react to region events or anything else",
        arguments: [
            Event.regionEntered("home"), .regionExited("home"), .regionStateDetermined("home", .inside),
            .regionMonitoringFailed("home", .tooManyRegions), .didEnterBackground, .willEnterForeground,
        ])
    func quiet(_ event: Event) {
        var feature = RegionMonitor(regions: [Self.home])
        #expect(feature.handle(event, in: Contexts.background()).isEmpty)
        #expect(feature.regions == [Self.home])
    }
}
