import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Beacon regions without a priority slot: phones without hardware filtering (BEACON-2) and
/// regions beyond the device-wide 30 (BEACON-3); and ranging kept up after backgrounding under
/// CONF-BEACON-5.
@Suite("Device: beacon detection without hardware slots (BEACON-2, BEACON-3)", .watchdog, .cpuBound)
struct BeaconDetectionSlotTests {
    static let range = BeaconRadioModel.standard.detectionRange(measuredPower: -59)
    /// When the phone, arriving at 200 m/s from 200 m away at t = 100, comes within range.
    static let inRange = 100 + (200 - range) / 200

    /// Locked at 20 s; arrives at the beacon at t = 100 and stays; more user actions as given.
    static func arrival(device: DeviceSettings, actions: [UserAction] = [], duration: TimeInterval = 1500) -> Scenario {
        Scenarios.make(
            duration: duration, at: LocalPoint(east: 200, north: 0), walkFrom: 100,
            legs: [RouteLeg(destination: .zero, speed: 200)], beacons: [Scenarios.beacon()],
            features: [.beaconTrigger(beacon: "b", triggerDistance: 0.01)], device: device,
            actions: [UserAction(at: 20, .lock)] + actions)
    }

    static func entries(_ trace: Trace) -> [TimeInterval] {
        trace.events { $0 == .regionEntered("b") }.map(\.time)
    }

    @Test("BEACON-2: with hardware filtering a locked phone notices the beacon ≈1 s after it comes into range")
    func hardwareFilteringIsImmediate() throws {
        let trace = Trace(Self.arrival(device: DeviceSettings()), ios: IOSVersion(10))
        let entry = try #require(Self.entries(trace).first)
        #expect(entry - Self.inRange >= 1 && entry - Self.inRange <= 2, "got \(entry - Self.inRange)")
        #expect(trace.decisions("beaconRegionSoftwareOnly").isEmpty)
    }

    @Test("BEACON-2: without hardware filtering a locked phone notices it at its next software scan, within 15 min")
    func noHardwareFilteringWaitsForTheSoftwareScan() throws {
        var device = DeviceSettings()
        device.beaconHardwareFiltering = false
        let delays = try (1...12).map { seed in
            let trace = Trace(Self.arrival(device: device), ios: IOSVersion(10), seed: UInt64(seed))
            #expect(trace.decisions("beaconRegionSoftwareOnly").first?.decision.rules == ["BEACON-2"])
            return try #require(Self.entries(trace).first) - Self.inRange
        }
        #expect(delays.allSatisfy { $0 >= 0 && $0 <= 901 + 1 }, "\(delays)")
        // The scan's phase is drawn per run: the waits spread over the period, unlike the ≈1 s above.
        #expect(delays.filter { $0 > 60 }.count >= 6, "\(delays)")
        #expect(Set(delays.map { ($0 / 60).rounded() }).count >= 5, "\(delays)")
    }

    @Test("BEACON-2, BEACON-3: a software-detected region is heard ≈1 s after the display lights up")
    func displayLightsTheSoftwareScan() throws {
        var device = DeviceSettings()
        device.beaconHardwareFiltering = false
        for seed in 1...8 {
            let trace = Trace(
                Self.arrival(device: device, actions: [UserAction(at: 150, .glance)]), ios: IOSVersion(10),
                seed: UInt64(seed))
            let entry = try #require(Self.entries(trace).first)
            // Either the software scan came first, or the glance at 150 let the phone hear it.
            #expect(entry <= 151.5, "seed \(seed): \(entry)")
        }
    }

    @Test("BEACON-3: beyond the device's 30 priority regions a dark phone hears nothing until the screen lights")
    func bestEffortRegionsWaitForTheDisplay() throws {
        var crowded = DeviceSettings()
        crowded.otherAppsBeaconRegions = 30
        let trace = Trace(
            Self.arrival(device: crowded, actions: [UserAction(at: 900, .glance)]), ios: IOSVersion(12))
        let decision = try #require(trace.decisions("beaconRegionSoftwareOnly").first?.decision)
        #expect(decision.rules == ["BEACON-3"])
        let entry = try #require(Self.entries(trace).first)
        #expect(entry >= 900 && entry <= 901.5, "got \(entry)")
        // With 29 others the app's one region takes the last priority slot: heard at once.
        var room = DeviceSettings()
        room.otherAppsBeaconRegions = 29
        let roomy = Trace(Self.arrival(device: room, actions: [UserAction(at: 900, .glance)]), ios: IOSVersion(12))
        #expect((Self.entries(roomy).first ?? 0) - Self.inRange <= 2)
        #expect(roomy.decisions("beaconRegionSoftwareOnly").isEmpty)
    }

    @Test("CONF-BEACON-5: a ranging app with the location mode keeps ranging 300 s after Home; by default ≈5 s")
    func rangingAfterBackgrounding() throws {
        func lastRanging(_ variants: [PolicyVariant]) -> TimeInterval? {
            var device = DeviceSettings()
            device.variants = variants
            let scenario = Scenarios.make(
                duration: 900, home: 60, at: LocalPoint(east: 2, north: 0), beacons: [Scenarios.beacon()],
                features: [.beaconTrigger(beacon: "b", triggerDistance: 0.01)], modes: [.location], device: device)
            return Trace(scenario, ios: IOSVersion(13, 3)).rangingTimes.last
        }
        let kept = try #require(lastRanging([.rangingFiveMinutesAfterBackgrounding]))
        #expect(kept >= 358 && kept <= 360, "got \(kept)")
        let standard = try #require(lastRanging([]))
        #expect(standard <= 71, "got \(standard)")
    }
}
