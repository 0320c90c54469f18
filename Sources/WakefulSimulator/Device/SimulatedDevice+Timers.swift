import Foundation
import Wakeful

/// The app's main-run-loop timers, which fire only while it executes.
extension SimulatedDevice {
    /// Schedules (or replaces) a main-run-loop timer.
    mutating func setTimer(_ request: TimerRequest) {
        guard hasProcess else { return }
        let generation = lifecycle.nextTimerGeneration()
        process.timers.removeAll { $0.request.id == request.id }
        let fireAt = now + request.effectiveInterval
        process.timers.append(TimerState(request: request, fireAt: fireAt, generation: generation))
        schedule(.timer(generation: generation), at: fireAt)
    }

    /// A timer fell due: it fires if the app executes; otherwise it waits, overdue, for the app to
    /// run again, as a run-loop timer does in a suspended process.
    mutating func timerFired(generation: Int) {
        guard let index = process.timers.firstIndex(where: { $0.generation == generation }) else { return }
        guard state.isExecuting else {
            process.timers[index].overdue = true
            return
        }
        var timer = process.timers[index]
        if timer.request.repeats {
            let interval = timer.request.effectiveInterval
            // Keep the phase; skip the firings the app slept through.
            timer.fireAt += interval * max(1, ((now - timer.fireAt) / interval).rounded(.down) + 1)
            timer.overdue = false
            process.timers[index] = timer
            schedule(.timer(generation: generation), at: timer.fireAt)
        } else {
            process.timers.remove(at: index)
        }
        countWakeup()
        guard hasProcess else { return }
        deliver(.timerFired(timer.request.id))
    }

    /// Overdue timers fire right after the app starts executing again.
    mutating func fireOverdueTimers() {
        let timers = process.timers
        for timer in timers where timer.overdue {
            schedule(.timer(generation: timer.generation), at: now)
        }
    }
}
