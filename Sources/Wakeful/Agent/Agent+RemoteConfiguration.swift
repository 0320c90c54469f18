import Foundation

extension Agent {
    /// The configuration version the device reports to the server with each upload, in the
    /// `Wakeful-Configuration-Version` header (``RemoteConfiguration/versionHeader``): the newest it
    /// has applied, refused, or holds for the next safe point. The server sends only a newer one.
    public var remoteConfigurationVersion: Int { remote.reportedVersion }

    /// The configuration in force: the last one applied, nil while the app's own options run.
    public var remoteConfiguration: RemoteConfiguration? { remote.inForce }

    /// Takes the configuration an event carries, if any: the answer of a stored upload
    /// (`configuration`) or a silent push (``SignedRemoteConfiguration/pushKey``). It is verified
    /// now and applied at the next safe point; the decision is recorded after the event.
    mutating func takeConfigurationOffer<Sink: TimelineSink, Copy: TimelineSink>(
        in event: Event, at now: TimeInterval, timeline: inout Sink, copy: inout Copy
    ) {
        let wire: JSONValue
        let source: String
        switch event {
        case .uploadCompleted(let outcome):
            guard let status = outcome.statusCode, (200..<300).contains(status),
                let text = outcome.answer?.configuration
            else { return }
            wire = (try? JSONValue.parse(Array(text.utf8))) ?? .string(text)
            source = "ingest"
        case .remoteNotification(let notification):
            guard let field = notification.userInfo.first(where: { $0.key == SignedRemoteConfiguration.pushKey })
            else { return }
            let text = field.value.description
            wire = (try? JSONValue.parse(Array(text.utf8))) ?? .string(text)
            source = "push"
        default:
            return
        }
        if let decision = remote.offer(wire, via: source, verifier: configurationVerifier) {
            record(decision, at: now, timeline: &timeline, copy: &copy)
        }
    }

    /// Applies a configuration waiting for a safe point, if this is one: between job runs
    /// (no job of the scheduler is running), before the event reaches the strategies, so that no
    /// run and no event is handled half under one configuration and half under another.
    mutating func applyPendingConfiguration<Sink: TimelineSink, Copy: TimelineSink>(
        at now: TimeInterval, timeline: inout Sink, copy: inout Copy
    ) {
        if !remoteNotes.isEmpty {
            for note in remoteNotes { record(note, at: now, timeline: &timeline, copy: &copy) }
            remoteNotes = []
        }
        guard remote.hasPending, scheduler?.running == nil else { return }
        if let decision = remote.apply(to: &runtime, scheduler: &scheduler) {
            record(decision, at: now, timeline: &timeline, copy: &copy)
        }
    }

    private func record<Sink: TimelineSink, Copy: TimelineSink>(
        _ decision: SystemDecision, at now: TimeInterval, timeline: inout Sink, copy: inout Copy
    ) {
        let entry = TimelineEntry(time: now, body: .decision(decision))
        if timeline.isRecording { timeline.append(entry) }
        if copy.isRecording { copy.append(entry) }
    }
}

extension RemoteConfiguration {
    /// The request header in which the platform reports ``Agent/remoteConfigurationVersion`` with
    /// each upload.
    public static let versionHeader = "Wakeful-Configuration-Version"
}
