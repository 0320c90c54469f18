import Foundation

/// Everything of Wakeful that lives in the app's process: the strategies, the job scheduler, the
/// outbox and the uploader, fed by one call per system event.
///
/// For each event the agent asks the strategies and the ``JobScheduler`` for their commands, then
/// commits, in one outbox transaction, every record they produced, the jobs' and strategies' new
/// states and the timeline entries the configuration selects; only then does it hand the event to the
/// ``Uploader``, carry out the outbox calls the uploader asks for (claim, acknowledge, release:
/// one short transaction each), feed each result back, and return the commands for the platform
/// to carry out. So a record exists in the outbox before any command of the same event can end a
/// background task: the app never holds the database while iOS suspends it (TERM-6,
/// `0xdead10cc`), and a job's records and its checkpoint are saved together or not at all.
///
/// A terminated app loses its agent; the outbox, on disk, survives, and the next process's agent
/// restores the jobs' states and the strategies' saved states (``Strategy/takeChangedState()``)
/// from it. Those are written in the transaction of the records they describe, so a process killed
/// right after a commit leaves a successor that neither loses nor repeats a record.
///
/// ```swift
/// var agent = try Agent(strategies: [TaskExtension()], configuration: configuration, outbox: outbox, seed: 7)
/// let commands = agent.handle(.didEnterBackground, in: context, timeline: &timeline)
/// ```
public struct Agent {
    /// The app's strategies.
    public internal(set) var runtime: Runtime
    /// The job scheduler, when jobs are configured.
    public internal(set) var scheduler: JobScheduler?
    /// The uploader, when uploads are configured.
    public private(set) var uploader: Uploader?
    /// The outbox.
    public let outbox: any Outbox
    /// The upload in flight and its body, until the attempt ends.
    private var sent: (request: UploadRequest, body: Data)?
    /// The configuration.
    public let configuration: AgentConfiguration

    /// Writes not yet committed: an event whose commit failed keeps them for the next attempt.
    private var unsaved = OutboxWrite()
    /// The outbox error of the last ``handle(_:in:timeline:)``, if any. A ``SimulatedCrash`` means
    /// the process died inside the transaction.
    public private(set) var lastError: (any Error)?
    private var recordsSinceRetention = 0
    private var retentionApplied = false
    /// Records held while the outbox cannot be written, and the losses owed a loss record.
    private var holding: HoldingArea
    /// Whether the saved states could not be read at launch (protected data unavailable, DATA-4):
    /// the scheduler waits until they can be, and the strategies get theirs then.
    private var savedStatesPending = false
    /// The server's configurations: the one in force, the one waiting for a safe point.
    var remote = RemoteConfigurationState()
    /// Checks the server's signature of an offered configuration; nil refuses every one.
    let configurationVerifier: (any ConfigurationSignatureVerifier)?
    /// Decisions made outside an event (a saved configuration that no longer applies), recorded
    /// with the next event.
    var remoteNotes: [SystemDecision] = []

    /// Creates the agent of a new process and restores the jobs' and strategies' states from the outbox.
    ///
    /// - Parameters:
    ///   - strategies: The app's strategies, in the order they receive events.
    ///   - configuration: Jobs, uploads, retention and timeline.
    ///   - outbox: The opened outbox.
    ///   - seed: Seeds the uploader's jitter (on a device, any per-install value).
    ///   - heldRecords: Where the count of records held while the outbox cannot be written survives
    ///     the process (a file of class `none` on a device); nil to keep none, and then a process that
    ///     dies holding records loses them without a loss record.
    ///   - configurationVerifier: Checks the signature of configurations the server sends
    ///     (``RemoteConfiguration``); nil to refuse them all.
    /// - Throws: What the outbox throws when reading the saved states, except
    ///   ``ProtectedDataUnavailable``: then the jobs wait until protected data is available, and
    ///   the strategies get their states then.
    public init(
        strategies: [any Strategy], configuration: AgentConfiguration, outbox: any Outbox, seed: UInt64,
        heldRecords: (any HeldRecordsLedger)? = nil, configurationVerifier: (any ConfigurationSignatureVerifier)? = nil
    ) throws {
        self.runtime = Runtime(strategies: strategies)
        self.configurationVerifier = configurationVerifier
        self.configuration = configuration
        self.outbox = outbox
        self.holding = HoldingArea(ledger: heldRecords)
        self.scheduler = configuration.jobs.map { JobScheduler(options: $0) }
        self.uploader = configuration.upload.map { Uploader(configuration: $0, seed: seed) }
        do {
            try restoreSavedStates()
        } catch is ProtectedDataUnavailable {
            savedStatesPending = true
        }
    }

