import Foundation
import Wakeful

extension SimulatedDevice {
    // MARK: CPU monitor (TERM-4)

    /// Whether the CPU monitor spares the app right now: during a `BGProcessingTask`, unless
    /// CONF-6 turns the monitor on for those too (BGT-5, BGT-6).
    var cpuMonitorExempt: Bool {
        !policy.scheduler.processingCPUMonitor && process.scheduledTasks.contains { $0.kind == .processing }
    }

    /// The limit the CPU monitor holds the app to now: the call limit while a VoIP app is in a
    /// call, which is what its audio keeping it running means (VOIP-2, AUDIO-1), else TERM-4's.
    var cpuLimitNow: CPULimit? {
        mutating get {
            let rules = policy.termination
            guard let call = rules.callCPULimit, backgroundModes.contains(.voip) else { return rules.cpuLimit }
            return runReasons.isDisjoint(with: [.voipCall, .audio]) ? rules.cpuLimit : call
        }
    }

    /// Records the effective load from now on and, when the load is over the limit, schedules a
    /// look at the moment the window's CPU budget would be spent at this load.
    mutating func cpuLoadChanged() {
        guard hasProcess, let limit = cpuLimitNow else { return }
        // The monitor watches background execution: CPU used on screen does not count (TERM-4).
        let load = state == .background ? process.cpuLoad : 0
        if process.cpuHistory.last?.load != load { process.cpuHistory.append((now, load)) }
        // Segments that ended before the last two windows of the longest limit no longer count;
        // the one still running does.
        let kept = 2 * max(limit.window, policy.termination.cpuLimit?.window ?? 0)
        while process.cpuHistory.count > 1, process.cpuHistory[1].time <= now - kept {
            process.cpuHistory.removeFirst()
        }
        if load > limit.fraction && state == .background { scheduleCPUCheck(limit, load: load) }
    }

    /// The CPU monitor's look when the budget would run out: the budget still left in the window
    /// spent at `load`. Usage leaving the window meanwhile only makes that moment later, and the
    /// look then schedules the next.
    private mutating func scheduleCPUCheck(_ limit: CPULimit, load: Double) {
        let left = max(limit.fraction * limit.window - averageCPU(over: limit.window) * limit.window, 0)
        // At least a millisecond on: agenda times are whole milliseconds, and a look due in less
        // would come back at the same moment for ever.
        schedule(.cpuCheck(process: process.number), at: now + max(left / load, 0.001))
    }

    /// Kills a background app once its CPU time in the last window reaches the limit's share of
    /// it: `EXC_RESOURCE` / `CPU_FATAL` (TERM-4), on iOS 8 and later. The reports read "48 seconds
    /// cpu time over 50 seconds (97% cpu average), exceeding limit of 80% cpu over 60 seconds" and
    /// "48 seconds cpu time over 52 seconds (93%)": the kill comes when 80 % × 60 s of CPU is
    /// used, before the window has passed (corpus: term-ios14-processing-cpu-kill-50s,
    /// term-ios26-processing-cpu-kill-52s).
    mutating func checkCPU(process number: Int) {
        guard hasProcess, process.number == number, state == .background, !cpuMonitorExempt,
            let limit = cpuLimitNow
        else { return }
        let average = averageCPU(over: limit.window)
        guard average >= limit.fraction - 1e-9 else {
            if process.cpuLoad > limit.fraction { scheduleCPUCheck(limit, load: process.cpuLoad) }
            return
        }
        decide(
            "cpuLimit", rules: ["TERM-4"],
            [
                Field("average", .double(average)), Field("window", .double(limit.window)),
                Field("limit", .double(limit.fraction)),
            ])
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
