import Foundation
import Wakeful

/// Running a device a piece at a time: start it, run it up to a time, act on it, run on.
///
/// ``SimulatedDevice/run()`` is `start()`, then `run(until: .infinity)`, then the end-of-run
/// accounting, so a run stepped to the scenario's end in any number of pieces, with nothing
/// injected, is the same run: the same agenda in the same order, the same timeline.
///
/// ```swift
/// var device = SimulatedDevice(scenario: scenario, policy: policy, setup: setup, seed: 1, timeline: InMemoryTimeline())
/// device.start()
/// device.run(until: 600)
/// device.inject(.home)
/// device.run(until: 3_600)
/// let metrics = device.metricsSoFar()
/// ```
extension SimulatedDevice {
    /// Writes the run header and puts the scenario's scripted entries on the agenda.
    ///
    /// Call it once, before the first ``run(until:)``; ``run()`` calls it itself.
    public mutating func start() {
        precondition(!hasStarted, "start() called twice")
        // The header and the world's facts are built only for a timeline that keeps them: a
        // many-seed sweep starts a hundred thousand runs without one.
        if timeline.isRecording {
            record(.run(runHeader))
            world.plan(WorldFacts.entries(of: scenario))
            recordWorldFacts(upTo: 0)
        }
        for index in scenario.actions.indices {
            schedule(.userAction(index), at: scenario.actions[index].at)
        }
        scheduleWorldTick(at: 0)
        schedulePowerChanges()
        startAccessories()
        schedule(.end, at: scenario.duration)
        schedulePushes()
        scheduleChaosKill()
    }

    /// Writes the world's facts due by `time` (``WorldFacts``), before anything else of that moment.
    mutating func recordWorldFacts(upTo time: TimeInterval) {
        while let fact = world.takeFact(upTo: time) { timeline.append(fact) }
    }

    /// After the world changed from outside the scenario (``move(along:)``, ``setCharging(_:)``,
    /// ``setNetwork(_:bandwidth:)``): the `fact` entries still to come follow the changed world, and
    /// those of this instant are written at once, so the timeline tells the world as it went.
    mutating func restateWorldFacts(_ fact: String) {
        guard timeline.isRecording else { return }
        world.restate(fact, from: WorldFacts.entries(of: scenario), at: now)
        recordWorldFacts(upTo: now)
    }

    /// Whether ``start()`` has run: it always schedules the end of the scenario, so the agenda has
    /// handed out at least one sequence number.
    public var hasStarted: Bool { queue.nextSequence > 0 }

    /// Whether the scenario's end has been reached; nothing more happens after it.
    public var isFinished: Bool { finished }

    /// Runs every agenda entry due at or before `time`, then moves the clock to `time` (or to the
    /// scenario's end, if that comes first).
    ///
    /// - Parameter time: Simulated seconds; `.infinity` runs to the end of the scenario.
    public mutating func run(until time: TimeInterval) {
        precondition(hasStarted, "call start() before run(until:)")
        while !finished, let next = queue.nextTime, next <= time, let (at, item) = queue.pop() {
            advance(to: at)
            if world.factsPending { recordWorldFacts(upTo: at) }
            tally.steps += 1
            handle(item)
            reevaluate()
            #if DEBUG
                checkInvariants()
            #endif
        }
        if !finished, time.isFinite, time > now { advance(to: time) }
    }

    /// The metrics of the run as if it ended now; the run itself goes on unchanged.
    public func metricsSoFar() -> RunMetrics {
        var copy = self
        return copy.finish()
    }

    /// Carries out one user action now, as a step of its own: after everything due at this
    /// instant, as if it had been scripted here and scheduled last.
    public mutating func inject(_ action: UserAction.Kind) {
        afterInjection { $0.perform(action) }
    }

    /// Runs a change made from outside the agenda as one step: counted, re-evaluated and checked
    /// like every other.
    mutating func afterInjection(_ change: (inout Self) -> Void) {
        precondition(hasStarted && !finished, "the run has not started or has already ended")
        tally.steps += 1
        change(&self)
        reevaluate()
        #if DEBUG
            checkInvariants()
        #endif
    }
}

extension EventQueue {
    /// The time of the earliest entry, without removing it.
    var nextTime: TimeInterval? { heap.first?.time }
}
