import Foundation
import Wakeful

/// Live Activities as the system keeps them, outside the app's process: the activities on the Lock
/// Screen and in the Dynamic Island with their content, the update and push-to-start tokens, the
/// priority-10 and push-to-start budgets, and the timers of their lives (LIVE-1 to LIVE-10). Its
/// functions read the device through ``LiveActivityConditions`` and return ``DeviceEffect``s and
/// the events for the app; waking the app after a push-to-start (LIVE-7) is the device's.
///
/// Everything shown here is drawn by the system: no update wakes the app or keeps it running (LIVE-8).
struct LiveActivitySystem {
    /// Every activity started in the run, in start order; dismissed ones stay, marked so.
    var activities: [SimulatedLiveActivity] = []
    /// The push-to-start token, once issued (LIVE-4).
    var pushToStartToken: IssuedToken?
    /// Whether the push-to-start token's issue is on the agenda.
    var pushToStartTokenPending = false
    /// When push-to-start pushes started an activity, oldest first: the budget's window (LIVE-4).
    var pushStarts: [TimeInterval] = []
    /// The process that observes `Activity.activityUpdates` and the push-to-start token, and the
    /// attributes type it observes (0 and "" before any does).
    var observer = 0
    var observedType = ""
    /// Whether that process loops over `pushToStartTokenUpdates`.
    var observesPushToStart = false
    /// Timers on the agenda, by serial: a token's issue, a stale date, the 8-hour limit, the removal.
    var timers: [Int: LiveActivityTimer] = [:]
    var timerSerial = 0
    /// Stream 74: the tokens' bytes.
    var tokenRandom: SeededGenerator
    /// What the user saw and why not more, for the run's metrics.
    var summary = LiveActivitySummary()

    /// A system with no activity yet, drawing tokens from `tokenRandom`.
    init(tokenRandom: SeededGenerator) {
        self.tokenRandom = tokenRandom
    }

    /// The newest activity of this name still on screen.
    func index(of name: String) -> Int? {
        activities.lastIndex { $0.name == name && $0.state != .dismissed }
    }

    /// Puts a timer on the agenda.
    mutating func schedule(
        _ kind: LiveActivityTimer.Kind, activity: Int, at time: TimeInterval, into effects: inout [DeviceEffect]
    ) {
        timerSerial += 1
        timers[timerSerial] = LiveActivityTimer(kind: kind, activity: activity, at: time)
        effects.append(.schedule(.liveActivityDue(serial: timerSerial), at: time))
    }

    /// A new token: 32 bytes in hex, as ActivityKit's tokens are sent to a server.
    mutating func newToken() -> String {
        (0..<4).map { _ in
            let hex = String(tokenRandom.next(), radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// The events the process in `conditions` has not had yet: the push-to-start token, the
    /// activities it may see (`Activity.activities`, `activityUpdates`) and their update tokens.
    /// Handing one over means the app has it: a token handed over is one the app's server has.
    mutating func pendingEvents(_ conditions: LiveActivityConditions) -> [Event] {
        guard conditions.executing else { return [] }
        let process = conditions.process
        var events: [Event] = []
        if observer == process, observesPushToStart, var token = pushToStartToken, token.reportedTo != process {
            token.reportedTo = process
            pushToStartToken = token
            events.append(.liveActivityPushToStartToken(token.value))
        }
        for index in activities.indices where activities[index].state != .dismissed && sees(index, process) {
            if activities[index].startReportedTo != process {
                activities[index].startReportedTo = process
                let activity = activities[index]
                events.append(
                    .liveActivityStarted(
                        LiveActivityStart(
                            activity: activity.name, attributesType: activity.attributesType, origin: activity.origin)))
            }
            if var token = activities[index].token, token.reportedTo != process {
                token.reportedTo = process
                activities[index].token = token
                events.append(.liveActivityPushToken(activity: activities[index].name, token: token.value))
            }
        }
        return events
    }

    /// Whether `process` hears of the activity at `index`: it started it, or it observes its type.
    func sees(_ index: Int, _ process: Int) -> Bool {
        activities[index].process == process
            || (observer == process && activities[index].attributesType == observedType)
    }

    /// `activityStateUpdates` for the activity at `index`, when the app executes and hears of it.
    func stateEvent(_ index: Int, _ conditions: LiveActivityConditions) -> [Event] {
        guard conditions.executing, sees(index, conditions.process) else { return [] }
        return [.liveActivityStateChanged(activity: activities[index].name, state: activities[index].state)]
    }

    /// The content as one timeline field: `eta=12 min, status=on the way`.
    static func describe(_ content: [Field]) -> String {
        content.map { "\($0.key)=\($0.value.description)" }.joined(separator: ", ")
    }
}

/// One Live Activity as the system keeps it.
struct SimulatedLiveActivity {
    /// The name events and pushes give it.
    var name: String
    var attributesType: String
    var origin: LiveActivityStart.Origin
    /// The process that started it; 0 for a push-to-start.
    var process: Int
    var startedAt: TimeInterval
    var state = LiveActivityState.active
    /// What the Lock Screen shows.
    var content: [Field]
    var staleDate: TimeInterval?
    /// Whether it has an update token at all (`pushType: .token`, or a push-to-start).
    var receivesPushUpdates: Bool
    /// The update token, once issued (LIVE-5).
    var token: IssuedToken?
    /// The process that last heard of it (`liveActivityStarted`).
    var startReportedTo = 0
    /// The newest content's timestamp: older updates are ignored (LIVE-9).
    var timestamp: TimeInterval
    /// When it leaves the Lock Screen, once it has ended (LIVE-3).
    var removalAt: TimeInterval?
    /// When priority-10 pushes were shown, oldest first: the budget's window (LIVE-6).
    var priority10Shown: [TimeInterval] = []

    /// Whether the app's server has its update token: the app received it (LIVE-5).
    var tokenCaptured: Bool { token.map { $0.reportedTo != 0 } ?? false }
}

/// A token the system issued, and the last process it was handed to (0 for none yet).
struct IssuedToken {
    var value: String
    var reportedTo = 0
}

/// A Live Activity timer on the agenda.
struct LiveActivityTimer {
    enum Kind {
        /// The activity's update token arrives (LIVE-5).
        case token
        /// The push-to-start token arrives (LIVE-4).
        case pushToStartToken
        /// The stale date passes (LIVE-10).
        case stale
        /// The 8 hours are up (LIVE-3).
        case activeLimit
        /// The ended activity leaves the Lock Screen (LIVE-3).
        case removal
    }

    var kind: Kind
    /// The activity's index; -1 for the push-to-start token.
    var activity: Int
    /// When it was due: a stale date or a removal moved since makes it stale.
    var at: TimeInterval
}
