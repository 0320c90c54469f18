import Foundation
@testable import Wakeful

/// Outboxes, contexts and a scripted server for driving the ``Uploader`` by hand.
enum Uploads {
    static let install = UUID(uuidString: "5A1D0C3E-8B7F-4E21-9C64-2F8A0B1D3E57")!

    /// An in-memory outbox holding `count` records of `kind`, recorded at 0, 1, 2 … s.
    static func outbox(records count: Int, kind: String = "sample") throws -> InMemoryOutbox {
        let outbox = InMemoryOutbox(installID: install)
        try add(count, kind: kind, to: outbox)
        return outbox
    }

    /// Appends `count` records to `outbox`.
    static func add(_ count: Int, kind: String = "sample", at time: TimeInterval = 0, to outbox: InMemoryOutbox) throws
    {
        let records = (0..<count).map { index in
            CollectedRecord(Record(kind: kind, fields: [Field("n", .int(index))]), at: time + Double(index))
        }
        try outbox.commit(OutboxWrite(records: records))
    }

    static func foreground(_ now: TimeInterval, network: NetworkPath = .wifi) -> Context {
        Context(now: now, appState: .active, network: network)
    }

    static func background(_ now: TimeInterval, remaining: TimeInterval = Context.unlimited) -> Context {
        Context(now: now, appState: .background, backgroundTimeRemaining: remaining, network: .wifi)
    }

    /// A 200 whose answer accepts every record of `request`.
    static func accepted(_ request: UploadRequest) -> UploadOutcome {
        UploadOutcome(
            id: request.id, batch: request.batch, statusCode: 200,
            answer: IngestAnswer(accepted: request.records, duplicates: 0))
    }

    /// An answer without a body: a status, or a transport error when `status` is nil.
    static func failed(_ request: UploadRequest, status: Int?, error: String? = nil, retryAfter: TimeInterval? = nil)
        -> UploadOutcome
    {
        UploadOutcome(
            id: request.id, batch: request.batch, statusCode: status,
            error: status == nil ? (error ?? "timedOut") : nil, retryAfter: retryAfter)
    }

    /// Plays a server against the uploader, completing each upload with `server`'s answer at the
    /// same instant, until nothing is uploaded any more or `limit` attempts were made.
    ///
    /// - Returns: Every request made, in order.
    static func drive(
        _ uploader: inout Uploader, outbox: InMemoryOutbox, limit: Int = 100,
        server: (IngestBatch, UploadRequest) -> UploadOutcome
    ) throws -> [UploadRequest] {
        var requests: [UploadRequest] = []
        var actions = uploader.actions(.didBecomeActive, in: foreground(0), outbox: outbox)
        while let (request, body) = actions.sent, requests.count < limit {
            requests.append(request)
            let outcome = server(try IngestBatch.parse(Array(body)), request)
            actions = uploader.actions(.uploadCompleted(outcome), in: foreground(0), outbox: outbox)
        }
        return requests
    }
}

extension Uploader {
    /// Handles `event` with its outbox actions carried out on `outbox`, as the agent does.
    ///
    /// - Returns: The commands to issue.
    mutating func handle(_ event: Event, in context: Context, outbox: any Outbox) -> [Command] {
        actions(event, in: context, outbox: outbox).commands
    }

    /// Handles `event` with its outbox actions carried out on `outbox`, as the agent does.
    ///
    /// - Returns: The commands, and the attempt started with its body.
    mutating func actions(_ event: Event, in context: Context, outbox: any Outbox) -> UploadActions {
        UploadActions(event, in: context, uploader: &self, outbox: outbox)
    }
}

extension Array where Element == Command {
    /// The upload requests among these commands.
    var uploads: [UploadRequest] {
        compactMap { if case .upload(let request) = $0 { request } else { nil } }
    }

    /// The timers these commands set.
    var timers: [TimerRequest] {
        compactMap { if case .setTimer(let timer) = $0 { timer } else { nil } }
    }

    /// The identifiers of the tasks these commands begin.
    var begun: [BackgroundTaskID] {
        compactMap { if case .beginBackgroundTask(let id) = $0 { id } else { nil } }
    }

    /// The identifiers of the tasks these commands end.
    var ended: [BackgroundTaskID] {
        compactMap { if case .endBackgroundTask(let id) = $0 { id } else { nil } }
    }
}

extension UploaderStatus {
    /// The end of the backoff, when backing off.
    var backoffEnd: TimeInterval? {
        if case .backingOff(let until) = self { until } else { nil }
    }
}
