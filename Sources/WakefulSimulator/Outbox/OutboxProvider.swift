import Foundation
import Wakeful

/// Opens the app's outbox each time a process starts: the simulated device's disk.
///
/// The outbox outlives the process, so the device keeps the provider and asks it for an open
/// outbox at every launch. ``InMemoryOutboxProvider`` hands out the same in-memory outbox; the
/// crash-injection harness opens a real SQLite file each time, running migrations and injecting
/// crashes (`WakefulChaos`).
public protocol OutboxProvider: AnyObject {
    /// Opens the outbox for a new process; throwing `SimulatedCrash` kills that process at launch.
    func open() throws -> any Outbox
}

/// One in-memory outbox for the whole run: what a file on disk would be, without the file.
public final class InMemoryOutboxProvider: OutboxProvider {
    /// The outbox every process gets.
    public let outbox: InMemoryOutbox

    /// Creates a provider with an empty outbox.
    public init(installID: UUID) {
        self.outbox = InMemoryOutbox(installID: installID)
    }

    public func open() throws -> any Outbox { outbox }
}
