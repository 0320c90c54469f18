import Foundation

extension JobRun: TimelineMembers {
    static var placeholder: JobRun { JobRun(job: "", run: 0, budget: 0) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.job = try coder.string("job", job)
        read.run = try coder.int("run", run)
        read.budget = try coder.double("budget", budget)
        read.progress = try coder.double("progress", progress)
        read.checkpoint = try coder.optionalString("checkpoint", checkpoint)
        return read
    }
}

extension JobResult: TimelineMembers {
    static var placeholder: JobResult { JobResult(job: "", run: 0, outcome: .completed, progress: 0) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.job = try coder.string("job", job)
        read.run = try coder.int("run", run)
        read.outcome = try coder.enumeration("outcome", outcome)
        read.progress = try coder.double("progress", progress)
        read.checkpoint = try coder.optionalString("checkpoint", checkpoint)
        read.reason = try coder.optionalString("reason", reason)
        read.records = try coder.objects("records", records)
        return read
    }
}

/// A record as an object in a job's result; a `record` command flattens it into the line instead.
extension Record: TimelineMembers {
    static var placeholder: Record { Record(kind: "") }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.kind = try coder.string("kind", kind)
        read.fields = try coder.fieldObject("fields", fields)
        return read
    }
}

extension UploadRequest: TimelineMembers {
    static var placeholder: UploadRequest {
        UploadRequest(id: "", batch: .placeholder, records: 0, bytes: 0, background: false)
    }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.id = try coder.string("id", id)
        read.batch = try coder.uuid("batch", batch)
        read.records = try coder.int("records", records)
        read.bytes = try coder.int("bytes", bytes)
        read.background = try coder.bool("background", background)
        return read
    }
}

extension UploadOutcome: TimelineMembers {
    static var placeholder: UploadOutcome {
        UploadOutcome(id: "", batch: .placeholder, statusCode: nil)
    }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.id = try coder.string("id", id)
        read.batch = try coder.uuid("batch", batch)
        read.statusCode = try coder.optionalInt("statusCode", statusCode)
        read.error = try coder.optionalString("error", error)
        read.retryAfter = try coder.optionalDouble("retryAfter", retryAfter)
        read.answer = try coder.optionalMembers(presentWith: "accepted", answer)
        return read
    }
}

extension IngestAnswer: TimelineMembers {
    static var placeholder: IngestAnswer { IngestAnswer(accepted: 0, duplicates: 0) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.accepted = try coder.int("accepted", accepted)
        read.duplicates = try coder.int("duplicates", duplicates)
        read.rejected = try coder.objects("rejected", rejected)
        read.configuration = try coder.optionalString("configuration", configuration)
        return read
    }
}

extension RecordRejection: TimelineMembers {
    static var placeholder: RecordRejection {
        RecordRejection(uuid: .placeholder, reason: "")
    }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.uuid = try coder.uuid("uuid", uuid)
        read.reason = try coder.string("reason", reason)
        return read
    }
}
