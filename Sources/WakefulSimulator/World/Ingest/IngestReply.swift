import Foundation
import Wakeful

/// What the simulated server does with one ingest request, and how long it takes.
public struct IngestReply: Sendable, Hashable {
    /// How the request ends.
    public enum Result: Sendable, Hashable {
        /// An HTTP answer: the status, a `Retry-After` in seconds, and the answer body of a 200.
        case answered(statusCode: Int, retryAfter: TimeInterval?, answer: IngestAnswer?)
        /// The server never answers (a ``ServerFault/Kind/timeout``); nothing was stored.
        case noAnswer
        /// The server stored the batch and the answer was lost (``ServerFault/Kind/lostResponse``).
        case lostAnswer
        /// The server refused the connection: a down period.
        case refused
        /// The server could not be reached although the phone has a network (``ServerFault/Kind/partition``).
        case unreachable
    }

    /// How the request ends.
    public var result: Result
    /// Seconds from the request's arrival to the answer (or to the refusal).
    public var latency: TimeInterval

    /// Creates a reply.
    public init(result: Result, latency: TimeInterval) {
        self.result = result
        self.latency = latency
    }

    /// What the client sees, and after how many seconds: an answer that takes longer than the
    /// client's timeout, no answer and an unreachable server end in `timedOut` at the timeout; a
    /// lost answer in `networkConnectionLost`; a refusal in `cannotConnectToHost`.
    ///
    /// ```swift
    /// let reply = endpoint.receive(batch, installID: install, at: now)
    /// let (delay, outcome) = reply.outcome(for: request, requestTimeout: 60)
    /// // deliver .uploadCompleted(outcome) at now + delay
    /// ```
    public func outcome(for request: UploadRequest, requestTimeout: TimeInterval) -> (
        after: TimeInterval, outcome: UploadOutcome
    ) {
        func failure(_ error: String, after delay: TimeInterval) -> (after: TimeInterval, outcome: UploadOutcome) {
            (delay, UploadOutcome(id: request.id, batch: request.batch, statusCode: nil, error: error))
        }
        switch result {
        case .noAnswer, .unreachable:
            return failure("timedOut", after: requestTimeout)
        case _ where latency > requestTimeout:
            return failure("timedOut", after: requestTimeout)
        case .answered(let statusCode, let retryAfter, let answer):
            return (
                latency,
                UploadOutcome(
                    id: request.id, batch: request.batch, statusCode: statusCode, retryAfter: retryAfter, answer: answer
                )
            )
        case .lostAnswer:
            return failure("networkConnectionLost", after: latency)
        case .refused:
            return failure("cannotConnectToHost", after: latency)
        }
    }
}
