import Foundation

/// Sends the outbox to the ingest endpoint, one batch at a time, and applies the server's answers:
/// a deterministic state machine that only decides. It never calls the outbox: its driver, the
/// ``Agent``, carries out the outbox calls it asks for and feeds each result back.
///
/// On each event ``handle(_:in:)`` returns an ``Action``. An outbox action (read the statistics,
/// claim, acknowledge, release) is answered with its result through ``read(_:)``,
/// ``claimed(_:installID:)``, ``acknowledged(_:)`` or ``released(_:)``, each of which returns the
/// next action, until ``Action/send(_:body:commands:)`` or ``Action/issue(_:)`` ends the event.
/// When nothing is in flight, no backoff is pending, the network may be reachable and the outbox
/// has pending records, it asks for a batch and sends it: ``Command/upload(_:)``, whose body it
/// encodes once and hands the driver with the action. The platform answers with
/// ``Event/uploadCompleted(_:)``; the uploader then settles the batch or decides when to retry,
/// following the contract (see the UploadContract article):
///
/// | answer | what it does |
/// |---|---|
/// | 200 with an answer that settles the batch | acknowledge per record; backoff reset; a backlog continues at once |
/// | 200 without a usable answer | back off, resend the same batch (same ID: the server deduplicates) |
/// | 400 | split: release the batch and halve the record limit; a batch of one record is quarantined locally |
/// | 401 | ``UploaderStatus/awaitingCredentials`` until ``credentialsRenewed()`` |
/// | credential unreadable (nothing sent) | ``UploaderStatus/awaitingUnlock`` until protected data is available again (DATA-5) |
/// | 409 | retry the same batch shortly (5 s, doubling while failures go on, or `Retry-After`) |
/// | 410 | ``UploaderStatus/revoked``: stop for good |
/// | 413 | release the batch, halve both limits; one record alone is quarantined locally |
/// | 422 | release the batch (a new batch ID next time) and back off |
/// | 429, 503 | back off at least `Retry-After` |
/// | other status, transport error | back off, keep the batch open |
///
/// An outbox call that fails counts as a failed attempt (a backoff), except where its result
/// changes nothing (a late answer's acknowledgement, a 422's release).
///
/// Backoff is "full jitter": a uniform delay between 0 and `min(backoffCap, backoffBase · 2ⁿ⁻¹)`
/// after the n-th consecutive failure, drawn from a SplitMix64 generator seeded at init, never
/// from the system. Limits lowered by a 413 or 400 double back after each settled batch.
///
/// A 401 and a 410 issue no command of their own (a record would only queue behind the uploads
/// that cannot go): the app's hook is ``status``, which the agent reports when it changes, and the
/// `uploadCompleted` event with the status is in the timeline. After a 401 the app renews its
/// credential and calls ``credentialsRenewed()``.
///
/// An in-process upload (``Configuration/background`` false, URLS-8) runs inside its own
/// background task, begun just before the upload and ended when its outcome arrives or its
/// expiration handler runs; in the background it starts only with at least
/// ``Configuration/minimumRemainingTime`` left (TASK-6). While the app runs with unlimited time
/// (foreground, or a location keep-alive), a pending retry sets the timer ``retryTimer``.
///
/// ```swift
/// var uploader = Uploader(configuration: .init(background: false), seed: 7)
/// var action = uploader.handle(.didBecomeActive, in: context)  // .readStatistics
/// action = uploader.read(Result { try outbox.statistics() })  // .claim(uploader.limits, now: 0)
/// action = uploader.claimed(Result { try outbox.claimBatch(limits: uploader.limits, now: 0) }, installID: outbox.installID)
/// // .send(UploadRequest(id: "Uploader#1@0", …), body: …,
/// //       commands: [.beginBackgroundTask(Uploader#1), .upload(UploadRequest(id: "Uploader#1@0", …))])
/// ```
public struct Uploader: Sendable {
    /// The owner of the uploader's background tasks (``BackgroundTaskSlot``).
    public static let owner = "Uploader"
    /// The timer that wakes a pending retry while the app runs with unlimited time.
    public static let retryTimer: TimerID = "Uploader.retry"
    /// The timer that stands for `urlSessionDidFinishEvents(forBackgroundURLSession:)`: when it
    /// fires, the outcomes of the relaunch are in and the session's completion handler is called.
    public static let finishEventsTimer: TimerID = "Uploader.finishEvents"
    /// How long a first 409 (the same batch still being processed) waits without `Retry-After`
    /// (assumption); each further consecutive failure doubles it, up to the backoff cap.
    public static let conflictRetryDelay: TimeInterval = 5

    /// The configuration.
    public let configuration: Configuration

