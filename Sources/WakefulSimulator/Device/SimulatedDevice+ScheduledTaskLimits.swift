import Foundation
import Wakeful

/// A launched fetch or `BGTask` until it ends: its expiration handler, the end of its time and
/// the CPU monitor, which kill an app that has not completed it (BGT-2, BGT-4 to BGT-6, TASK-13,
/// TERM-6), and its completion.
extension SimulatedDevice {
    // MARK: Running tasks

    /// The expiration handler of a running BGTask.
    mutating func scheduledTaskExpiryDue(generation: Int) {
        guard let task = process.scheduledTasks.first(where: { $0.generation == generation }), state.isExecuting else {
            return
        }
        deliver(.scheduledTaskExpiring(identifier: task.identifier))
    }

    /// The time is up: an uncompleted task gets the app killed (BGT-2, BGT-4, BGT-5, BGT-13, TASK-13, TERM-6).
    mutating func scheduledTaskDeadlineDue(generation: Int) {
        guard let index = process.scheduledTasks.firstIndex(where: { $0.generation == generation }) else { return }
        let task = process.scheduledTasks[index]
        let limitRule = TaskScheduler.limitRule(task.kind)
        guard !state.isForeground else {
            // On screen the app runs anyway; the task object is gone (assumption: no kill in the foreground).
            process.scheduledTasks.remove(at: index)
            decide(
                "scheduledTaskExpired", rules: [limitRule],
                [Field("identifier", .string(task.identifier)), Field("inForeground", .bool(true))])
            return
        }
        if task.kind == .backgroundFetch {
            terminate(.backgroundFetchTimeout, code: policy.termination.codes.fetchTimeout, rules: ["BGT-2", "TERM-6"])
        } else {
            // BGTasks run under a RunningBoard assertion; the background-task code is assumed (TERM-6, TASK-13).
            terminate(
                .scheduledTaskTimeout, code: policy.termination.codes.taskAssertionTimeout,
                rules: [limitRule, "TASK-13", "TERM-6"])
        }
    }

    /// CONF-6: the CPU monitor stays on during a processing task and the work keeps the CPU above its limit.
    mutating func scheduledTaskCPULimitDue(generation: Int) {
        guard process.scheduledTasks.contains(where: { $0.generation == generation }), state == .background else {
            return
        }
        terminate(.cpuLimit, code: "EXC_RESOURCE CPU_FATAL", rules: ["TERM-4", "BGT-6", "CONF-6"])
    }

    /// `setTaskCompleted(success:)`.
    mutating func completeScheduledTask(_ identifier: String, success: Bool) {
        guard
            let index = process.scheduledTasks.firstIndex(where: {
                $0.identifier == identifier && $0.kind != .backgroundFetch
            })
        else {
            refuse("completeScheduledTask", "no running task \(identifier)", rules: ["BGT-4"])
            return
        }
        let task = process.scheduledTasks.remove(at: index)
        decide(
            "scheduledTaskCompleted", rules: [TaskScheduler.limitRule(task.kind)],
            [
                Field("identifier", .string(identifier)), Field("success", .bool(success)),
                Field("ran", .double(now - task.launchedAt)),
            ])
        if task.kind == .continuedProcessing, let next = scheduler.dequeueContinued() {
            startContinuedProcessing(next)
        }
    }

    /// The fetch completion handler (BGT-2).
    mutating func completeBackgroundFetch(_ result: BackgroundFetchResult) {
        guard let index = process.scheduledTasks.firstIndex(where: { $0.kind == .backgroundFetch }) else {
            refuse("completeBackgroundFetch", "no fetch running", rules: ["BGT-2"])
            return
        }
        let task = process.scheduledTasks.remove(at: index)
        decide(
            "scheduledTaskCompleted", rules: ["BGT-2"],
            [
                Field("identifier", .string(task.identifier)), Field("result", .string(result.rawValue)),
                Field("ran", .double(now - task.launchedAt)),
            ])
    }
}
