import Foundation

/// A fault the scenario injects into the app's server during a time window, with a probability per request.
///
/// ```swift
/// // Half the requests in the first ten minutes get a 503 asking for two minutes' patience.
/// ServerFault(from: 0, to: 600, kind: .status(503, retryAfter: 120), probability: 0.5)
/// ```
public struct ServerFault: Sendable, Hashable {
    /// What goes wrong.
    public enum Kind: Sendable, Hashable {
        /// The server answers this status (400…599) without storing anything; `retryAfter` is the
        /// `Retry-After` header in seconds, if any.
        case status(Int, retryAfter: TimeInterval?)
        /// The server takes the request and never answers: the client times out; nothing is stored.
        case timeout
        /// The server stores the batch, and the answer is lost on the way back: the client sees
        /// `networkConnectionLost` and resends, and the server counts duplicates.
        case lostResponse
        /// The answer takes this many more seconds; beyond the client's timeout it is a timeout,
        /// though the batch was stored.
        case slow(TimeInterval)
        /// The server is unreachable although the phone has a network (a partition, a captive
        /// portal): the client times out; nothing is stored.
        case partition
    }

    /// The first second of the window.
    public var from: TimeInterval
    /// The end of the window (excluded); infinity for a fault that never ends.
    public var to: TimeInterval
    /// What goes wrong.
    public var kind: Kind
    /// The chance, 0 to 1, that a request in the window meets the fault.
    public var probability: Double

    /// Creates a fault (by default on every request, from the start, for ever).
    public init(from: TimeInterval = 0, to: TimeInterval = .infinity, kind: Kind, probability: Double = 1) {
        self.from = from
        self.to = to
        self.kind = kind
        self.probability = probability
    }

    /// Whether `time` falls in the window `[from, to)`.
    public func isActive(at time: TimeInterval) -> Bool { from <= time && time < to }
}
