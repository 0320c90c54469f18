import Foundation

extension TimelineDecoder {
    /// Reads a job or upload command; nil for any other name.
    static func decodeJobCommand(named name: String, _ reader: inout TimelineLineReader) throws(TimelineDecodingError) -> Command? {
        switch name {
        case "runJob":
            return .runJob(JobRun(
                job: try reader.string("job"), run: try reader.int("run"), budget: try reader.double("budget"),
                progress: try reader.double("progress"), checkpoint: try reader.optionalString("checkpoint")))
        case "cancelJob":
            return .cancelJob(job: try reader.string("job"), run: try reader.int("run"))
        case "upload":
            return .upload(UploadRequest(
                id: try reader.string("id"), batch: try reader.uuid("batch"), records: try reader.int("records"),
                bytes: try reader.int("bytes"), background: try reader.bool("background")))
        default:
            return nil
        }
    }

    /// Reads a job or upload event; nil for any other name.
    static func decodeJobEvent(named name: String, _ reader: inout TimelineLineReader) throws(TimelineDecodingError) -> Event? {
        switch name {
        case "jobFinished":
            let job = try reader.string("job")
            let run = try reader.int("run")
            let outcome = try reader.enumeration("outcome", as: JobOutcome.self)
            let progress = try reader.double("progress")
            let checkpoint = try reader.optionalString("checkpoint")
            let reason = try reader.optionalString("reason")
            var records: [Record] = []
            for var element in try reader.objects("records") {
                records.append(Record(kind: try element.string("kind"), fields: try element.fieldObject("fields")))
                try element.finish()
            }
            return .jobFinished(JobResult(
                job: job, run: run, outcome: outcome, progress: progress, checkpoint: checkpoint, reason: reason, records: records))
        case "uploadCompleted":
            let id = try reader.string("id")
            let batch = try reader.uuid("batch")
            let statusCode = try reader.optionalInt("statusCode")
            let error = try reader.optionalString("error")
            let retryAfter = try reader.optionalDouble("retryAfter")
            var answer: IngestAnswer?
            if let accepted = try reader.optionalInt("accepted") {
                var rejected: [RecordRejection] = []
                for var element in try reader.objects("rejected") {
                    rejected.append(RecordRejection(uuid: try element.uuid("uuid"), reason: try element.string("reason")))
                    try element.finish()
                }
                answer = IngestAnswer(accepted: accepted, duplicates: try reader.int("duplicates"), rejected: rejected)
            }
            return .uploadCompleted(UploadOutcome(
                id: id, batch: batch, statusCode: statusCode, error: error, retryAfter: retryAfter, answer: answer))
        default:
            return nil
        }
    }
}
