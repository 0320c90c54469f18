import Testing
import Wakeful
import WakefulTestSupport

@Suite("BGTaskScheduler launch handlers against the scheduler's contract", .watchdog)
struct TaskRegistrationPlanTests {
    /// The demo's `BGTaskSchedulerPermittedIdentifiers`.
    static let permitted = ["com.example.wakefuldemo.refresh", "com.example.wakefuldemo.sync"]

    @Test("a request submitted under another configuration launches into a registered handler and is completed")
    func permittedButUndeclared() {
        // The gas-station configurations declare no task identifier; the trip configuration's
        // request launches the app after the switch.
        let scheduler = FakeTaskScheduler(permitted: Self.permitted)
        let app = ScheduledTaskModel(plan: TaskRegistrationPlan(permitted: Self.permitted, declared: []))
        var registered: Set<String> = []
        app.register(on: scheduler, registered: &registered)
        scheduler.finishLaunching()
        let task = scheduler.launch("com.example.wakefuldemo.refresh")
        #expect(scheduler.violations.isEmpty)
        #expect(task.completions == [false])
        #expect(app.delivered.isEmpty)
    }

    @Test("registering only what the strategies declare leaves a permitted identifier without a handler")
    func declaredOnlyIsTheOldBreak() {
        let scheduler = FakeTaskScheduler(permitted: Self.permitted)
        let app = ScheduledTaskModel(plan: TaskRegistrationPlan(permitted: [], declared: []))
        var registered: Set<String> = []
        app.register(on: scheduler, registered: &registered)
        scheduler.finishLaunching()
        scheduler.launch("com.example.wakefuldemo.sync")
        #expect(
            scheduler.violations == [
                "No launch handler registered for task with identifier com.example.wakefuldemo.sync"
            ])
    }

    @Test("with no agent (the app's init threw) every permitted identifier still has a handler")
    func noAgent() {
        let scheduler = FakeTaskScheduler(permitted: Self.permitted)
        let fallback = ScheduledTaskModel(plan: TaskRegistrationPlan(permitted: Self.permitted, declared: []))
        var registered: Set<String> = []
        fallback.register(on: scheduler, registered: &registered)
        scheduler.finishLaunching()
        let tasks = Self.permitted.map { scheduler.launch($0) }
        #expect(scheduler.violations.isEmpty)
        #expect(tasks.map(\.completions) == [[false], [false]])
    }

    @Test("an identifier registered once in the process is not registered again")
    func secondRegistration() {
        let scheduler = FakeTaskScheduler(permitted: Self.permitted)
        var registered: Set<String> = []
        let plan = TaskRegistrationPlan(permitted: Self.permitted, declared: ["com.example.wakefuldemo.refresh"])
        let first = ScheduledTaskModel(plan: plan)
        first.register(on: scheduler, registered: &registered)
        let second = ScheduledTaskModel(plan: plan)
        second.register(on: scheduler, registered: &registered)
        #expect(scheduler.violations.isEmpty)
        #expect(plan.identifiers(excluding: registered).isEmpty)
    }

    @Test("an owned task the core does not complete at expiration is completed by the safety net")
    func expirationSafetyNet() {
        let scheduler = FakeTaskScheduler(permitted: Self.permitted)
        let app = ScheduledTaskModel(
            plan: TaskRegistrationPlan(permitted: Self.permitted, declared: ["com.example.wakefuldemo.refresh"]))
        var registered: Set<String> = []
        app.register(on: scheduler, registered: &registered)
        scheduler.finishLaunching()
        let task = scheduler.launch("com.example.wakefuldemo.refresh")
        #expect(app.delivered.count == 1)
        scheduler.expire(task)
        #expect(scheduler.violations.isEmpty)
        #expect(task.completions == [false])
    }

    @Test("a task the core completes is not completed again at expiration")
    func completedOnce() {
        let scheduler = FakeTaskScheduler(permitted: Self.permitted)
        let app = ScheduledTaskModel(
            plan: TaskRegistrationPlan(permitted: Self.permitted, declared: ["com.example.wakefuldemo.refresh"]))
        app.answer = { event in
            guard case .scheduledTaskExpiring(let identifier) = event else { return [] }
            return [.completeScheduledTask(identifier: identifier, success: true)]
        }
        var registered: Set<String> = []
        app.register(on: scheduler, registered: &registered)
        let task = scheduler.launch("com.example.wakefuldemo.refresh")
        scheduler.expire(task)
        #expect(task.completions == [true])
    }

    @Test("an expiration handler called off the main thread hops to it instead of assuming it")
    func expirationOffMainThread() {
        let scheduler = FakeTaskScheduler(permitted: Self.permitted)
        scheduler.expirationRunsOnMainThread = false
        let app = ScheduledTaskModel(
            plan: TaskRegistrationPlan(permitted: Self.permitted, declared: ["com.example.wakefuldemo.refresh"]))
        var registered: Set<String> = []
        app.register(on: scheduler, registered: &registered)
        let task = scheduler.launch("com.example.wakefuldemo.refresh")
        scheduler.expire(task)
        #expect(scheduler.violations.isEmpty)
        #expect(task.completions == [false])
        #expect(ExpirationDelivery.route(onMainThread: false) == .hopToMain)
        #expect(ExpirationDelivery.route(onMainThread: true) == .synchronous)
    }

    @Test("a continued-processing pattern owns the identifiers under its prefix")
    func wildcardPattern() {
        let plan = TaskRegistrationPlan(permitted: ["com.app.export.*"], declared: ["com.app.export.*"])
        #expect(plan.identifiers == ["com.app.export.*"])
        #expect(plan.disposition(of: "com.app.export.photos") == .deliver)
        #expect(plan.disposition(of: "com.app.exporter") == .completeUnowned)
    }
}
