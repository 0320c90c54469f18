import Foundation
import Wakeful

/// Background fetch and `BGTaskScheduler` (BGT-1 to BGT-13, TERM-1) as the device carries them
/// out: the app's requests, the user's actions and the charger go to the ``TaskScheduler``, whose
/// effects the device applies. Launching the tasks is in `SimulatedDevice+ScheduledTaskLaunch`,
/// their limits and completion in `SimulatedDevice+ScheduledTaskLimits`.
extension SimulatedDevice {
    // MARK: The app's requests

    /// `BGTaskScheduler.submit(_:)`. Refusals come back as `Event.scheduledTaskSubmitFailed(identifier:error:)`.
    mutating func submitTaskRequest(_ request: TaskRequest) {
        var effects: [DeviceEffect] = []
        let submission = scheduler.submit(
            request, foreground: state.isForeground, backgroundModes: backgroundModes, schedulerConditions,
            into: &effects)
        carryOut(effects)
        switch submission {
        case .done: break
        case .failed(let error): deliver(.scheduledTaskSubmitFailed(identifier: request.identifier, error: error))
        case .continued: startContinuedProcessing(request)
        }
    }

    /// `cancel(taskRequestWithIdentifier:)`.
    mutating func cancelTaskRequest(_ identifier: String) {
        var effects: [DeviceEffect] = []
        scheduler.cancel(identifier, into: &effects)
        carryOut(effects)
    }

    /// `setMinimumBackgroundFetchInterval(_:)` (BGT-1, BGT-3).
    mutating func setMinimumBackgroundFetchInterval(_ interval: TimeInterval?) {
        var effects: [DeviceEffect] = []
        scheduler.setFetchInterval(interval, schedulerConditions, into: &effects)
        carryOut(effects)
    }

    // MARK: The world and the user

    /// Plans again whenever the charger is plugged in or out (`world.power`).
    mutating func schedulePowerChanges() {
        for time in scenario.world.power.changeTimes where time > 0 && time < scenario.duration {
            schedule(.powerChange, at: time)
        }
    }

    /// The charger was plugged in or out: plan again.
    mutating func powerChanged() {
        replanScheduledWork(because: "power")
        scheduleNetworkStep(at: now)  // a discretionary transfer may start on the charger (URLS-2)
    }

    /// After every user action: running processing tasks end if the user starts using the device
    /// (BGT-14); the scheduler learns usage and plans again (BGT-11, BGT-13).
    mutating func schedulerAfterUserAction(_ action: UserAction.Kind) {
        switch action {
        case .open, .unlock: endProcessingTasksForUse()
        default: break
        }
        var effects: [DeviceEffect] = []
        scheduler.learn(from: action, foreground: state.isForeground, schedulerConditions, into: &effects)
        carryOut(effects)
    }

    /// BGT-14: the system terminates running processing tasks when the user starts using the
    /// device. Modelled as their time being up now: the expiration handler runs, and a task still
    /// open after the lead time (TASK-12, cfg) gets the app killed, as at the end of BGT-5's time.
    /// Assumption: unlocking or opening the app is "using the device"; a glance at the lock screen is not.
    private mutating func endProcessingTasksForUse() {
        guard policy.scheduler.processingEndsWhenUserStarts else { return }
        for index in process.scheduledTasks.indices where process.scheduledTasks[index].kind == .processing {
            let task = process.scheduledTasks[index]
            let deadline = min(task.deadline, now + policy.execution.expiryLeadTime)
            guard deadline < task.deadline else { continue }
            let generation = scheduler.nextGeneration()
            process.scheduledTasks[index].generation = generation
            process.scheduledTasks[index].deadline = deadline
            decide(
                "processingTaskEnding", rules: ["BGT-14"],
                [Field("identifier", .string(task.identifier)), Field("deadline", .double(deadline))])
            scheduleExpiry(generation: generation, kind: .processing, deadline: deadline)
        }
    }

    /// Plans every pending request and the fetch again.
    mutating func replanScheduledWork(because reason: String) {
        var effects: [DeviceEffect] = []
        scheduler.replan(schedulerConditions, into: &effects)
        carryOut(effects)
    }
}
