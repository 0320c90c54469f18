import Foundation

/// The ``Uploader``'s actions for one event, carried out on the outbox: the agent's half of the
/// uploader, which only decides.
struct UploadActions {
    /// The commands to issue.
    private(set) var commands: [Command] = []
    /// The attempt started, with its body, encoded once, for ``Agent/requestBody(for:)``.
    private(set) var sent: (request: UploadRequest, body: Data)?
    /// A crash inside one of the outbox calls: the process died there. The uploader takes it for a
    /// failed call like any other error and goes on, so the agent must report it.
    private(set) var crash: SimulatedCrash?

    /// Lets `uploader` handle `event`, carrying out each outbox action it returns (one short
    /// transaction each) and feeding the result back, until it is done with the event.
    init(_ event: Event, in context: Context, uploader: inout Uploader, outbox: any Outbox) {
        var action = uploader.handle(event, in: context)
        while true {
            switch action {
            case .readStatistics:
                action = uploader.read(noting { try outbox.statistics() })
            case .claim(let limits, let now):
                action = uploader.claimed(
                    noting { try outbox.claimBatch(limits: limits, now: now) }, installID: outbox.installID)
            case .acknowledge(let batch, let answer, let now):
                action = uploader.acknowledged(
                    noting { try outbox.acknowledge(batchID: batch, answer: answer, now: now) })
            case .release(let batch):
                action = uploader.released(noting { try outbox.releaseBatch(batch) })
            case .send(let request, let body, let commands):
                self.commands = commands
                sent = (request, body)
                return
            case .issue(let commands):
                self.commands = commands
                return
            }
        }
    }

    /// Runs one outbox call, noting a crash.
    private mutating func noting<T>(_ call: () throws -> T) -> Result<T, any Error> {
        let result = Result(catching: call)
        if case .failure(let crash as SimulatedCrash) = result { self.crash = crash }
        return result
    }
}
