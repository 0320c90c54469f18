import Foundation

/// The system completion handlers an app holds, each called exactly once: by the core's command,
/// or by the safety net before the system's limit.
///
/// iOS hands an app blocks it must call: a silent push's fetch completion ("you must call the block
/// … or your app will be terminated. Your app has up to 30 seconds"), a `BGTask`'s
/// `setTaskCompleted` ("Not calling setTaskCompletedWithSuccess: before the time for the task
/// expires may result in the system killing your app"), a background task's end. The core calls
/// them through commands when a strategy owns the wake; the ledger makes sure one is called even
/// when none does, and never twice. It only keeps the handlers and hands them back; the adapter
/// calls them.
///
/// ```swift
/// let due = ledger.receive("push-1", handler: completion, at: now, deadline: .remoteNotification)
/// // later, from the command or from a timer set for `due`:
/// ledger.complete("push-1")?(.newData)
/// for (_, handler) in ledger.due(at: now) { handler(.noData) }
/// ```
public struct CompletionLedger<Handler> {
    private var handlers: [String: Handler] = [:]
    private var safetyNets: [String: TimeInterval] = [:]
    private var order: [String] = []

    /// An empty ledger.
    public init() {}

    /// Keeps a handler until it is completed; returns when the safety net must call it (nil when
    /// the deadline has no limit).
    @discardableResult
    public mutating func receive(
        _ token: String, handler: Handler, at now: TimeInterval, deadline: CompletionDeadline = .none
    ) -> TimeInterval? {
        let safetyNet = deadline.safetyNet(from: now)
        if handlers[token] == nil { order.append(token) }
        handlers[token] = handler
        safetyNets[token] = safetyNet
        return safetyNet
    }

    /// The handler to call now, once: nil when it was completed already (a second call is a
    /// contract violation for every system completion) or never received.
    public mutating func complete(_ token: String) -> Handler? {
        guard let handler = handlers.removeValue(forKey: token) else { return nil }
        safetyNets[token] = nil
        order.removeAll { $0 == token }
        return handler
    }

    /// The system is ending the work (an expiration handler ran): the handler to call now with a
    /// failure, or nil when the core has completed it already.
    public mutating func expire(_ token: String) -> Handler? {
        complete(token)
    }

    /// Handlers whose safety net is due at `now`, in the order they were received; each is removed
    /// and must be called by the caller with the kind's fallback result.
    public mutating func due(at now: TimeInterval) -> [(token: String, handler: Handler)] {
        let tokens = order.filter { token in safetyNets[token].map { $0 <= now } ?? false }
        return tokens.compactMap { token in complete(token).map { (token, $0) } }
    }

    /// The handler held for a token, left in the ledger (to report progress on a running task).
    public func handler(for token: String) -> Handler? { handlers[token] }

    /// Whether a handler is still held.
    public func isPending(_ token: String) -> Bool { handlers[token] != nil }

    /// The held tokens, oldest first.
    public var tokens: [String] { order }
}

extension CompletionLedger: Sendable where Handler: Sendable {}

/// How long the system lets a completion wait, and how much earlier the safety net calls it.
public struct CompletionDeadline: Sendable, Hashable {
    /// The system's limit after receiving the handler; nil for none stated.
    public var limit: TimeInterval?
    /// How long before the limit the safety net calls the handler.
    public var margin: TimeInterval

    /// Creates a deadline.
    public init(limit: TimeInterval?, margin: TimeInterval) {
        self.limit = limit
        self.margin = margin
    }

    /// No limit: only the core's command or an expiration completes it.
    public static let none = CompletionDeadline(limit: nil, margin: 0)

    /// A silent push's fetch completion: "Your app has up to 30 seconds of wall-clock time"
    /// (PUSH-6); the safety net calls it with `noData` 5 s before.
    public static let remoteNotification = CompletionDeadline(limit: 30, margin: 5)

    /// When the safety net calls a handler received at `now`.
    public func safetyNet(from now: TimeInterval) -> TimeInterval? {
        limit.map { now + max(0, $0 - margin) }
    }
}
