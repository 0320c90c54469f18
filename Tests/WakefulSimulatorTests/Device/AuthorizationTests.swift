import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Location authorization and accuracy on the device: prompts, Allow Once, provisional Always,
/// reduced accuracy and temporary full accuracy (AUTH-1 to AUTH-7).
@Suite("Device: location authorization and accuracy (AUTH)", .watchdog, .cpuBound)
struct AuthorizationTests {
    /// Asks for When-In-Use each time it becomes active.
    static let asksWhenInUse = Scripted("AsksWhenInUse") { event, _ in
        event == .didBecomeActive ? [.requestWhenInUseAuthorization] : []
    }

    /// Asks for Always each time it becomes active, and starts SLC at launch (LOC-10).
    static let asksAlwaysWithSLC = Scripted("AsksAlways") { event, _ in
        switch event {
        case .didFinishLaunching: [.startMonitoringSignificantLocationChanges]
        case .didBecomeActive: [.requestAlwaysAuthorization]
        default: []
        }
    }

    /// Runs best-accuracy updates in the background from launch (LOC-1, LOC-2).
    static let tracker = Scripted("Tracker", modes: [.location], authorization: .always) { event, _ in
        guard case .didFinishLaunching = event else { return [] }
        return [
            .startUpdatingLocation(
                LocationRequest(desiredAccuracy: 10, pausesAutomatically: false, allowsBackgroundUpdates: true))
        ]
    }

    /// A one-hour drive east at 10 m/s from t = 20.
    static func drive(
        authorization: LocationAuthorization = .always, precise: Bool = true, purposeKeys: [String] = [],
        features: [FeatureSpec] = [], actions: [UserAction] = []
    ) -> Scenario {
        var scenario = Scenarios.make(
            duration: 3600, at: .zero, walkFrom: 20,
            legs: [RouteLeg(destination: LocalPoint(east: 36_000, north: 0), speed: 10)], features: features,
            authorization: authorization, actions: actions)
        scenario.app.preciseLocation = precise
        scenario.app.temporaryFullAccuracyPurposeKeys = purposeKeys
        return scenario
    }

    static func fixes(_ trace: Trace) -> [(time: TimeInterval, fix: LocationFix)] {
        trace.events { if case .locationsUpdated = $0 { true } else { false } }.flatMap {
            entry -> [(TimeInterval, LocationFix)] in
            guard case .locationsUpdated(let fixes) = entry.event else { return [] }
            return fixes.map { (entry.time, $0) }
        }
    }

    @Test("AUTH-1: the prompt shows once; a request in the background shows nothing")
    func promptOnce() throws {
        let scenario = Scenarios.make(
            duration: 120, authorization: .notDetermined,
            actions: [UserAction(at: 5, .grantWhenInUse), UserAction(at: 60, .open)])
        let trace = Trace(scenario, ios: try Versions.parse("17"), setup: .custom(Self.asksWhenInUse))
        #expect(trace.decisions("authorizationPromptShown").map(\.time) == [0])
        #expect(trace.decisions("authorizationRequestIgnored").map(\.time) == [60], "the answer is stored")
        // AUTH-5: the manager reports the initial state, then the change.
        let statuses = trace.events { if case .authorizationChanged = $0 { true } else { false } }.map(\.event)
        #expect(statuses == [.authorizationChanged(.notDetermined), .authorizationChanged(.whenInUse)])
        #expect(trace.metrics.permission?.periods.map(\.permission) == ["notDetermined", "whenInUse"])
    }

    @Test("AUTH-4: Allow Once ends when the app leaves the foreground; the status is not determined again")
    func allowOnceExpires() throws {
        let scenario = Scenarios.make(
            duration: 60, authorization: .notDetermined, actions: [UserAction(at: 2, .allowOnce)])
        let trace = Trace(scenario, ios: try Versions.parse("17"), setup: .custom(Self.asksWhenInUse))
        let expired = try #require(trace.decisions("temporaryAuthorizationExpired").first)
        #expect(expired.time == 10)
        #expect(expired.decision.rules == ["AUTH-4"])
        let statuses = trace.events { if case .authorizationChanged = $0 { true } else { false } }
        #expect(statuses.map(\.event).last == .authorizationChanged(.notDetermined))
        #expect(statuses.last?.time == 10)
    }

