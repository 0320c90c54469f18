import Foundation
import Wakeful

/// The world as the device moves through it: the path the user follows and where they are at the
/// current step, since when they have stood still, the stamp of the pending world tick, and the
/// world's facts still to be written to the timeline (``WorldFacts``).
///
/// It reads only the times it is given and returns plain values: the next moment movement needs a
/// look, a fact due. The world tick that samples it (`SimulatedDevice+World.swift`) asks the other
/// subsystems what falls due and schedules the next tick.
struct WorldState {
    /// Follows the path: the scenario's, as a stepped run's moves changed it.
    private var cursor: TrajectoryCursor
    /// Where the user is at the current step, in local metres.
    private(set) var position: LocalPoint
    /// Since when the user has stood still; nil while they move. The run starts still, at 0.
    private(set) var stationarySince: TimeInterval? = 0
    /// Stamps world ticks: a newer one makes the pending agenda entry stale.
    private var tickGeneration = 0
    /// The facts for the timeline, empty when nothing records, and the next one to write.
    private var facts: [TimelineEntry] = []
    private var nextFact = 0

    /// The user at the start of `trajectory`.
    init(trajectory: Trajectory) {
        cursor = TrajectoryCursor(trajectory)
        position = trajectory.position(at: 0)
    }

    /// The path the user follows.
    var trajectory: Trajectory { cursor.trajectory }

    /// Moves the user to where the path has them at `time`; every step does.
    @inline(__always)
    mutating func advance(to time: TimeInterval) {
        position = cursor.position(at: time)
    }

    /// The user's speed at `time`, in metres per second.
    mutating func speed(at time: TimeInterval) -> Double {
        cursor.speed(at: time)
    }

    /// From `now` on the user follows `path`, which keeps the past as it was.
    mutating func follow(_ path: Trajectory, at now: TimeInterval) {
        cursor = TrajectoryCursor(path)
        position = cursor.position(at: now)
    }

    /// Notes whether the user moves at `now`; returns when movement next needs a look: in a second
    /// while moving, else at the path's next knot.
    mutating func sample(at now: TimeInterval) -> TimeInterval? {
        let moving = cursor.speed(at: now) > 0
        if moving {
            stationarySince = nil
        } else if stationarySince == nil {
            stationarySince = now
        }
        return moving ? now + 1 : cursor.trajectory.nextKnotTime(after: now)
    }

    /// Stamps a new world tick, which makes any pending one stale.
    mutating func nextTick() -> Int {
        tickGeneration += 1
        return tickGeneration
    }

    /// Whether a world tick of `generation` is the pending one.
    func isPendingTick(_ generation: Int) -> Bool { generation == tickGeneration }

    // MARK: Facts

    /// Whether facts remain to be written: the step loop asks before every step.
    var factsPending: Bool {
        @inline(__always) get { nextFact < facts.count }
    }

    /// The run's facts, in time order, to be written as their times come.
    mutating func plan(_ entries: [TimelineEntry]) {
        facts = entries
        nextFact = 0
    }

    /// The next fact due at or before `time`, taken off the list; nil when none is.
    mutating func takeFact(upTo time: TimeInterval) -> TimelineEntry? {
        guard nextFact < facts.count, facts[nextFact].time <= time else { return nil }
        nextFact += 1
        return facts[nextFact - 1]
    }

    /// After the world changed from outside the scenario: the `fact` entries still to come are
    /// those of `entries`, the changed world's, from `now` on; the other facts stay as they were.
    mutating func restate(_ fact: String, from entries: [TimelineEntry], at now: TimeInterval) {
        func isFact(_ entry: TimelineEntry) -> Bool {
            if case .world(let name, _) = entry.body { name == fact } else { false }
        }
        let kept = facts[nextFact...].filter { !isFact($0) }
        let changed = entries.filter { isFact($0) && $0.time >= now }
        let pending = (kept + changed).enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }.map(\.element)
        facts = Array(facts[..<nextFact]) + pending
    }
}
