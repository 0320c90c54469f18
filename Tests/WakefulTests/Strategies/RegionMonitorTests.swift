import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("RegionMonitor", .watchdog, .cpuBound)
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

    static let monitored = MonitoredRegion(
        id: "office", shape: .circle(center: Coordinate(latitude: 48.86, longitude: 2.34), radius: 200))

    static func condition(_ region: MonitoredRegion) -> MonitorCondition {
        guard case .circle(let center, let radius) = region.shape else { preconditionFailure("a circle") }
        return MonitorCondition(id: region.id, center: center, radius: radius)
    }

    @Test(
        "on a CLMonitor: the monitor first, beacon regions as regions, then the circles it does not keep (CLMON-2, CLMON-3)"
    )
    func monitorPath() {
        var feature = RegionMonitor(regions: [Self.home, Self.pump, Self.monitored], api: .monitor)
        #expect(
            feature.handle(.didFinishLaunching(.region), in: Contexts.background()) == [
                .openMonitor(name: RegionMonitor.monitorName), .startMonitoring(Self.pump), .requestState("pump"),
            ])
        // A relaunched process: the monitor kept "home", so only "office" is added, its state unknown
        // so that iOS answers with it (the counterpart of requestState, LOC-18).
        #expect(
            feature.handle(
                .monitorOpened(name: RegionMonitor.monitorName, conditions: ["home"]), in: Contexts.background())
                == [
                    .addMonitorCondition(
                        monitor: RegionMonitor.monitorName, Self.condition(Self.monitored), assuming: .unknown)
                ])
    }

    @Test("on a CLMonitor before the first unlock: opened again once protected data is available (CLMON-2, DATA-4)")
    func monitorWaitsForProtectedData() {
        var feature = RegionMonitor(regions: [Self.home], api: .monitor)
        _ = feature.handle(.didFinishLaunching(.region), in: Contexts.background())
        let refused = Event.monitorOpenFailed(name: RegionMonitor.monitorName, reason: .protectedDataUnavailable)
        #expect(feature.handle(refused, in: Contexts.background()).isEmpty)
        #expect(
            feature.handle(.protectedDataDidBecomeAvailable, in: Contexts.background()) == [
                .openMonitor(name: RegionMonitor.monitorName)
            ])
        #expect(feature.handle(.protectedDataDidBecomeAvailable, in: Contexts.background()).isEmpty)
    }

    @Test("on a CLMonitor before iOS 17: regions serve the circles (LOC-24)")
    func monitorFallsBack() {
        var feature = RegionMonitor(regions: [Self.home, Self.pump], api: .monitor)
        _ = feature.handle(.didFinishLaunching(.user), in: Contexts.foreground())
        #expect(
            feature.handle(
                .monitorOpenFailed(name: RegionMonitor.monitorName, reason: .unavailable), in: Contexts.foreground())
                == [.startMonitoring(Self.home), .requestState("home")])
        // Another feature's monitor is not its business.
        #expect(
            feature.handle(.monitorOpened(name: "GeofenceSet", conditions: []), in: Contexts.foreground()).isEmpty)
    }
}
