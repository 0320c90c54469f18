import Foundation
import Wakeful

/// The push system, which belongs to the system and outlives the app's process: the pushes the
/// server sends and what became of each, the silent-push throttle and the held push (PUSH-4,
/// PUSH-5), VoIP's failure count and launch block (VOIP-2) and the keep-alive (VOIP-1), with the
/// rules that change them. Its functions read the device through ``PushConditions`` and return
/// ``DeviceEffect``s; waking the app and delivering to it are the device's.
struct PushSystem {
    /// Every push the server sends, expanded from `world.pushes` and ordered by time.
    var sends: [PushSend] = []
    /// What became of each send, by the same index; the run's latency measure reads them.
    var outcomes: [PushOutcome] = []
    /// When silent pushes were delivered to the app outside the foreground, oldest first: the
    /// rolling hour of the throttle (PUSH-4).
    var recentDeliveries: [TimeInterval] = []
    /// The push the system holds back, by index into ``sends`` (PUSH-5).
    var held: Int?
    /// Stamps release entries on the agenda; a newer hold or a release makes older ones stale.
    var heldGeneration = 0
    /// Stamps push-handler deadlines.
    var handlerGeneration = 0
    /// VoIP pushes in a row that reported no call (VOIP-2).
    var voipFailures = 0
    /// Whether VoIP pushes no longer launch the app (VOIP-2).
    var voipBlocked = false
    /// Stamps keep-alive entries (VOIP-1).
    var keepAliveGeneration = 0
    /// The push APNs stores for each topic while the device is offline, by index into ``sends``:
    /// one per topic, the newest (APNs documentation; `PushSystem+Offline.swift`).
    var storedByAPNs: [String: Int] = [:]
    /// When the user last did something on the device: how long it has been idle (PUSH-8).
    var lastUserAction: TimeInterval = 0
    /// Stream 72: how late each grouped priority-5 push comes (PUSH-8).
    var groupingRandom: SeededGenerator
    /// The Live Activities on the Lock Screen, their tokens and budgets (LIVE). Held here, not by
    /// the device, because ActivityKit pushes are their channel and the device's stored
    /// properties are capped; the device calls it as `pushes.liveActivities`.
    var liveActivities: LiveActivitySystem

    /// A push system with nothing sent yet, drawing grouping delays from `groupingRandom`.
    init(groupingRandom: SeededGenerator, liveActivities: LiveActivitySystem) {
        self.groupingRandom = groupingRandom
        self.liveActivities = liveActivities
    }

    /// Expands the scenario's pushes into the send schedule and puts every send on the agenda.
    mutating func plan(_ pushes: [ScheduledPush], until duration: TimeInterval, into effects: inout [DeviceEffect]) {
        var planned = pushes.flatMap { $0.sends(until: duration) }
        // Stable by time, so pushes sent at the same moment keep the scenario's order.
        planned = planned.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(
            \.element)
        for index in planned.indices where planned[index].id.isEmpty {
            planned[index].id = "push-\(index + 1)"
        }
        sends = planned
        outcomes = planned.map { PushOutcome(sentAt: $0.time, id: $0.id, measured: $0.measured) }
        for index in planned.indices { effects.append(.schedule(.pushArrival(index: index), at: planned[index].time)) }
    }

    /// Adds a push sent from outside the scenario (a stepped run) and its repeats to the schedule.
    mutating func send(_ push: ScheduledPush, until duration: TimeInterval, into effects: inout [DeviceEffect]) {
        for var send in push.sends(until: duration) {
            let index = sends.count
            if send.id.isEmpty { send.id = "push-\(index + 1)" }
            sends.append(send)
            outcomes.append(PushOutcome(sentAt: send.time, id: send.id, measured: send.measured))
            effects.append(.schedule(.pushArrival(index: index), at: send.time))
        }
    }
}

/// What became of one push the server sent, for the latency measure.
struct PushOutcome {
    var sentAt: TimeInterval
    var id: String
    var measured: Bool
    var deliveredAt: TimeInterval?
    /// Why it was late or never arrived: the last rule that held it back or dropped it.
    var cause: String?
    var rules: [String] = []
}
