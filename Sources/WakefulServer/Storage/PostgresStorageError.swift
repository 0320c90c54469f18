import PostgresNIO

/// ``PostgresServerStorage`` could not start: which database (password hidden), what failed and
/// what to check.
public struct PostgresStorageStartError: Error, Sendable, CustomStringConvertible {
    /// The step that failed.
    public enum Stage: String, Sendable {
        /// Connecting and logging in.
        case connect
        /// Applying the migrations.
        case migrate
    }

    /// The database (its description hides the password).
    public var url: PostgresDatabaseURL
    /// The step that failed.
    public var stage: Stage
    /// What the database or the network said.
    public var reason: String
    /// What to check.
    public var hint: String

    init(url: PostgresDatabaseURL, stage: Stage, error: any Error) {
        self.url = url
        self.stage = stage
        let failure = PostgresFailure(error)
        reason = failure.summary
        hint = failure.hint(for: url, stage: stage)
    }

    /// One paragraph for the terminal: the URL, the failure and the check.
    public var description: String {
        let step =
            stage == .connect ? "cannot connect to PostgreSQL at" : "cannot apply the migrations to PostgreSQL at"
        return "\(step) \(url): \(reason). Check \(hint)."
    }
}

/// What a PostgresNIO error says, without the query's values (they may hold device data).
struct PostgresFailure {
    /// The PostgreSQL error, unwrapped from a transaction's wrapper, when there is one.
    let error: PSQLError?
    /// The error as thrown.
    let original: any Error

    init(_ error: any Error) {
        original = error
        var current: any Error = error
        if let transaction = current as? PostgresTransactionError {
            current = transaction.closureError ?? transaction.commitError ?? transaction.beginError ?? current
        }
        self.error = current as? PSQLError
    }

    /// The SQLSTATE code of a server error, e.g. `40P01`.
    var sqlState: String? { error?.serverInfo?[.sqlState] }

    /// A deadlock or a serialization failure: retrying the transaction is the remedy.
    var isRetryableConflict: Bool { sqlState == "40P01" || sqlState == "40001" }

    /// The error's kind, the server's message and the underlying network error.
    var summary: String {
        guard let error else { return String(describing: original) }
        var parts: [String] = []
        if let info = error.serverInfo {
            parts.append([info[.sqlState], info[.message]].compactMap { $0 }.joined(separator: " "))
        } else {
            parts.append(error.code.description)
        }
        if let underlying = error.underlying { parts.append(String(describing: underlying)) }
        return parts.joined(separator: ": ")
    }

    /// What to check for this failure.
    func hint(for url: PostgresDatabaseURL, stage: PostgresStorageStartError.Stage) -> String {
        let server = "\(url.host):\(url.port)"
        if error?.code == .authMechanismRequiresPassword {
            return
                "the password: the server asks for one; write it as postgres://\(url.user):PASSWORD@\(server)/\(url.database) or set PGPASSWORD"
        }
        if error?.code == .sslUnsupported {
            return "TLS: the server does not offer it; use sslmode=disable or sslmode=prefer"
        }
        switch sqlState {
        case "28P01", "28000":
            return "the user \"\(url.user)\" and its password, and that pg_hba.conf lets it connect from this host"
        case "3D000":
            return "that the database exists (createdb -h \(url.host) -p \(url.port) -U \(url.user) \(url.database))"
        case "42501":
            return "that the user \"\(url.user)\" may create tables in the database \"\(url.database)\""
        case "53300":
            return "the server's max_connections: it accepts no more connections"
        default:
            if stage == .migrate {
                return "the server's log; the migrations run in one transaction, so nothing was half applied"
            }
            return
                "that PostgreSQL runs and accepts TCP connections on \(server) (pg_isready -h \(url.host) -p \(url.port))"
        }
    }
}
