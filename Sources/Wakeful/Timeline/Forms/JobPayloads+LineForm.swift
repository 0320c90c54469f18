import Foundation

extension JobRun: TimelineMembers {
    static var placeholder: JobRun { JobRun(job: "", run: 0, budget: 0) }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("job", &job)
        try coder.int("run", &run)
        try coder.double("budget", &budget)
        try coder.double("progress", &progress)
        try coder.optionalString("checkpoint", &checkpoint)
    }
}

extension JobResult: TimelineMembers {
    static var placeholder: JobResult { JobResult(job: "", run: 0, outcome: .completed, progress: 0) }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("job", &job)
        try coder.int("run", &run)
        try coder.enumeration("outcome", &outcome)
        try coder.double("progress", &progress)
        try coder.optionalString("checkpoint", &checkpoint)
        try coder.optionalString("reason", &reason)
        try coder.objects("records", &records)
    }
}

/// A record as an object in a job's result; a `record` command flattens it into the line instead.
extension Record: TimelineMembers {
    static var placeholder: Record { Record(kind: "") }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("kind", &kind)
        try coder.fieldObject("fields", &fields)
    }
}

extension UploadRequest: TimelineMembers {
    static var placeholder: UploadRequest {
        UploadRequest(id: "", batch: .placeholder, records: 0, bytes: 0, background: false)
    }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("id", &id)
        try coder.uuid("batch", &batch)
        try coder.int("records", &records)
        try coder.int("bytes", &bytes)
        try coder.bool("background", &background)
    }
}

extension UploadOutcome: TimelineMembers {
    static var placeholder: UploadOutcome {
        UploadOutcome(id: "", batch: .placeholder, statusCode: nil)
    }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("id", &id)
        try coder.uuid("batch", &batch)
        try coder.optionalInt("statusCode", &statusCode)
        try coder.optionalString("error", &error)
        try coder.optionalDouble("retryAfter", &retryAfter)
        try coder.optionalMembers(presentWith: "accepted", &answer)
    }
}

extension IngestAnswer: TimelineMembers {
    static var placeholder: IngestAnswer { IngestAnswer(accepted: 0, duplicates: 0) }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.int("accepted", &accepted)
        try coder.int("duplicates", &duplicates)
        try coder.objects("rejected", &rejected)
    }
}

extension RecordRejection: TimelineMembers {
    static var placeholder: RecordRejection {
        RecordRejection(uuid: .placeholder, reason: "")
    }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.uuid("uuid", &uuid)
        try coder.string("reason", &reason)
    }
}
