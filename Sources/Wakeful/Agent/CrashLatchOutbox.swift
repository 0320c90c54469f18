import Foundation

/// The outbox as the agent hands it to the uploader: it notes a ``SimulatedCrash`` that the
/// uploader, which treats every outbox error as a failed attempt, would otherwise absorb, so the
/// agent can report that the process died there.
final class CrashLatchOutbox: ForwardingOutbox {
    /// The crash seen since the last ``takeCrash()``.
    private var crash: SimulatedCrash?

    override func forward<T>(_ call: () throws -> T) throws -> T {
        do {
            return try call()
        } catch let error as SimulatedCrash {
            crash = error
            throw error
        }
    }

    /// The crash seen since the last call, if any.
    func takeCrash() -> SimulatedCrash? {
        defer { crash = nil }
        return crash
    }
}
