import Foundation
import Wakeful

/// The `apns-push-type` header of a push (PUSH-2).
public enum PushType: String, Sendable, Hashable, CaseIterable {
    /// `background`: a silent push with `content-available: 1` (PUSH-1, PUSH-2).
    case background
    /// `alert`: a visible notification; it does not run the app's code in the background.
    case alert
    /// `voip`: a PushKit VoIP push (VOIP-2).
    case voip
    /// `liveactivity`: an ActivityKit push that starts, updates or ends a Live Activity (LIVE-4 to LIVE-9).
    case liveactivity
}

/// A push the scenario's server sends: once at ``at``, or repeatedly.
///
/// In a scenario file, an entry of `world.pushes`:
/// `{"at": 600, "type": "background", "priority": 5, "id": "m", "userInfo": {"kind": "message"},
/// "repeat": {"every": 600, "until": 11400}}`.
public struct ScheduledPush: Sendable, Hashable {
    /// When the server sends it (the first time, when it repeats).
    public var at: TimeInterval
    /// The `apns-push-type` header; nil when the server leaves it out (PUSH-2).
    public var type: PushType?
    /// The `apns-priority` header (PUSH-3).
    public var priority: Int
    /// The push's id, which the app's answer carries (the latency measure); a repeated push's
    /// occurrences are `id-1`, `id-2`, … Pushes without an id are sent but not measured.
    public var id: String?
    /// Application keys outside `aps`.
    public var userInfo: [Field]
    /// Send it again every this many seconds…
    public var repeatEvery: TimeInterval?
    /// …until this time (inclusive; the end of the scenario when nil).
    public var repeatUntil: TimeInterval?
    /// The ActivityKit payload of a `liveactivity` push.
    public var liveActivity: LiveActivityPayload?

    /// Creates a push; the priority defaults to 10 for VoIP and Live Activity pushes and 5 otherwise.
    public init(
        at: TimeInterval, type: PushType? = .background, priority: Int? = nil, id: String? = nil,
        userInfo: [Field] = [],
        repeatEvery: TimeInterval? = nil, repeatUntil: TimeInterval? = nil, liveActivity: LiveActivityPayload? = nil
    ) {
        self.at = at
        self.type = type
        self.priority = priority ?? (type == .voip || type == .liveactivity ? 10 : 5)
        self.id = id
        self.userInfo = userInfo
        self.repeatEvery = repeatEvery
        self.repeatUntil = repeatUntil
        self.liveActivity = liveActivity
    }

    /// Every send up to `duration`, in time order, numbered from `firstNumber` for pushes without an id.
    func sends(until duration: TimeInterval) -> [PushSend] {
        guard let every = repeatEvery, every > 0 else {
            return at <= duration ? [PushSend(time: at, id: id ?? "", measured: id != nil, push: self)] : []
        }
        let last = min(repeatUntil ?? duration, duration)
        var sends: [PushSend] = []
        var occurrence = 0
        var time = at
        while time <= last + 1e-9 {
            occurrence += 1
            sends.append(
                PushSend(time: time, id: id.map { "\($0)-\(occurrence)" } ?? "", measured: id != nil, push: self))
            time = at + Double(occurrence) * every
        }
        return sends
    }
}

/// One push the server sends, as the device receives it.
struct PushSend {
    /// When it is sent.
    var time: TimeInterval
    /// The id the app sees; filled in for pushes without one.
    var id: String
    /// Whether the scenario gave it an id, so that the latency measure counts it.
    var measured: Bool
    /// What was scheduled.
    var push: ScheduledPush
}