    @Test("strategies see what Core Location reports, status and accuracy, not that the grant is Allow Once")
    func contextHidesWhatADeviceCannotSee() throws {
        let reporter = Scripted("Reporter") { event, context in
            guard case .authorizationChanged = event else {
                return event == .didBecomeActive ? [.requestWhenInUseAuthorization] : []
            }
            let seen = context.locationPermission
            return [
                .record(
                    Record(
                        kind: "seen",
                        fields: [
                            Field("allowOnce", .bool(seen.allowOnce)), Field("status", .string(seen.status.rawValue)),
                        ]))
            ]
        }
        let scenario = Scenarios.make(
            duration: 60, authorization: .notDetermined, actions: [UserAction(at: 2, .allowOnce)])
        let trace = Trace(scenario, ios: try Versions.parse("17"), setup: .custom(reporter))
        let seen = trace.records("seen").map(\.record.fields)
        #expect(seen.contains { $0.contains(Field("status", .string("whenInUse"))) })
        #expect(seen.allSatisfy { $0.contains(Field("allowOnce", .bool(false))) } && !seen.isEmpty)
    }

    @Test(
        "AUTH-3: on 13.2 the Always request from When-In-Use goes provisional; SLC is held and the second prompt shows")
    func provisionalAlwaysOn13_2() throws {
        let trace = Trace(
            DeviceScenarios.drive(authorization: .whenInUse), ios: try Versions.parse("13.2"),
            setup: .custom(Self.asksAlwaysWithSLC))
        #expect(trace.decisions("provisionalAlwaysGranted").map(\.time) == [0])
        let held = try #require(trace.decisions("wakeSuppressed").first)
        #expect(held.decision.rules.contains("AUTH-3"))
        let prompt = try #require(trace.decisions("authorizationPromptShown").first)
        #expect(prompt.time == held.time)
        #expect(prompt.decision.fields.contains(Field("prompt", "provisionalAlways")))
        // 13.4+: a real prompt at once instead; unanswered, the status stays When-In-Use.
        let later = Trace(
            DeviceScenarios.drive(authorization: .whenInUse), ios: try Versions.parse("13.4"),
            setup: .custom(Self.asksAlwaysWithSLC))
        #expect(later.decisions("provisionalAlwaysGranted").isEmpty)
        #expect(later.decisions("authorizationPromptShown").map(\.time) == [0])
    }

    @Test("AUTH-2: an answered Always prompt upgrades; the second request does nothing")
    func alwaysUpgrade() throws {
        let scenario = DeviceScenarios.drive(
            authorization: .whenInUse,
            actions: [UserAction(at: 5, .answerAlwaysPrompt(changeToAlways: true)), UserAction(at: 400, .open)])
        let trace = Trace(scenario, ios: try Versions.parse("17"), setup: .custom(Self.asksAlwaysWithSLC))
        #expect(trace.decisions("authorizationPromptShown").map(\.time) == [0])
        #expect(trace.decisions("authorizationRequestIgnored").map(\.time) == [400])
        #expect(trace.metrics.wakes["significantChange"] == 1, "Always lets SLC wake the app (LOC-16)")
    }

    @Test("AUTH-6: Precise Location off gives ≈4 fixes an hour, 1–20 km off, at once")
    func reducedAccuracyCoarsensFixes() throws {
        let trace = Trace(
            Self.drive(actions: [UserAction(at: 600, .setPreciseLocation(false))]), ios: try Versions.parse("17"),
            setup: .custom(Self.tracker))
        let before = Self.fixes(trace).filter { $0.time < 600 }
        let after = Self.fixes(trace).filter { $0.time >= 600 }
        #expect(before.count > 100)
        #expect(before.allSatisfy { $0.fix.horizontalAccuracy <= 10 })
        #expect((3...4).contains(after.count), "\(after.map(\.time))")
        #expect(after.allSatisfy { (1000...20_000).contains($0.fix.horizontalAccuracy) })
        #expect(zip(after, after.dropFirst()).allSatisfy { $1.time - $0.time >= 900 })
        #expect(trace.decisions("preciseLocationChanged").first?.decision.rules == ["AUTH-5", "AUTH-6"])
        // The GPS stops with Precise Location: coarse fixes come from cell and Wi-Fi (assumption).
        #expect(abs(trace.metrics.usage.gpsSeconds - 600) < 1)
        #expect(trace.metrics.usage.cellLocationSeconds > 2900)
        // Before 14 there is no Precise Location switch.
        let old = Trace(
            Self.drive(actions: [UserAction(at: 600, .setPreciseLocation(false))]), ios: try Versions.parse("13.5"),
            setup: .custom(Self.tracker))
        #expect(old.decisions("preciseLocationUnavailable").count == 1)
        #expect(Self.fixes(old).filter { $0.time >= 600 }.count > 100)
    }

