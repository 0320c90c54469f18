import Foundation

/// Seed 004's "stay logged in": send a small request to the server every `interval` seconds so
/// that the server keeps the session, on any wake and on a timer while the app runs.
///
/// Each heartbeat is an ordinary request (``Command/sendRequest(_:)``) sent inside a background
/// task; the task is begun on entering the background and on every wake, and ended by its
/// expiration handler. The request moves only while the app executes (URLS-8), so what iOS
/// honours is what keeps the app running:
/// - on its own, the per-app task budget: about 600 s on iOS 6 (TASK-2), 180 s on 7–12 (TASK-3),
///   30 s from 13 (TASK-6), then nothing until something else wakes the app — each wake refreshes
///   the budget (TASK-9, TASK-10) and is used for a heartbeat;
/// - with the location keep-alive (``LowPowerLocationKeepAlive``, LOC-2) or Bluetooth wakes (BLE-1)
///   it keeps every beat.
///
/// Records `heartbeat` when the server answered (`late`: seconds past the due time) and
/// `heartbeatFailed` with the error; `sessionLost` when an answer comes more than
/// `sessionTimeout` seconds after the previous one (the server had dropped the session).
/// Cost: one radio burst per beat with its tail (ENERGY-2). No background mode of its own; App
/// Review risk is that of the keep-alive it rides on (REVIEW-3 for location).
///
/// What it loses under When-In-Use or with Precise Location off: nothing of its own, as it uses
/// no location service (``Requirements/locationCapabilities`` is empty); the app's features may.
public struct Heartbeat: Strategy {
    /// Configuration; the defaults are seed 004's.
    public struct Options: Sendable, Hashable, Codable {
        /// Seconds between heartbeats.
        public var interval: TimeInterval
        /// Bytes per heartbeat, request and answer together.
        public var bytes: Int
        /// Seconds without an answer after which the server drops the session.
        public var sessionTimeout: TimeInterval

        /// Creates options.
        public init(interval: TimeInterval = 60, bytes: Int = 200, sessionTimeout: TimeInterval = 300) {
            self.interval = interval
            self.bytes = bytes
            self.sessionTimeout = sessionTimeout
        }
    }

    /// The heartbeat timer.
    public static let timer: TimerID = "Heartbeat.timer"

    /// The configuration.
    public var options: Options
    private var task = BackgroundTaskSlot(owner: "Heartbeat")
    private var inFlight: String?
    private var serial = 0
    private var lastSent: TimeInterval?
    private var lastAnswered: TimeInterval?

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "Heartbeat" }
    public var requirements: Requirements { Requirements() }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        var commands: [Command] = []
        switch event {
        case .didFinishLaunching:
            commands.append(.setTimer(TimerRequest(id: Self.timer, interval: options.interval, repeats: true)))
            if context.isInBackground { commands += task.begin() }
        case .didEnterBackground:
            commands += task.begin()
        case .didBecomeActive:
            commands += task.endOpen()
        case .backgroundTaskExpiring(let id):
            // Never send or begin from the expiration handler: that is TaskChaining.
            return task.end(id)
        case .backgroundTaskDenied(let id):
            task.forget(id)
        case .requestCompleted(let id, let statusCode, let error) where id == inFlight:
            inFlight = nil
            if let statusCode, (200..<300).contains(statusCode) {
                if let last = lastAnswered, context.now - last > options.sessionTimeout {
                    commands.append(
                        .record(
                            Record(
                                kind: "sessionLost",
                                fields: [
                                    Field("lastHeartbeat", .double(last)),
                                    Field("silentFor", .double(context.now - last)),
                                ])))
                }
                lastAnswered = context.now
                commands.append(
                    .record(
                        Record(
                            kind: "heartbeat",
                            fields: [
                                Field("late", .double(max(0, context.now - (lastSent ?? context.now)))),
                                Field("appState", .string(context.appState.rawValue)),
                            ])))
            } else {
                commands.append(
                    .record(
                        Record(
                            kind: "heartbeatFailed",
                            fields: [Field("error", .string(error ?? "HTTP \(statusCode ?? 0)"))])))
            }
        default:
            // Any other event is a wake or a tick: use it (TASK-10 gives a wake a fresh budget).
            if context.isInBackground { commands += task.begin() }
        }
        return commands + sendIfDue(context)
    }

    private mutating func sendIfDue(_ context: Context) -> [Command] {
        guard inFlight == nil, lastSent.map({ context.now - $0 >= options.interval - 0.001 }) ?? true else { return [] }
        serial += 1
        let id = "heartbeat-\(serial)"
        inFlight = id
        lastSent = context.now
        return [.sendRequest(RequestDescription(id: id, bytes: options.bytes))]
    }
}

extension Heartbeat.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        [
            OptionRange.positive("bytes", Double(bytes), unit: "bytes"),
            OptionRange.positive("interval", interval, unit: "seconds"),
            OptionRange.positive("sessionTimeout", sessionTimeout, unit: "seconds"),
        ].compactMap { $0 }
    }
}
