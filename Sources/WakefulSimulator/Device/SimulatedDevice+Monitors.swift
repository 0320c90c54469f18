import Foundation
import Wakeful

extension SimulatedDevice {
    // MARK: CPU monitor (TERM-4)

    /// Whether the CPU monitor spares the app right now: during a `BGProcessingTask`, unless
    /// CONF-6 turns the monitor on for those too (BGT-5, BGT-6).
    var cpuMonitorExempt: Bool {
        !policy.scheduler.processingCPUMonitor && process.scheduledTasks.contains { $0.kind == .processing }
    }

    /// Records the effective load from now on and schedules a look at the window's end when the
    /// load is over the limit.
    mutating func cpuLoadChanged() {
        guard hasProcess, let limit = policy.termination.cpuLimit else { return }
        let load = state.isExecuting ? process.cpuLoad : 0
        if process.cpuHistory.last?.load != load { process.cpuHistory.append((now, load)) }
        process.cpuHistory.removeAll { $0.time < now - 2 * limit.window }
        if load > limit.fraction && state == .background {
            schedule(.cpuCheck(process: process.number), at: now + limit.window)
        }
    }

    /// Kills a background app whose CPU use over the last window averaged above the limit:
    /// `EXC_RESOURCE` / `CPU_FATAL` (TERM-4), on iOS 8 and later.
    mutating func checkCPU(process number: Int) {
        guard hasProcess, process.number == number, state == .background, !cpuMonitorExempt,
            let limit = policy.termination.cpuLimit
        else { return }
        let average = averageCPU(over: limit.window)
        guard average > limit.fraction else { return }
        decide(
            "cpuLimit", rules: ["TERM-4"], [Field("average", .double(average)), Field("window", .double(limit.window))])
        terminate(.cpuLimit, code: "EXC_RESOURCE CPU_FATAL", rules: ["TERM-4"])
    }

    /// The time-weighted average of the effective load over the last `window` seconds.
    func averageCPU(over window: TimeInterval) -> Double {
        let start = now - window
        var total = 0.0
        for (index, segment) in process.cpuHistory.enumerated() {
            let end = index + 1 < process.cpuHistory.count ? process.cpuHistory[index + 1].time : now
            let from = max(segment.time, start)
            if end > from { total += (end - from) * segment.load }
        }
        return total / window
    }

    // MARK: Launch watchdog (TERM-6, STATE-7)

    /// Schedules the watchdog's kill when the app's launch will outlast an allowance: the wall
    /// clock (any launch), or on 13+ the scene-create CPU time (a launch into the background).
    mutating func scheduleLaunchWatchdog(foreground: Bool) {
        guard let cost = scenario.app.launchCost else { return }
        let rules = policy.execution
        var limits = [rules.launchWatchdog]
        if !foreground, let cpu = rules.sceneCreateCPULimit, cost.cpuLoad > 0 { limits.append(cpu / cost.cpuLoad) }
        guard let limit = limits.min(), limit < cost.duration else { return }
        process.launchKill = (at: now + limit, byCPU: limit < rules.launchWatchdog)
        schedule(.launchWatchdog(process: process.number), at: now + limit)
    }

    /// Kills the launch that is still running when its allowance is used up: `0x8badf00d`.
    mutating func launchWatchdogDue(process number: Int) {
        guard hasProcess, process.number == number, let kill = process.launchKill else { return }
        let allowance = kill.byCPU ? policy.execution.sceneCreateCPULimit ?? 0 : policy.execution.launchWatchdog
        decide(
            "watchdog", rules: ["STATE-7", "TERM-6"],
            [
                Field("transgression", kill.byCPU ? "scene-create" : "process-launch"),
                Field("allowance", .double(allowance)), Field("clock", kill.byCPU ? "cpu" : "wall"),
            ])
        terminate(.launchWatchdog, code: "0x8badf00d", rules: ["STATE-7", "TERM-6"])
    }

    // MARK: Wake-up monitor (TERM-5)

    /// Counts one wake-up (a timer firing in the background) and kills the app past the limit in
    /// the monitor's window: `EXC_RESOURCE` WAKEUPS (TERM-5).
    mutating func countWakeup() {
        guard state == .background else { return }
        let window = Int(policy.termination.wakeupMonitorWindow)
        if process.wakeupBuckets.count != window { process.wakeupBuckets = Array(repeating: 0, count: window) }
        let second = Int(now.rounded(.down))
        // Seconds that left the window since the last wake-up are emptied, keeping a running total.
        var clear = max(process.wakeupSecond + 1, second - window + 1)
        while clear <= second {
            process.wakeupTotal -= process.wakeupBuckets[clear % window]
            process.wakeupBuckets[clear % window] = 0
            clear += 1
        }
        process.wakeupSecond = second
        process.wakeupBuckets[second % window] += 1
        process.wakeupTotal += 1
        let total = process.wakeupTotal
        guard total > policy.termination.wakeupLimit else { return }
        decide("wakeupLimit", rules: ["TERM-5"], [Field("wakeups", .int(total)), Field("window", .int(window))])
        terminate(.wakeupLimit, code: "EXC_RESOURCE WAKEUPS", rules: ["TERM-5"])
    }
}