    @Test("AUTH-6: with reduced accuracy regions report nothing and new ones are refused")
    func reducedAccuracyStopsRegions() throws {
        let fence = DeviceScenarios.fenceWalk(actions: [UserAction(at: 50, .setPreciseLocation(false))])
        let trace = Trace(fence, ios: try Versions.parse("17"))
        #expect(trace.decisions("regionMonitoringSuspended").map(\.time) == [50])
        #expect(trace.events { if case .regionExited = $0 { true } else { false } }.isEmpty)
        let precise = Trace(DeviceScenarios.fenceWalk(), ios: try Versions.parse("17"))
        #expect(!precise.events { if case .regionExited = $0 { true } else { false } }.isEmpty)
        var reducedFromStart = DeviceScenarios.fenceWalk()
        reducedFromStart.app.preciseLocation = false
        let refused = Trace(reducedFromStart, ios: try Versions.parse("17"))
        let failure = try #require(refused.decisions("regionRefused").first, "a new region is refused from the start")
        #expect(failure.decision.rules == ["AUTH-6"])
    }

    @Test("AUTH-6: with reduced accuracy beacons are not ranged")
    func reducedAccuracyStopsRanging() throws {
        let ranger = Scripted("Ranger", authorization: .always) { event, _ in
            guard case .didFinishLaunching = event else { return [] }
            return [.startRangingBeacons(BeaconIdentityConstraint(uuid: Scenarios.beaconUUID))]
        }
        let scenario = DeviceScenarios.nearBeacon(
            duration: 60, home: DeviceScenarios.never, actions: [UserAction(at: 20, .setPreciseLocation(false))])
        let trace = Trace(scenario, ios: try Versions.parse("17"), setup: .custom(ranger))
        let ranged = trace.events { if case .beaconsRanged(_, let seen) = $0 { !seen.isEmpty } else { false } }
        #expect(!ranged.isEmpty)
        #expect(ranged.allSatisfy { $0.time < 20 })
    }

    @Test("AUTH-7: temporary full accuracy needs the purpose key and ends when the app is no longer in use")
    func temporaryFullAccuracy() throws {
        let asks = Scripted("AsksFull") { event, _ in
            event == .didBecomeActive ? [.requestTemporaryFullAccuracy(purposeKey: "Trip")] : []
        }
        let scenario = Self.drive(
            precise: false, purposeKeys: ["Trip"],
            actions: [UserAction(at: 2, .answerTemporaryFullAccuracy(allow: true))])
        let trace = Trace(scenario, ios: try Versions.parse("17"), setup: .custom(asks))
        #expect(trace.decisions("authorizationPromptShown").map(\.time) == [0])
        let expired = try #require(trace.decisions("temporaryAuthorizationExpired").first)
        #expect(expired.time == 10 && expired.decision.rules == ["AUTH-7"])
        let accuracy = trace.events { if case .accuracyAuthorizationChanged = $0 { true } else { false } }.map(\.event)
        #expect(
            accuracy == [
                .accuracyAuthorizationChanged(.reduced), .accuracyAuthorizationChanged(.full),
                .accuracyAuthorizationChanged(.reduced),
            ])
        // Without the key in NSLocationTemporaryUsageDescriptionDictionary no prompt shows.
        let missing = Trace(Self.drive(precise: false), ios: try Versions.parse("17"), setup: .custom(asks))
        #expect(missing.decisions("authorizationPromptShown").isEmpty)
        #expect(missing.decisions("authorizationPromptNotShown").first?.decision.rules == ["AUTH-7"])
    }

    @Test("background location keeps a temporary grant alive: the app is still in use (AUTH-7)")
    func backgroundUpdatesKeepTheGrant() throws {
        let asks = Scripted("TrackerAsksFull", modes: [.location]) { event, _ in
            switch event {
            case .didFinishLaunching:
                [
                    .startUpdatingLocation(
                        LocationRequest(desiredAccuracy: 10, pausesAutomatically: false, allowsBackgroundUpdates: true))
                ]
            case .didBecomeActive: [.requestTemporaryFullAccuracy(purposeKey: "Trip")]
            default: []
            }
        }
        let scenario = Self.drive(
            precise: false, purposeKeys: ["Trip"],
            actions: [UserAction(at: 2, .answerTemporaryFullAccuracy(allow: true))])
        let trace = Trace(scenario, ios: try Versions.parse("17"), setup: .custom(asks))
        #expect(trace.decisions("temporaryAuthorizationExpired").isEmpty)
        let later = Self.fixes(trace).filter { $0.time > 600 }
        #expect(!later.isEmpty && later.allSatisfy { $0.fix.horizontalAccuracy <= 10 })
    }
}
