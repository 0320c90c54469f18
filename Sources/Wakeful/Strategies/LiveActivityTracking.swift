import Foundation

/// Shows a trip or a delivery on the Lock Screen and in the Dynamic Island with a Live Activity,
/// updated by the server's pushes: what apps that track something reach for, and what users ask
/// about ("does the Live Activity keep tracking alive?" It does not).
///
/// At every launch it observes the activities of ``Options/attributesType`` and, with
/// ``Options/Start/push`` on iOS 17.2+, the push-to-start token
/// (``Command/observeLiveActivities(attributesType:pushToStart:)``). With
/// ``Options/Start/inApp`` it starts the activity ``Options/activity`` when the user has the app on
/// screen (``Command/requestLiveActivity(_:)``), since a Live Activity can only be started from the
/// foreground (LIVE-2); with ``Options/Start/push`` it leaves the start to the server's push-to-start
/// push (LIVE-4), which launches the app in the background for a few seconds to hand over the new
/// activity and its update token (LIVE-7). Each token is recorded as `liveActivityToken` (`type`
/// `update` or `pushToStart`, `activity`, `token`): the app sends it to its server, which needs the
/// update token to update or end the activity (LIVE-5). Starts, failures and state changes are
/// recorded as `liveActivity` with `phase` `started`, `failed`, `active`, `stale`, `ended` or
/// `dismissed`.
///
/// Its fate is the activity's: Live Activities exist from iOS 16.1 and need `NSSupportsLiveActivities`
/// (LIVE-1); the system ends one after 8 hours and keeps it on the Lock Screen at most 4 hours more
/// (LIVE-3); updates at priority 10 draw on a budget, priority 5 ones come when the phone's power
/// allows (LIVE-6, PUSH-8). Every update is drawn by the system: the app stays suspended, so a Live
/// Activity keeps nothing of the app running, neither location updates nor its timers (LIVE-8).
/// Cost: none of the app's own. App Review: low; no background mode.
public struct LiveActivityTracking: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// Who starts the activity.
        public enum Start: String, Sendable, Hashable, Codable {
            /// The app, when the user has it on screen (LIVE-2).
            case inApp
            /// The server, by a push-to-start push (iOS 17.2+, LIVE-4).
            case push
        }

        /// The name of the `ActivityAttributes` type.
        public var attributesType: String
        /// The activity's name: the server's pushes name it.
        public var activity: String
        /// Who starts the activity.
        public var start: Start
        /// The static attributes of an activity the app starts.
        public var attributes: [String: String]
        /// The first content of an activity the app starts.
        public var contentState: [String: String]
        /// Seconds after the start when the first content is stale (LIVE-10); 0 for never.
        public var staleAfter: TimeInterval

        /// Creates options.
        public init(
            attributesType: String = "DeliveryAttributes", activity: String = "order", start: Start = .inApp,
            attributes: [String: String] = [:], contentState: [String: String] = ["status": "placed"],
            staleAfter: TimeInterval = 0
        ) {
            self.attributesType = attributesType
            self.activity = activity
            self.start = start
            self.attributes = attributes
            self.contentState = contentState
            self.staleAfter = staleAfter
        }
    }

    /// The record of an activity's start, failure or state change.
    public static let activityRecord = "liveActivity"
    /// The record of a token the app would send to its server.
    public static let tokenRecord = "liveActivityToken"

    /// The configuration.
    public var options: Options
    /// Whether this process knows the activity exists (it started it, or ActivityKit reported it).
    public private(set) var activityKnown = false
    private var requested = false

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "LiveActivityTracking" }
    public var requirements: Requirements { Requirements() }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didFinishLaunching:
            return [.observeLiveActivities(attributesType: options.attributesType, pushToStart: options.start == .push)]
        case .didBecomeActive where options.start == .inApp && !activityKnown && !requested:
            requested = true
            let request = LiveActivityRequest(
                id: options.activity, attributesType: options.attributesType,
                attributes: Self.fields(options.attributes), contentState: Self.fields(options.contentState),
                staleDate: options.staleAfter > 0 ? context.now + options.staleAfter : nil)
            return [.requestLiveActivity(request)]
        case .liveActivityStarted(let start) where start.activity == options.activity:
            activityKnown = true
            return [
                Self.record(
                    options.activity, phase: "started", [Field("origin", .string(start.origin.rawValue))], context)
            ]
        case .liveActivityRequestFailed(let id, let error) where id == options.activity:
            return [Self.record(id, phase: "failed", [Field("error", .string(error.rawValue))], context)]
        case .liveActivityStateChanged(let activity, let state) where activity == options.activity:
            return [Self.record(activity, phase: state.rawValue, [], context)]
        case .liveActivityPushToken(let activity, let token) where activity == options.activity:
            return [Self.token("update", token, activity: activity, context)]
        case .liveActivityPushToStartToken(let token):
            return [Self.token("pushToStart", token, activity: nil, context)]
        default:
            return []
        }
    }

    private static func fields(_ values: [String: String]) -> [Field] {
        values.keys.sorted().map { Field($0, .string(values[$0]!)) }
    }

    private static func record(_ activity: String, phase: String, _ extra: [Field], _ context: Context) -> Command {
        .record(
            Record(
                kind: activityRecord,
                fields: [Field("activity", .string(activity)), Field("phase", .string(phase))] + extra + [
                    Field("appState", .string(context.appState.rawValue))
                ]))
    }

    private static func token(_ kind: String, _ token: String, activity: String?, _ context: Context) -> Command {
        .record(
            Record(
                kind: tokenRecord,
                fields: [Field("type", .string(kind))] + (activity.map { [Field("activity", .string($0))] } ?? []) + [
                    Field("token", .string(token)), Field("appState", .string(context.appState.rawValue)),
                ]))
    }
}

extension LiveActivityTracking.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        [
            OptionRange.nonNegative("staleAfter", staleAfter, unit: "seconds")
        ].compactMap { $0 }
    }
}
