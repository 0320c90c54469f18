import Foundation

/// A PostgreSQL connection URL, `postgres://user:password@host:port/database?sslmode=…`, as
/// `wakeful-server serve --database` takes it.
///
/// ```swift
/// let url = try PostgresDatabaseURL("postgres://wakeful:secret@db.internal:5432/wakeful?sslmode=require")
/// print(url)   // postgres://wakeful:***@db.internal:5432/wakeful?sslmode=require
/// ```
///
/// Its `description` never holds the password: log and print the URL through it.
public struct PostgresDatabaseURL: Sendable, Hashable, CustomStringConvertible {
    /// Whether and how the connection uses TLS, as libpq's `sslmode`.
    public enum TLSMode: String, Sendable, Hashable, CaseIterable {
        /// Never TLS.
        case disable
        /// TLS when the server offers it, without checking its certificate (libpq's default).
        case prefer
        /// TLS or no connection, without checking the certificate (as libpq's `require`).
        case require
        /// TLS with the certificate checked against the system's roots and the host name.
        case verifyFull = "verify-full"
    }

    /// The server's host name or address.
    public var host: String
    /// The server's port, 5432 unless the URL says otherwise.
    public var port: Int
    /// The user to connect as.
    public var user: String
    /// The user's password, or nil for none (trust or peer authentication).
    public var password: String?
    /// The database's name.
    public var database: String
    /// The TLS mode.
    public var tls: TLSMode

    /// Creates a URL from its parts.
    public init(
        host: String, port: Int = 5432, user: String, password: String? = nil, database: String, tls: TLSMode = .prefer
    ) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.tls = tls
    }

    /// Parses `postgres://` or `postgresql://` URLs: user (required), password, host (required),
    /// port (5432), database (the user's name when omitted) and `sslmode` (`prefer` when omitted).
    ///
    /// - Throws: ``PostgresDatabaseURLError`` naming the part at fault and the expected form; its
    ///   message never holds the password.
    public init(_ text: String) throws(PostgresDatabaseURLError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw PostgresDatabaseURLError("expected a URL such as postgres://user:password@host:5432/database")
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw PostgresDatabaseURLError("scheme \"\(scheme)\": expected postgres:// or postgresql://")
        }
        guard let host = components.host, !host.isEmpty else {
            throw PostgresDatabaseURLError("no host: expected postgres://user@host/database")
        }
        guard let user = components.user, !user.isEmpty else {
            throw PostgresDatabaseURLError("no user: expected postgres://user@\(host)/database")
        }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw PostgresDatabaseURLError("port \(port): expected 1 to 65535") }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !path.contains("/") else {
            throw PostgresDatabaseURLError("database \"\(path)\": expected one name after the host")
        }
        var tls = TLSMode.prefer
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                    throw PostgresDatabaseURLError(
                        "sslmode=\(item.value ?? ""): expected one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                tls = mode
            default:
                throw PostgresDatabaseURLError("parameter \"\(item.name)\": only sslmode is understood")
            }
        }
        // Brackets of an IPv6 literal belong to the URL, not to the address.
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        self.init(
            host: bare, port: port, user: user, password: components.password, database: path.isEmpty ? user : path,
            tls: tls)
    }

    /// The URL with the password replaced by `***`: safe to log and print.
    public var description: String {
        var components = URLComponents()
        components.scheme = "postgres"
        components.user = user
        components.password = password.map { _ in "***" }
        components.host = host.contains(":") ? "[\(host)]" : host
        components.port = port
        components.path = "/" + database
        components.queryItems = [URLQueryItem(name: "sslmode", value: tls.rawValue)]
        return components.string ?? "postgres://\(host):\(port)/\(database)"
    }
}

/// A `--database` URL that cannot be used: what is wrong and the expected form (never the password).
public struct PostgresDatabaseURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and what was expected.
    public var message: String

    init(_ message: String) { self.message = message }

    /// The message, prefixed with what it is about.
    public var description: String { "database URL: \(message)" }
}
