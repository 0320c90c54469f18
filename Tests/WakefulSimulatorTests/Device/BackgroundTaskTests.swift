import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// `beginBackgroundTask` / `endBackgroundTask` by family (TASK-1 to TASK-15, CONF-1, CONF-2).
@Suite("Device: background tasks (TASK)", .watchdog, .cpuBound)
struct BackgroundTaskTests {
    static let home: TimeInterval = 10

    /// The termination code of a task still open when its budget ends (TASK-13, TERM-6).
    static func assertionTimeoutCode(_ version: IOSVersion) -> String {
        version.major >= 13 ? "0x2182bad2" : "0x8badf00d"
    }

    // MARK: Dormant in the foreground (TASK-8, TASK-11)

    /// Begins a task at launch, in the foreground; reads the remaining time in the foreground at
    /// t = 50 and again on entering the background; ends the task in its handler.
    static let foregroundTask = Scripted("ForegroundTask") { event, context in
        switch event {
        case .didFinishLaunching:
            return [
                .beginBackgroundTask(BackgroundTaskID(owner: "fg", serial: 1)),
                .setTimer(TimerRequest(id: "probe", interval: 50)),
            ]
        case .timerFired, .didEnterBackground:
            return [Apps.reading(context)]
        case .backgroundTaskExpiring(let id):
            return [.endBackgroundTask(id)]
        default:
            return []
        }
    }

