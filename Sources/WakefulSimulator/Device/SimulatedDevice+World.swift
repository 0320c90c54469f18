import Foundation
import Wakeful

extension SimulatedDevice {
    /// Samples the world: updates stillness, region crossings, significant changes and standard
    /// location updates, then decides when to look again.
    ///
    /// While the user moves the world is sampled every second; while nothing moves it sleeps until
    /// the next movement or the next time-based rule (a crossing's 20 s, a pause's 10 min) is due.
    mutating func worldTick() {
        var next = world.sample(at: now)
        next = earliest(next, checkRegions())
        next = earliest(next, checkMonitorConditions())
        next = earliest(next, checkSignificantChange())
        next = earliest(next, checkVisits())
        next = earliest(next, checkStandardLocation())
        next = earliest(next, checkLiveUpdates())
        if !scenario.world.accessories.isEmpty { bluetoothCheck() }  // in or out of range
        if let next, next < scenario.duration { scheduleWorldTick(at: max(next, now + 0.001)) }
    }

    func earliest(_ first: TimeInterval?, _ second: TimeInterval?) -> TimeInterval? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
    }

    /// Replaces any pending world tick with one at `time`.
    mutating func scheduleWorldTick(at time: TimeInterval) {
        let generation = world.nextTick()
        schedule(.worldTick(generation: generation), at: time)
    }
}
