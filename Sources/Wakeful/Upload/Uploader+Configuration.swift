import Foundation

extension Uploader {
    /// How the uploader batches, paces and retries.
    public struct Configuration: Sendable, Hashable, Codable {
        /// The largest batch to claim; a 413 or a 400 lowers it for a while (see ``Uploader``).
        public var limits: BatchLimits
        /// Whether uploads go through a background `URLSession` from a file, surviving suspension
        /// and termination (URLS-1); false sends an in-process data task under a background task (URLS-8).
        public var background: Bool
        /// The backoff after the first failure, in seconds; it doubles with each further failure.
        public var backoffBase: TimeInterval
        /// The longest backoff, in seconds.
        public var backoffCap: TimeInterval
        /// The request's timeout, in seconds (`timeoutIntervalForRequest`), for the platform.
        public var requestTimeout: TimeInterval
        /// An in-process upload does not start in the background with less time than this left (TASK-6).
        public var minimumRemainingTime: TimeInterval
        /// Seconds between uploads of batches that are not full while nothing urges one; a full
        /// batch, a backlog, a resend or entering the background does not wait.
        public var minimumInterval: TimeInterval
        /// Seconds since 1970 of the context's time 0, added to record times for `recorded_at`.
        public var clockOrigin: TimeInterval

        /// Creates a configuration (R: background session, 10 s backoff doubling to an hour,
        /// 60 s timeout, 5 s of remaining time, 30 s between small uploads).
        public init(
            limits: BatchLimits = BatchLimits(), background: Bool = true, backoffBase: TimeInterval = 10,
            backoffCap: TimeInterval = 3600, requestTimeout: TimeInterval = 60, minimumRemainingTime: TimeInterval = 5,
            minimumInterval: TimeInterval = 30, clockOrigin: TimeInterval = 0
        ) {
            self.limits = limits
            self.background = background
            self.backoffBase = backoffBase
            self.backoffCap = backoffCap
            self.requestTimeout = requestTimeout
            self.minimumRemainingTime = minimumRemainingTime
            self.minimumInterval = minimumInterval
            self.clockOrigin = clockOrigin
        }
    }
}