    @Test(arguments: Versions.all)
    func aTaskBegunInTheForegroundStartsCountingOnlyInTheBackground(version: String) throws {
        let ios = try Versions.parse(version)
        let budget = Versions.referenceBudget(ios)
        let home: TimeInterval = 100
        let trace = Trace(
            Scenarios.make(duration: home + 700, home: home), ios: ios, setup: .custom(Self.foregroundTask))
        let readings = trace.remainingReadings
        try #require(readings.count == 2)
        #expect(readings[0].time == 50 && readings[0].state == "active")
        #expect(readings[0].value == Context.unlimited, "TASK-11: DBL_MAX in the foreground, the task is dormant")
        #expect(readings[1].time == home && readings[1].state == "background")
        if ios.major >= 13 {
            // TASK-11 (M391799): DBL_MAX inside applicationDidEnterBackground, before the countdown shows.
            #expect(readings[1].value == Context.unlimited)
        } else {
            #expect(
                readings[1].value == budget,
                "TASK-8: the full budget from the moment of backgrounding, none used in the foreground")
        }
        let expiry = try #require(trace.expirations.first)
        #expect(
            expiry.time >= home + budget - 5 && expiry.time < home + budget,
            "TASK-12: shortly before the budget counted from Home ends")
        #expect(trace.states(to: .suspended).map(\.time) == [expiry.time])
        #expect(trace.states(to: .suspended).first?.change.cause == "taskExpired")
        #expect(trace.metrics.terminations.isEmpty)
    }

    // MARK: Budgets by family (TASK-2, TASK-3, TASK-6, TASK-13, CONF-1)

    @Test(arguments: Versions.all)
    func aTaskLeftOpenIsKilledWhenTheFamilyBudgetRunsOut(version: String) throws {
        let ios = try Versions.parse(version)
        let budget = Versions.referenceBudget(ios)
        let metrics = Trace(Scenarios.make(duration: 700), ios: ios, setup: .custom(Apps.taskOnBackground(leaky: true)))
            .metrics
        let kill = try #require(metrics.terminations.first)
        #expect(metrics.terminations.count == 1)
        #expect(kill.reason == .taskAssertionTimeout)
        #expect(kill.at == Self.home + budget)
        #expect(kill.code == Self.assertionTimeoutCode(ios))
        #expect(metrics.backgroundRunningSeconds == budget)
    }

    @Test(arguments: [("11", 40.0), ("12", 40.0), ("8", 40.0), ("17", 30.0), ("26", 30.0), ("6", 600.0)])
    func conf1bGivesFortySecondsOn7To12AndChangesNothingElsewhere(version: String, budget: TimeInterval) throws {
        var scenario = Scenarios.make(duration: 700)
        scenario.device.variants = [.taskBudget40]
        let metrics = Trace(
            scenario, ios: try Versions.parse(version), setup: .custom(Apps.taskOnBackground(leaky: true))
        ).metrics
        #expect(metrics.terminations.map(\.at) == [Self.home + budget])
    }

    @Test(arguments: [("7.0", 600.0), ("7.1", 600.0), ("8", 180.0), ("12", 180.0)])
    func conf1aGivesSixHundredSecondsOnIOS7Only(version: String, budget: TimeInterval) throws {
        var scenario = Scenarios.make(duration: 700)
        scenario.device.variants = [.taskBudget600OnIOS7]
        let metrics = Trace(
            scenario, ios: try Versions.parse(version), setup: .custom(Apps.taskOnBackground(leaky: true))
        ).metrics
        #expect(metrics.terminations.map(\.at) == [Self.home + budget])
    }

    // MARK: One budget per app (TASK-7)

    @Test(arguments: ["6", "12", "17"])
    func threeTasksAtOnceShareOneBudget(version: String) throws {
        let ios = try Versions.parse(version)
        let budget = Versions.referenceBudget(ios)
        let trace = Trace(Scenarios.make(duration: 700), ios: ios, setup: .custom(StackedTasks(count: 3)))
        #expect(trace.expirations.count == 3)
        #expect(Set(trace.expirations.map(\.time)).count == 1, "all handlers at the same moment")
        let stop = try #require(trace.expirations.first?.time) - Self.home
        #expect(stop > budget - 5 && stop < budget)
        #expect(trace.metrics.backgroundRunningSeconds == stop, "not three budgets")
        #expect(trace.metrics.terminations.isEmpty)
    }

    @Test(arguments: ["6", "12", "17"])
    func aTaskBegunLaterDrawsOnTheSameBudget(version: String) throws {
        let ios = try Versions.parse(version)
        let budget = Versions.referenceBudget(ios)
        // Both tasks are left open: the kill shows when the shared budget ends.
        let app = Scripted("TwoTasks") { event, _ in
            switch event {
            case .didEnterBackground:
                return [
                    .beginBackgroundTask(BackgroundTaskID(owner: "a", serial: 1)),
                    .setTimer(TimerRequest(id: "b", interval: budget / 2)),
                ]
            case .timerFired:
                return [.beginBackgroundTask(BackgroundTaskID(owner: "b", serial: 1))]
            default:
                return []
            }
        }
        let trace = Trace(Scenarios.make(duration: 1000), ios: ios, setup: .custom(app))
        #expect(
            trace.commands { $0 == .beginBackgroundTask(BackgroundTaskID(owner: "b", serial: 1)) }.map(\.time) == [
                Self.home + budget / 2
            ])
        #expect(trace.metrics.terminations.map(\.at) == [Self.home + budget], "not home + budget / 2 + budget")
    }

    @Test(arguments: ["12", "17"])
    func aTaskBegunInsideTheHandlerStillGetsItsHandlerBeforeTheBudgetEnds(version: String) throws {
        // TASK-7 and TASK-12: the new task shares the budget's last seconds; its handler must still run
        // shortly before the time reaches 0, so an app that ends every task in its handler is not killed.
        let ios = try Versions.parse(version)
        let budget = Versions.referenceBudget(ios)
        let app = Scripted("Rebegin") { event, _ in
            switch event {
            case .didEnterBackground:
                return [.beginBackgroundTask(BackgroundTaskID(owner: "a", serial: 1))]
            case .backgroundTaskExpiring(let id) where id.serial == 1:
                return [.endBackgroundTask(id), .beginBackgroundTask(BackgroundTaskID(owner: "a", serial: 2))]
            case .backgroundTaskExpiring(let id):
                return [.endBackgroundTask(id)]
            default:
                return []
            }
        }
        let trace = Trace(Scenarios.make(duration: 400), ios: ios, setup: .custom(app))
        #expect(trace.expirations.first?.task.serial == 1)
        let second = trace.expirations.first { $0.task.serial == 2 }
        #expect(second != nil)
        #expect((second?.time ?? .infinity) < Self.home + budget)
        #expect(trace.metrics.terminations.isEmpty)
    }

    // MARK: Wake refresh (TASK-9, TASK-10, TASK-11, CONF-2)

    /// Begins a task on entering the background and another when a region is exited, with a 1 s
    /// reading of the remaining time from the exit on; ends every task in its handler.
    static let wakeTaskApp = Scripted("WakeTask") { event, context in
        switch event {
        case .didEnterBackground:
            return [.beginBackgroundTask(BackgroundTaskID(owner: "bg", serial: 1))]
        case .regionExited:
            return [
                .beginBackgroundTask(BackgroundTaskID(owner: "wake", serial: 1)),
                .setTimer(TimerRequest(id: "tick", interval: 1, repeats: true)),
            ]
        case .timerFired:
            return [Apps.reading(context)]
        case .backgroundTaskExpiring(let id):
            return [.endBackgroundTask(id)]
        default:
            return []
        }
    }

    /// The same with the wake's task left open.
    static let leakyWakeTaskApp = Scripted("LeakyWakeTask") { event, _ in
        switch event {
        case .didEnterBackground: return [.beginBackgroundTask(BackgroundTaskID(owner: "bg", serial: 1))]
        case .regionExited: return [.beginBackgroundTask(BackgroundTaskID(owner: "wake", serial: 1))]
        case .backgroundTaskExpiring(let id) where id.owner == "bg": return [.endBackgroundTask(id)]
        default: return []
        }
    }

    static func regionWake(_ trace: Trace) throws -> TimeInterval {
        try #require(trace.states(to: .background).first { $0.change.cause == "regionWake" }?.time)
    }

    @Test(arguments: ["6", "7.1", "8", "12"])
    func onIOS6To12AWakeShowsDBLMaxForTenSecondsThenAFreshBudget(version: String) throws {
        let ios = try Versions.parse(version)
        let budget = Versions.referenceBudget(ios)
        // The walk out of the region starts once the first budget is used up (600 s on iOS 6).
        let walkFrom: TimeInterval = budget > 200 ? 700 : DeviceScenarios.walkStart
        let trace = Trace(
            DeviceScenarios.fenceWalk(duration: 1800, walkFrom: walkFrom), ios: ios, setup: .custom(Self.wakeTaskApp))
        let wake = try Self.regionWake(trace)
        #expect(
            trace.expirations.first.map { $0.task.owner == "bg" && $0.time < wake } == true,
            "a wake, after the first budget")
        let readings = trace.remainingReadings.filter { $0.time > wake && $0.time < wake + 15 }
        try #require(readings.count >= 14)
        for reading in readings where reading.time < wake + 10 {
            #expect(reading.value == Context.unlimited, "TASK-9: DBL_MAX during the wake window, t=\(reading.time)")
        }
        for reading in readings where reading.time >= wake + 10 {
            #expect(
                reading.value == budget - (reading.time - wake - 10),
                "TASK-9: a fresh budget counted from the window's end")
        }
        let handler = try #require(trace.expirations.first { $0.task.owner == "wake" })
        #expect(handler.time > wake + 10 + budget - 5 && handler.time < wake + 10 + budget)
        #expect(trace.states(to: .suspended).last?.time == handler.time)
        #expect(trace.metrics.terminations.isEmpty)
    }

    @Test(arguments: ["15.3", "17", "18", "26"])
    func onIOS13AndLaterAWakeGivesAFreshBudgetAtOnce(version: String) throws {
        let ios = try Versions.parse(version)
        let trace = Trace(DeviceScenarios.fenceWalk(), ios: ios, setup: .custom(Self.wakeTaskApp))
        let wake = try Self.regionWake(trace)
        let readings = trace.remainingReadings.filter { $0.time > wake }
        try #require(readings.count >= 20)
        for reading in readings {
            #expect(
                reading.value == 30 - (reading.time - wake),
                "TASK-10: a fresh 30 s counting from the wake, t=\(reading.time)")
        }
        let handler = try #require(trace.expirations.first { $0.task.owner == "wake" })
        #expect(handler.time > wake + 25 && handler.time < wake + 30)
        #expect(trace.states(to: .suspended).last?.time == handler.time)
    }

    @Test(arguments: ["8", "12", "17", "26"])
    func conf2NoRefreshATaskBegunAtTheWakeExpiresAtOnce(version: String) throws {
        var scenario = DeviceScenarios.fenceWalk()
        scenario.device.variants = [.noWakeRefresh]
        let trace = Trace(scenario, ios: try Versions.parse(version), setup: .custom(Self.wakeTaskApp))
        let wake = try Self.regionWake(trace)
        // No fresh budget: the app runs only for the wake's window.
        #expect(trace.states(to: .suspended).last?.time == wake + 10)
        #expect(trace.metrics.terminations.isEmpty)
        #expect(
            !trace.remainingReadings.contains { $0.value > 0 && $0.value < Context.unlimited },
            "no time left to count down")
        let handler = trace.expirations.first { $0.task.owner == "wake" }
        #expect(handler.map { $0.time < wake + 1 } == true)
        #expect(trace.metrics.invariantViolations.isEmpty)
    }

    @Test(arguments: ["12", "17"])
    func conf2ATaskLeftOpenAfterTheBudgetIsGoneGetsTheAppKilled(version: String) throws {
        let ios = try Versions.parse(version)
        var scenario = DeviceScenarios.fenceWalk()
        scenario.device.variants = [.noWakeRefresh]
        let trace = Trace(scenario, ios: ios, setup: .custom(Self.leakyWakeTaskApp))
        let wake = try Self.regionWake(trace)
        let kill = trace.metrics.terminations.first
        #expect(kill?.reason == .taskAssertionTimeout)
        #expect(kill.map { $0.at >= wake && $0.at <= wake + 10 } == true)
        #expect(kill?.code == Self.assertionTimeoutCode(ios))
    }

    // MARK: Task cap (TASK-15)

    @Test(arguments: [
        ("11", 1000, false), ("11", 1001, true), ("17", 1001, true), ("26", 1001, true), ("10.3", 1001, false),
        ("8", 1500, false),
    ])
    func moreThanAThousandOpenTasksCrashFromIOS11(version: String, count: Int, crashes: Bool) throws {
        let metrics = Simulator.run(
            Scenarios.make(duration: 300), ios: try Versions.parse(version), setup: .custom(StackedTasks(count: count)),
            seed: 1)
        if crashes {
            #expect(metrics.terminations.map(\.reason) == [.tooManyTasks])
            #expect(metrics.terminations.first?.at == Self.home)
            #expect(metrics.terminations.first?.code == "0xbada5e47")
            #expect(metrics.terminations.first?.rules == ["TASK-15"])
        } else {
            #expect(metrics.terminations.isEmpty)
            #expect(metrics.backgroundRunningSeconds > 25, "the tasks kept the app running")
        }
        #expect(metrics.invariantViolations.isEmpty)
    }

    // MARK: endBackgroundTask and budget resets

    @Test(arguments: ["6", "12", "17"])
    func endingAnUnknownTaskIsRecordedAndChangesNothing(version: String) throws {
        let app = Scripted("Ghost") { event, _ in
            guard case .didEnterBackground = event else { return [] }
            return [.endBackgroundTask(BackgroundTaskID(owner: "ghost", serial: 7))]
        }
        let trace = Trace(Scenarios.make(duration: 60), ios: try Versions.parse(version), setup: .custom(app))
        let decision = try #require(trace.decisions("endUnknownTask").first)
        #expect(decision.time == Self.home)
        #expect(decision.decision.fields["task"] == .string("ghost#7"))
        #expect(trace.states(to: .suspended).map(\.time) == [Self.home + 5])
        #expect(trace.metrics.terminations.isEmpty)
    }

    @Test(arguments: ["6", "8", "12", "17", "26"])
    func theBudgetIsWholeAgainAfterTheAppWasActive(version: String) throws {
        // §12.3 gap: the budget resets when the app becomes Active.
        let ios = try Versions.parse(version)
        let scenario = Scenarios.make(
            duration: 1500, actions: [UserAction(at: 700, .open), UserAction(at: 800, .home)])
        let trace = Trace(scenario, ios: ios, setup: .custom(Apps.taskOnBackground()))
        let handlers = trace.expirations.map(\.time)
        try #require(handlers.count == 2)
        #expect(handlers[0] - Self.home == handlers[1] - 800)
        #expect(handlers[1] - 800 > Versions.referenceBudget(ios) - 5)
        #expect(trace.states(to: .suspended).map(\.time) == handlers)
    }
}
