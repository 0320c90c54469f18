import Foundation
import Wakeful
import WakefulSimulator
import WakefulStore

/// The simulated device's disk, for real: every launch opens the SQLite file again, running the
/// migrations and WAL recovery a relaunched app would, with crashes injected inside transactions.
final class SQLiteOutboxProvider: OutboxProvider {
    let path: String
    let installID: UUID
    let injector: SeededFaultInjector?

    init(path: String, installID: UUID, injector: SeededFaultInjector?) {
        self.path = path
        self.installID = installID
        self.injector = injector
    }

    func open() throws -> any Outbox {
        try SQLiteOutbox(path: path, options: SQLiteOutbox.Options(newInstallID: installID, faultInjector: injector))
    }
}
