import Foundation

extension TimelineJSONEncoder {
    /// Appends the name and payload keys of a job or upload command.
    func appendJobCommand(_ command: Command, into buffer: inout [UInt8]) {
        switch command {
        case .runJob(let run):
            buffer.appendJSONRaw("\"runJob\",\"job\":")
            buffer.appendJSONString(run.job)
            buffer.appendJSONKey("run")
            buffer.appendJSONInt(run.run)
            buffer.appendJSONKey("budget")
            appendNumber(run.budget, into: &buffer)
            buffer.appendJSONKey("progress")
            appendNumber(run.progress, into: &buffer)
            if let checkpoint = run.checkpoint {
                buffer.appendJSONKey("checkpoint")
                buffer.appendJSONString(checkpoint)
            }
        case .cancelJob(let job, let run):
            buffer.appendJSONRaw("\"cancelJob\",\"job\":")
            buffer.appendJSONString(job)
            buffer.appendJSONKey("run")
            buffer.appendJSONInt(run)
        case .upload(let request):
            buffer.appendJSONRaw("\"upload\",\"id\":")
            buffer.appendJSONString(request.id)
            buffer.appendJSONRaw(",\"batch\":\"")
            buffer.appendUUIDContents(request.batch)
            buffer.appendJSONRaw("\",\"records\":")
            buffer.appendJSONInt(request.records)
            buffer.appendJSONKey("bytes")
            buffer.appendJSONInt(request.bytes)
            buffer.appendJSONKey("background")
            buffer.appendJSONBool(request.background)
        default:
            preconditionFailure("not a job or upload command: \(command.name)")
        }
    }

    /// Appends the name and payload keys of a job or upload event.
    func appendJobEvent(_ event: Event, into buffer: inout [UInt8]) {
        switch event {
        case .jobFinished(let result):
            buffer.appendJSONRaw("\"jobFinished\",\"job\":")
            buffer.appendJSONString(result.job)
            buffer.appendJSONKey("run")
            buffer.appendJSONInt(result.run)
            buffer.appendJSONRaw(",\"outcome\":\"")
            buffer.appendJSONStringContents(result.outcome.rawValue)
            buffer.appendJSONRaw("\",\"progress\":")
            appendNumber(result.progress, into: &buffer)
            if let checkpoint = result.checkpoint {
                buffer.appendJSONKey("checkpoint")
                buffer.appendJSONString(checkpoint)
            }
            if let reason = result.reason {
                buffer.appendJSONKey("reason")
                buffer.appendJSONString(reason)
            }
            buffer.appendJSONRaw(",\"records\":[")
            for (index, record) in result.records.enumerated() {
                buffer.appendJSONRaw(index == 0 ? "{\"kind\":" : ",{\"kind\":")
                buffer.appendJSONString(record.kind)
                buffer.appendJSONKey("fields")
                appendFieldObject(record.fields, into: &buffer)
                buffer.append(UInt8(ascii: "}"))
            }
            buffer.append(UInt8(ascii: "]"))
        case .uploadCompleted(let outcome):
            buffer.appendJSONRaw("\"uploadCompleted\",\"id\":")
            buffer.appendJSONString(outcome.id)
            buffer.appendJSONRaw(",\"batch\":\"")
            buffer.appendUUIDContents(outcome.batch)
            buffer.append(UInt8(ascii: "\""))
            if let statusCode = outcome.statusCode {
                buffer.appendJSONKey("statusCode")
                buffer.appendJSONInt(statusCode)
            }
            if let error = outcome.error {
                buffer.appendJSONKey("error")
                buffer.appendJSONString(error)
            }
            if let retryAfter = outcome.retryAfter {
                buffer.appendJSONKey("retryAfter")
                appendNumber(retryAfter, into: &buffer)
            }
            if let answer = outcome.answer {
                buffer.appendJSONKey("accepted")
                buffer.appendJSONInt(answer.accepted)
                buffer.appendJSONKey("duplicates")
                buffer.appendJSONInt(answer.duplicates)
                buffer.appendJSONRaw(",\"rejected\":[")
                for (index, rejection) in answer.rejected.enumerated() {
                    buffer.appendJSONRaw(index == 0 ? "{\"uuid\":\"" : ",{\"uuid\":\"")
                    buffer.appendUUIDContents(rejection.uuid)
                    buffer.appendJSONRaw("\",\"reason\":")
                    buffer.appendJSONString(rejection.reason)
                    buffer.append(UInt8(ascii: "}"))
                }
                buffer.append(UInt8(ascii: "]"))
            }
        default:
            preconditionFailure("not a job or upload event")
        }
    }
}