    /// Hands the strategies and the scheduler what the previous process saved. Both are read
    /// before either is applied, so a failed read changes nothing.
    private mutating func restoreSavedStates() throws {
        var strategyStates = try outbox.strategyStates()
        let jobStates = scheduler == nil ? [] : try outbox.jobStates()
        let remoteState = strategyStates.firstIndex { $0.strategy == RemoteConfigurationState.stateName }.map {
            strategyStates.remove(at: $0).state
        }
        runtime.restore(strategyStates)
        scheduler?.restore(jobStates)
        if let remoteState, let note = remote.restore(remoteState, runtime: &runtime, scheduler: &scheduler) {
            remoteNotes.append(note)
        }
        savedStatesPending = false
    }

    /// What the strategies and the scheduler together need from Info.plist and the user.
    public var requirements: Requirements {
        Requirements.combined(runtime.strategies.map(\.requirements) + (scheduler.map { [$0.requirements] } ?? []))
    }

    /// Handles one event: strategies, then jobs, then one commit, then uploads.
    ///
    /// - Parameters:
    ///   - event: What the system reported.
    ///   - context: The time and the system state.
    ///   - timeline: Receives the event and each command with the name of its issuer.
    /// - Returns: The commands to carry out, in order. When the outbox fails, ``lastError`` says so:
    ///   the unsaved writes are held and retried with the next event, and the commands are still
    ///   returned (a background task must still be ended); the uploader handles the event too and
    ///   meets the outbox's failure in its own calls.
    public mutating func handle<Sink: TimelineSink>(_ event: Event, in context: Context, timeline: inout Sink)
        -> [Command]
    {
        lastError = nil
        var copy = OutboxTimelineBuffer(upload: configuration.timeline)
        if savedStatesPending { try? restoreSavedStates() }
        applyPendingConfiguration(at: context.now, timeline: &timeline, copy: &copy)
        var commands = runtime.handle(event, in: context, timeline: &timeline, copy: &copy)
        takeConfigurationOffer(in: event, at: context.now, timeline: &timeline, copy: &copy)
        if scheduler != nil, !savedStatesPending {
            let own = scheduler!.handle(event, in: context)
            log(own, by: JobScheduler.ownerName, at: context.now, timeline: &timeline, copy: &copy)
            commands += own
        }
        collect(commands, copy.records, at: context.now)
        do {
            try commitUnsaved(now: context.now)
        } catch {
            lastError = error
            // A crash inside the transaction ends the process there: nothing after it runs.
            if error is SimulatedCrash { return commands }
            holding.hold(&unsaved.records, limit: configuration.holdLimit)
            // The uploader still hears the event: its outbox calls fail the same way and it
            // decides on that, and it must end its own background task when iOS says time is up
            // (a locked phone holds the outbox for hours).
        }
        if var uploader {
            let actions = UploadActions(event, in: context, uploader: &uploader, outbox: outbox)
            self.uploader = uploader
            if let crash = actions.crash {
                lastError = crash
                return commands
            }
            keepBody(actions.sent, uploader: uploader)
            // The uploader's commands reach the platform's timeline only: an outbox entry about each
            // upload would need another upload, without end (see ``TimelineUpload``).
            var nowhere = DiscardingTimeline()
            log(actions.commands, by: Uploader.owner, at: context.now, timeline: &timeline, copy: &nowhere)
            commands += actions.commands
        }
        return commands
    }