    var phase: Phase = .idle
    var slot = BackgroundTaskSlot(owner: Uploader.owner)
    private var jitter: SplitMix64
    /// The batch limits in force: the configured ones, or less after a 413 or 400.
    public internal(set) var limits: BatchLimits
    /// Attempts started by this uploader, for unique attempt IDs.
    var attempts = 0
    /// Consecutive failed attempts: the backoff's exponent.
    var failures = 0
    /// When the last attempt started, for ``Configuration/minimumInterval``.
    var lastStart: TimeInterval?
    /// Whether the next attempt skips the minimum interval: a backlog, or a split batch.
    var continuesAtOnce = false
    /// When the retry timer is set to fire, to set it only when that changes.
    var timerDue: TimeInterval?
    /// Whether uploads go through the background session: as configured, until the system says it
    /// has none (``UploadOutcome/backgroundSessionUnavailable``, before iOS 7, URLS-1).
    var usesBackgroundSession: Bool
    /// The event being handled while an outbox action is out, and what its result is for.
    var waiting: (turn: Turn, awaiting: Awaiting)?

    /// What the uploader is doing.
    enum Phase: Sendable, Hashable {
        case idle
        case uploading(Attempt)
        case backingOff(until: TimeInterval)
        case awaitingCredentials
        case awaitingUnlock
        case revoked
    }

    /// The attempt in flight.
    struct Attempt: Sendable, Hashable {
        var request: UploadRequest
        /// The background task around an in-process upload.
        var task: BackgroundTaskID?
        /// The batch's ``OutboxBatch/byteCount``, to halve the byte limit after a 413.
        var batchBytes: Int
        /// The UUID of the batch's only record, to quarantine it when it alone is refused.
        var onlyRecord: UUID?
        /// Whether pending records were left out of the batch: a backlog to continue with at once.
        var leftBehind: Bool
    }

    /// Creates an idle uploader.
    ///
    /// - Parameters:
    ///   - configuration: Batching, pacing and retries.
    ///   - seed: Seeds the jitter; give each install its own (e.g. from its install ID) so that a
    ///     fleet does not retry in step.
    public init(configuration: Configuration = Configuration(), seed: UInt64) {
        self.configuration = configuration
        self.usesBackgroundSession = configuration.background
        self.limits = configuration.limits
        self.jitter = SplitMix64(seed: seed)
    }

    /// What the uploader is doing now.
    public var status: UploaderStatus {
        switch phase {
        case .idle: .idle
        case .uploading(let attempt): .uploading(batch: attempt.request.batch)
        case .backingOff(let until): .backingOff(until: until)
        case .awaitingCredentials: .awaitingCredentials
        case .awaitingUnlock: .awaitingUnlock
        case .revoked: .revoked
        }
    }

    /// The app renewed its credentials after a 401; uploading resumes on the next event.
    public mutating func credentialsRenewed() {
        guard phase == .awaitingCredentials else { return }
        phase = .idle
        failures = 0
    }

    /// Called by the agent on every event, after the records of that event were committed.
    ///
    /// - Parameters:
    ///   - event: What the system reported.
    ///   - context: The time and the system state.
    /// - Returns: The first action: an outbox call whose result the driver feeds back, or the
    ///   end of the event.
    public mutating func handle(_ event: Event, in context: Context) -> Action {
        // TASK-12: end the upload's own task when its expiration handler runs; the upload itself
        // then ends with the process's connections (URLS-8) and its outcome still arrives.
        if let answered = slot.answer(event) { return .issue(answered) }
        var turn = Turn(context: context)
        switch event {
        case .uploadCompleted(let outcome):
            if let action = complete(outcome, turn: &turn) { return action }
        case .timerFired(Self.retryTimer):
            timerDue = nil
        case .urlSessionEvents(UploadRequest.sessionIdentifier):
            // URLS-1: the outcomes follow this event; a moment later (standing for
            // `urlSessionDidFinishEvents`) the completion handler must be called, or the app is
            // killed when the handler's time runs out (URLS-7).
            turn.commands.append(.setTimer(TimerRequest(id: Self.finishEventsTimer, interval: 0.001)))
        case .timerFired(Self.finishEventsTimer):
            turn.commands.append(.completeBackgroundEvents(session: UploadRequest.sessionIdentifier))
        case .didEnterBackground:
            turn.flush = true
        case .protectedDataDidBecomeAvailable, .didBecomeActive:
            // DATA-4, DATA-5: unlocked, so the credential's Keychain item can be read again.
            if phase == .awaitingUnlock { phase = .idle }
        default:
            break
        }
        return start(turn)
    }

    // MARK: Backoff

    /// Counts a failure and waits a full-jitter delay, at least `atLeast` (a `Retry-After`).
    mutating func backOff(now: TimeInterval, atLeast minimum: TimeInterval = 0) {
        failures += 1
        let delay = jitter.nextDouble() * Self.backoffCeiling(afterFailures: failures, configuration: configuration)
        phase = .backingOff(until: now + max(delay, minimum))
    }

    /// The largest backoff after `failures` consecutive failures: `min(cap, base · 2ⁿ⁻¹)`.
    public static func backoffCeiling(afterFailures failures: Int, configuration: Configuration) -> TimeInterval {
        doubling(configuration.backoffBase, afterFailures: failures, cap: configuration.backoffCap)
    }

    /// `min(cap, base · 2ⁿ⁻¹)` after n consecutive failures; 0 before any.
    static func doubling(_ base: TimeInterval, afterFailures failures: Int, cap: TimeInterval) -> TimeInterval {
        guard failures > 0 else { return 0 }
        return min(cap, base * Double(UInt64(1) << UInt64(min(failures - 1, 62))))
    }
}
