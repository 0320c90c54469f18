import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("BeaconTrigger", .watchdog, .cpuBound)
struct BeaconTriggerTests {
    static func trigger(distance: Double = 3) -> BeaconTrigger {
        BeaconTrigger(options: .init(regionID: "pump-4", constraint: Beacons.pump, triggerDistance: distance))
    }

    static func ranged(_ beacons: [RangedBeacon]) -> Event { .beaconsRanged(Beacons.pump, beacons) }

    @Test("name, requirements (BEACON-1: Always) and the default trigger distance")
    func identity() {
        let feature = BeaconTrigger(options: .init(regionID: "pump-4", constraint: Beacons.pump))
        #expect(feature.name == "BeaconTrigger")
        #expect(
            feature.requirements
                == Requirements(locationAuthorization: .always, locationCapabilities: [.relaunch, .beaconRanging]))
        #expect(feature.options.triggerDistance == 3)
        #expect(!feature.hasTriggered)
        #expect(BeaconTrigger.recordKind == "trigger")
    }

    @Test(
        "on every launch it monitors the region with notifyEntryStateOnDisplay and ranges it",
        arguments: [(LaunchReason.user, AppState.inactive), (.region, .background)])
    func launch(_ reason: LaunchReason, _ state: AppState) {
        var feature = Self.trigger()
        let region = MonitoredRegion(
            id: "pump-4", shape: .beacon(Beacons.pump), notifyOnEntry: true, notifyOnExit: true,
            notifyEntryStateOnDisplay: true)
        #expect(
            feature.handle(.didFinishLaunching(reason), in: Context(now: 0, appState: state))
                == [.startMonitoring(region), .startRangingBeacons(Beacons.pump)])
    }

    @Test("triggers once at the trigger distance or closer, with a trigger record")
    func triggersOnce() throws {
        var feature = Self.trigger()
        #expect(feature.handle(Self.ranged([Beacons.ranged(3.01)]), in: Contexts.background(1)).isEmpty)
        let commands = feature.handle(Self.ranged([Beacons.ranged(3.0, rssi: -66)]), in: Contexts.background(2))
        let record = try #require(commands.records.first)
        #expect(commands.count == 1)
        #expect(
            record
                == Record(
                    kind: "trigger",
                    fields: [
                        Field("region", "pump-4"), Field("accuracy", .double(3.0)), Field("rssi", .int(-66)),
                        Field("appState", "background"),
                    ]))
        #expect(feature.hasTriggered)
        #expect(
            feature.handle(Self.ranged([Beacons.ranged(0.5)]), in: Contexts.background(3)).isEmpty, "once per visit")
    }

    @Test("the record names the app state it triggered in")
    func recordsAppState() {
        var feature = Self.trigger()
        let commands = feature.handle(Self.ranged([Beacons.ranged(1)]), in: Contexts.foreground())
        #expect(commands.records.first?.fields["appState"] == "active")
    }

    @Test("uses the closest valid beacon; accuracy -1 (a missed sample) is ignored")
    func closestValid() throws {
        var feature = Self.trigger()
        // Only missed samples: nothing.
        #expect(
            feature.handle(
                Self.ranged([Beacons.ranged(-1, rssi: 0), Beacons.ranged(-1, rssi: 0, minor: 5)]),
                in: Contexts.background()
            ).isEmpty)
        // The closest valid one is 2.5 m, though a missed sample comes first.
        let commands = feature.handle(
            Self.ranged([
                Beacons.ranged(-1, rssi: 0), Beacons.ranged(8, rssi: -80), Beacons.ranged(2.5, rssi: -63, minor: 5),
            ]),
            in: Contexts.background())
        let record = try #require(commands.records.first)
        #expect(record.fields["accuracy"] == .double(2.5))
        #expect(record.fields["rssi"] == .int(-63))
    }

    @Test("an empty ranging callback or one beyond the distance does not trigger")
    func nothingClose() {
        var feature = Self.trigger(distance: 1)
        #expect(feature.handle(Self.ranged([]), in: Contexts.background()).isEmpty)
        #expect(
            feature.handle(Self.ranged([Beacons.ranged(1.2), Beacons.ranged(40)]), in: Contexts.background()).isEmpty)
        #expect(!feature.hasTriggered)
    }

    @Test(
        "re-arms on exit from its region, or an outside state for it",
        arguments: [
            Event.regionExited("pump-4"), .regionStateDetermined("pump-4", .outside),
        ])
    func rearms(_ leaving: Event) {
        var feature = Self.trigger()
        _ = feature.handle(Self.ranged([Beacons.ranged(1)]), in: Contexts.background(1))
        #expect(feature.handle(leaving, in: Contexts.background(2)).isEmpty)
        #expect(!feature.hasTriggered)
        #expect(feature.handle(Self.ranged([Beacons.ranged(2)]), in: Contexts.background(3)).records.count == 1)
    }

    @Test(
        "does not re-arm on entry, an inside or unknown state, or another region's exit",
        arguments: [
            Event.regionEntered("pump-4"), .regionStateDetermined("pump-4", .inside),
            .regionStateDetermined("pump-4", .unknown),
            .regionExited("pump-5"), .regionStateDetermined("pump-5", .outside),
        ])
    func staysArmed(_ event: Event) {
        var feature = Self.trigger()
        _ = feature.handle(Self.ranged([Beacons.ranged(1)]), in: Contexts.background(1))
        #expect(feature.handle(event, in: Contexts.background(2)).isEmpty)
        #expect(feature.hasTriggered)
        #expect(feature.handle(Self.ranged([Beacons.ranged(1)]), in: Contexts.background(3)).isEmpty)
    }

    @Test(
        "ignores ranging of other constraints",
        arguments: [
            BeaconIdentityConstraint(uuid: Beacons.uuid),
            BeaconIdentityConstraint(uuid: Beacons.uuid, major: 1),
            BeaconIdentityConstraint(uuid: Beacons.uuid, major: 1, minor: 5),
            BeaconIdentityConstraint(uuid: Beacons.otherUUID, major: 1, minor: 4),
        ])
    func otherConstraints(_ constraint: BeaconIdentityConstraint) {
        var feature = Self.trigger()
        #expect(feature.handle(.beaconsRanged(constraint, [Beacons.ranged(0.5)]), in: Contexts.background()).isEmpty)
        #expect(!feature.hasTriggered)
    }

    @Test(
        "other events do nothing",
        arguments: [Event.didEnterBackground, .willEnterForeground, .memoryWarning, .timerFired("t")])
    func quiet(_ event: Event) {
        var feature = Self.trigger()
        #expect(feature.handle(event, in: Contexts.background()).isEmpty)
    }
}
