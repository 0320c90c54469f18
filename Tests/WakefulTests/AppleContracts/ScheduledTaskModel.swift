import Wakeful

/// What `ScheduledTaskAdapter` does with the platform-free types, step for step, against the fake:
/// register the plan's identifiers once, complete an unowned launch at once, keep an owned task in
/// the ledger until the core's command or the expiration.
final class ScheduledTaskModel {
    let plan: TaskRegistrationPlan
    private(set) var ledger = CompletionLedger<FakeTask>()
    private(set) var delivered: [Event] = []
    /// What the core answers to an event (a strategy completing the task, or not).
    var answer: (Event) -> [Command] = { _ in [] }
    /// Expiration handlers that hopped to the main queue, run by ``drainMainQueue()``.
    private var mainQueue: [() -> Void] = []

    init(plan: TaskRegistrationPlan) { self.plan = plan }

    func register(on scheduler: FakeTaskScheduler, registered: inout Set<String>) {
        scheduler.runMainQueue = { [weak self] in self?.drainMainQueue() }
        for identifier in plan.identifiers(excluding: registered) {
            registered.insert(identifier)
            _ = scheduler.register(identifier) { [weak self, unowned scheduler] task in
                self?.launched(task, on: scheduler)
            }
        }
    }

    private func launched(_ task: FakeTask, on scheduler: FakeTaskScheduler) {
        switch plan.disposition(of: task.identifier) {
        case .completeUnowned:
            task.setTaskCompleted(success: false)
        case .deliver:
            ledger.receive(task.identifier, handler: task, at: 0)
            let identifier = task.identifier
            task.expirationHandler = { [weak self, unowned scheduler] onMainThread in
                switch ExpirationDelivery.route(onMainThread: onMainThread) {
                case .synchronous:
                    scheduler.assumeMainActor(onMainThread: onMainThread)
                    self?.expired(identifier)
                case .hopToMain: self?.mainQueue.append { self?.expired(identifier) }
                }
            }
            handle(.scheduledTaskLaunched(ScheduledTaskLaunch(identifier: identifier, kind: .appRefresh)))
        }
    }

    private func expired(_ identifier: String) {
        handle(.scheduledTaskExpiring(identifier: identifier))
        // The safety net: the core did not complete it in the event's turn.
        ledger.expire(identifier)?.setTaskCompleted(success: false)
    }

    private func handle(_ event: Event) {
        delivered.append(event)
        for case .completeScheduledTask(let identifier, let success) in answer(event) {
            ledger.complete(identifier)?.setTaskCompleted(success: success)
        }
    }

    func drainMainQueue() {
        let work = mainQueue
        mainQueue = []
        for item in work { item() }
    }
}