    /// The request body of an upload attempt in flight: its batch, encoded as the ingest contract
    /// says (``IngestBatch``) when the uploader started the attempt.
    ///
    /// - Throws: ``AgentError/uploadsNotConfigured``, or ``UploadBodyError`` when `request` is not
    ///   the attempt in flight (it ended, or another started, since the command was issued).
    public func requestBody(for request: UploadRequest) throws -> Data {
        guard uploader != nil else { throw AgentError.uploadsNotConfigured }
        guard let sent, sent.request == request else {
            throw UploadBodyError(
                batch: request.batch,
                message: "not the upload in flight (it ended, or another started, since the request was made)")
        }
        return sent.body
    }

    /// Keeps the body of the attempt just started, and drops a body whose attempt ended: the
    /// platform asks for it when it carries out the upload command.
    private mutating func keepBody(_ started: (request: UploadRequest, body: Data)?, uploader: Uploader) {
        if let started {
            sent = started
        } else if let sent, uploader.status != .uploading(batch: sent.request.batch) {
            self.sent = nil
        }
    }

    /// What the agent held while its outbox could not be written, in this process (DATA-4).
    public var holdingCounts: HoldingCounts { holding.counts }

    /// Whether the uploader waits for the app to renew its credentials (after a 401).
    public var needsCredentials: Bool {
        if case .awaitingCredentials = uploader?.status { return true }
        return false
    }

    /// The app renewed its credentials: uploading resumes with the next event.
    public mutating func credentialsRenewed() {
        uploader?.credentialsRenewed()
    }

    // MARK: Writing

    private mutating func collect(_ commands: [Command], _ timelineRecords: [CollectedRecord], at now: TimeInterval) {
        for command in commands {
            if case .record(let record) = command { unsaved.records.append(CollectedRecord(record, at: now)) }
        }
        unsaved.records += timelineRecords
        if let states = scheduler?.takeChangedStates(), !states.isEmpty {
            // A later state of the same job replaces an earlier one still unsaved.
            let changed = Set(states.map(\.job))
            unsaved.jobStates = unsaved.jobStates.filter { !changed.contains($0.job) } + states
        }
        var states = runtime.takeChangedStates()
        if remote.changed {
            states.append(remote.savedState)
            remote.changed = false
        }
        if !states.isEmpty {
            let changed = Set(states.map(\.strategy))
            unsaved.strategyStates = unsaved.strategyStates.filter { !changed.contains($0.strategy) } + states
        }
    }

    /// Commits what is unsaved in one transaction, then applies retention at launch and every
    /// ``AgentConfiguration/retentionEveryRecords`` records.
    private mutating func commitUnsaved(now: TimeInterval) throws {
        let losses = holding.lossRecords(at: now)
        if !unsaved.isEmpty || !losses.isEmpty {
            var write = unsaved
            // The losses first: they happened before anything still held was produced.
            write.records = losses + unsaved.records
            try outbox.commit(write)
            recordsSinceRetention += write.records.count
            unsaved = OutboxWrite()
            holding.committed()
        }
        if !retentionApplied || recordsSinceRetention >= configuration.retentionEveryRecords {
            try outbox.enforceRetention(configuration.retention, now: now)
            retentionApplied = true
            recordsSinceRetention = 0
        }
    }

    private func log<Sink: TimelineSink, Copy: TimelineSink>(
        _ commands: [Command], by owner: String, at now: TimeInterval, timeline: inout Sink, copy: inout Copy
    ) {
        guard timeline.isRecording || copy.isRecording else { return }
        for command in commands {
            let entry = TimelineEntry(time: now, body: .command(command, by: owner))
            if timeline.isRecording { timeline.append(entry) }
            if copy.isRecording { copy.append(entry) }
        }
    }
}

/// Why the agent could not do what was asked.
public enum AgentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An upload body was asked for, but the configuration has no uploader.
    case uploadsNotConfigured

    public var description: String {
        switch self {
        case .uploadsNotConfigured: "uploads are not configured: set AgentConfiguration.upload"
        }
    }
}
