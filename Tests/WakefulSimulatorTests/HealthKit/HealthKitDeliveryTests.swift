import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// HealthKit background delivery on the simulated device (HK-1 to HK-8).
@Suite("HealthKit background delivery", .watchdog, .cpuBound)
struct HealthKitDeliveryTests {
    static let ios17 = IOSVersion(17)

    /// The user opens the app at 0 and leaves at 10; a glucose monitor saves a reading every 5 min.
    static func scenario(
        duration: TimeInterval = 1300, glucoseUntil: TimeInterval? = nil, steps: Bool = false,
        actions: [UserAction] = []
    ) -> Scenario {
        var scenario = Scenarios.make(duration: duration, actions: actions)
        scenario.world.health = [
            HealthSampleSeries(type: .bloodGlucose, id: "glucose", at: 300, every: 300, until: glucoseUntil, value: 110)
        ]
        if steps {
            scenario.world.health = [HealthSampleSeries(type: .stepCount, id: "steps", at: 300, every: 300, value: 200)]
        }
        return scenario
    }

    static func setup(_ options: HealthSync.Options = .init()) -> StrategySetup {
        StrategySetup(name: "HealthSync", strategies: [.healthSync(options)])
    }

    static func updates(_ trace: Trace) -> [TimeInterval] {
        trace.events { if case .healthObserverUpdate = $0 { true } else { false } }.map(\.time)
    }

    @Test(
        "immediate delivery wakes the suspended app shortly after each save; it reads and completes (HK-1, HK-5, HK-8)")
    func immediate() {
        let trace = Trace(Self.scenario(), ios: Self.ios17, setup: Self.setup())
        #expect(Self.updates(trace) == [320, 620, 920, 1220])
        #expect(
            trace.records("bloodGlucose").map { $0.record.fields["id"] } == [
                "glucose-1", "glucose-2", "glucose-3", "glucose-4",
            ])
        let wakes = trace.states(to: .background).filter { $0.change.cause == "healthKitWake" }
        #expect(wakes.map(\.time) == [320, 620, 920, 1220])
        #expect(wakes.allSatisfy { $0.change.rules.contains("HK-5") })
        #expect(trace.decisions("healthUpdateCompleted").count == 4)
        // The completion ends the hold at once: the app is suspended again in the same instant.
        #expect(trace.states(to: .suspended).contains { $0.time == 320 })
        #expect(trace.metrics.wakes["healthKit"] == 4)
        #expect(trace.metrics.invariantViolations.isEmpty)
    }

    @Test("while the phone is locked deliveries wait and reads fail; the unlock delivers them all (HK-4)")
    func locked() {
        var scenario = Self.scenario(
            duration: 2200, glucoseUntil: 1800,
            actions: [UserAction(at: 100, .lock), UserAction(at: 2000, .unlock)])
        scenario.world.pushes = [ScheduledPush(at: 1000, type: .background, priority: 5, id: "sync")]
        let trace = Trace(scenario, ios: Self.ios17, setup: Self.setup(.init(readsOnPush: true)))
        #expect(trace.decisions("healthDeliveryHeld").map(\.time) == [320])
        #expect(trace.decisions("healthDeliveryHeld").first?.decision.rules.contains("HK-4") == true)
        #expect(trace.metrics.suppressedWakes["healthKit"] == 1)
        // The push's read at 1000 finds the store locked.
        let failed = trace.events {
            if case .healthSamplesQueried(let result) = $0 { result.error == .databaseInaccessible } else { false }
        }
        #expect(failed.map(\.time) == [1000])
        // The unlock releases the delivery: one update 20 s later, and one read returns all six readings.
        #expect(Self.updates(trace) == [2020])
        #expect(trace.records("bloodGlucose").map(\.time) == Array(repeating: 2020, count: 6))
    }

    @Test("step counts are delivered at most hourly even when the app asks for immediate (HK-3)")
    func hourlySteps() {
        let trace = Trace(
            Self.scenario(duration: 7600, steps: true), ios: Self.ios17,
            setup: Self.setup(.init(types: [.stepCount])))
        #expect(Self.updates(trace) == [320, 3920, 7520])
        #expect(trace.records("stepCount").count == 25)
    }

    @Test("an update never completed is retried with backoff and the third stops delivery (HK-6)")
    func threeStrikes() {
        let forgetful = Scripted("Forgetful") { event, _ in
            switch event {
            case .didFinishLaunching:
                [
                    .startHealthObserverQuery(.bloodGlucose),
                    .enableHealthBackgroundDelivery(.bloodGlucose, frequency: .immediate),
                ]
            case .healthObserverUpdate(let update):
                [.record(Record(kind: "got", fields: [Field("id", .string(update.id))]))]
            default: []
            }
        }
        let trace = Trace(
            Self.scenario(duration: 3000), ios: Self.ios17,
            setup: StrategySetup(name: "Forgetful", strategies: [StrategySpec(forgetful)]))
        #expect(Self.updates(trace) == [320, 650, 1280])
        #expect(trace.decisions("healthUpdateUnanswered").map(\.time) == [350, 680])
        #expect(trace.decisions("healthBackgroundDeliveryStopped").map(\.time) == [1310])
    }

    @Test("a terminated app is launched in the background and gets the update once its query is set up (HK-1, HK-5)")
    func relaunch() {
        let trace = Trace(
            Self.scenario(duration: 400, actions: [UserAction(at: 100, .memoryPressure)]), ios: Self.ios17,
            setup: Self.setup())
        let launches = trace.events { if case .didFinishLaunching(.healthKit) = $0 { true } else { false } }
        #expect(launches.map(\.time) == [320])
        #expect(trace.states(to: .background).contains { $0.time == 320 && $0.change.cause == "healthKitRelaunch" })
        #expect(trace.records("bloodGlucose").map(\.time) == [320])
    }

    @Test("without the background-delivery entitlement enabling fails from iOS 15 only (HK-7)", arguments: [12, 17])
    func entitlement(major: Int) {
        var scenario = Self.scenario()
        scenario.app.healthKitBackgroundDeliveryEntitlement = false
        let trace = Trace(scenario, ios: IOSVersion(major), setup: Self.setup())
        let refused = trace.decisions("commandRefused").filter { $0.decision.rules.contains("HK-7") }
        #expect(refused.isEmpty == (major < 15))
        #expect(Self.updates(trace).count == (major < 15 ? 4 : 0))
    }

    @Test("world.health decodes, and names the field of a bad entry")
    func decoding() throws {
        let good = #"{"name":"h","duration":60,"world":{"health":[{"type":"stepCount","at":0,"every":60,"value":5}]}}"#
        let scenario = try Scenario.decode(Data(good.utf8), file: "h.json", directory: nil)
        #expect(scenario.world.health == [HealthSampleSeries(type: .stepCount, at: 0, every: 60, value: 5)])
        let bad = #"{"name":"h","duration":60,"world":{"health":[{"type":"stepCount","at":0,"every":0}]}}"#
        #expect {
            _ = try Scenario.decode(Data(bad.utf8), file: "h.json", directory: nil)
        } throws: { error in
            "\(error)".contains("every")
        }
    }
}
