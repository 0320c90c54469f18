import Foundation

/// Seed 003's chat: the app talks to its chat server only in the foreground, disconnects when it
/// leaves, and learns of new messages from silent pushes.
///
/// Records `session` with `state` `connected` when the app becomes active and `disconnected` when
/// it enters the background. A silent push whose `userInfo[kindKey]` is ``Options/messageValue``
/// announces a message: in the foreground, with the session up, the message is recorded at once;
/// in the background the app begins a background task, fetches for ``Options/fetchTime`` seconds,
/// records `message` with `id` (the `userInfo[idKey]`, or the push's own id), ends the task and
/// completes the push within its 30 s (PUSH-6). Nothing else runs in the background.
///
/// Which pushes arrive decides everything: the `remote-notification` mode (PUSH-1), priority 5 and
/// from iOS 13 `apns-push-type: background` (PUSH-2, PUSH-3); up to about 6 per hour are delivered
/// (7–10 min late to a suspended app on a phone left idle for 30 min, PUSH-8) and
/// only the newest of the rest is held until the budget allows or the user opens the app (PUSH-4,
/// PUSH-5); none after a force-quit (PUSH-7, TERM-1) or in Low Power Mode (PUSH-9, CONF-11); iOS 6
/// has no silent push. A chat that sends more than 6 messages an hour, or to a phone nobody
/// touches, therefore answers some late.
/// Cost: one short wake per delivered push. App Review risk: low.
///
/// What it loses under When-In-Use or with Precise Location off: nothing of its own, as it uses
/// no location service (``Requirements/locationCapabilities`` is empty); the app's features may.
public struct ForegroundSession: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// The `userInfo` key that says what the push announces.
        public var kindKey: String
        /// The value that announces a message.
        public var messageValue: String
        /// The `userInfo` key of the message id; the push's id when absent.
        public var idKey: String
        /// Seconds a background fetch takes.
        public var fetchTime: TimeInterval

        /// Creates options.
        public init(
            kindKey: String = "kind", messageValue: String = "message", idKey: String = "messageId",
            fetchTime: TimeInterval = 2
        ) {
            self.kindKey = kindKey
            self.messageValue = messageValue
            self.idKey = idKey
            self.fetchTime = fetchTime
        }
    }

    /// The record kind of a fetched message.
    public static let messageRecord = "message"

    /// The configuration.
    public var options: Options
    /// Whether the chat session is up.
    public private(set) var connected = false
    private var task = BackgroundTaskSlot(owner: "ForegroundSession")
    /// Fetches under way: the push to complete and the message id.
    private var fetches: [(push: String, message: String)] = []
    private var fetchSerial = 0

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "ForegroundSession" }
    public var requirements: Requirements { Requirements(backgroundModes: [.remoteNotification]) }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didBecomeActive where !connected:
            connected = true
            return [Self.session("connected")]
        case .didEnterBackground where connected:
            connected = false
            return [Self.session("disconnected")]
        case .remoteNotification(let push):
            guard push.userInfo[options.kindKey]?.description == options.messageValue else {
                return [.completeRemoteNotification(id: push.id, result: .noData)]
            }
            let message = push.userInfo[options.idKey]?.description ?? push.id
            if !context.isInBackground && connected {
                return [Self.message(message, context), .completeRemoteNotification(id: push.id, result: .newData)]
            }
            fetchSerial += 1
            fetches.append((push.id, message))
            let timer = TimerID("ForegroundSession.fetch.\(fetchSerial)")
            return task.begin() + [.setTimer(TimerRequest(id: timer, interval: options.fetchTime))]
        case .timerFired(let timer) where timer.rawValue.hasPrefix("ForegroundSession.fetch."):
            guard !fetches.isEmpty else { return [] }
            let fetch = fetches.removeFirst()
            var commands: [Command] = [
                Self.message(fetch.message, context), .completeRemoteNotification(id: fetch.push, result: .newData),
            ]
            if fetches.isEmpty, let open = task.openTask { commands += task.end(open) }
            return commands
        case .backgroundTaskExpiring(let id):
            let failed = fetches.map { Command.completeRemoteNotification(id: $0.push, result: .failed) }
            fetches = []
            return failed + task.end(id)
        case .backgroundTaskDenied(let id):
            task.forget(id)
            return []
        default:
            return []
        }
    }

    private static func session(_ state: String) -> Command {
        .record(Record(kind: "session", fields: [Field("state", .string(state))]))
    }

    private static func message(_ id: String, _ context: Context) -> Command {
        .record(
            Record(
                kind: messageRecord,
                fields: [Field("id", .string(id)), Field("appState", .string(context.appState.rawValue))]))
    }
}

extension ForegroundSession.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        [
            OptionRange.nonNegative("fetchTime", fetchTime, unit: "seconds")
        ].compactMap { $0 }
    }
}
