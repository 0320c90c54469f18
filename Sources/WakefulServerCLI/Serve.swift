import ArgumentParser
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals
import WakefulAPNs
import WakefulServer

/// `wakeful-server serve`: the companion server on SQLite, with nothing to configure, or on PostgreSQL.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the companion server: device registration, idempotent ingest, queries.",
        discussion: """
            Listens on --host and --port (127.0.0.1:8080 by default) and keeps everything in one SQLite file in --data-dir (./wakeful-data, created if missing; migrations are applied on start; one server per data directory, held by the lock file .lock). The port is checked before anything is created; if it is taken, the server says so and exits 1. The line `listening on http://HOST:PORT`, printed after the admin-token and APNs lines once the server accepts connections, gives the address; with --port 0 the system picks a free port and that line tells which.

            Admin routes (GET /v1/devices, a device's records and timeline, DELETE /v1/devices/{id}) need the admin token. It is read from --admin-token-file (by default admin-token in the data directory); on first start that file is created with a new random token, readable by its owner only (0600). The token itself is never printed or logged: read the file. The API is described at /openapi.json.

            Waking devices (POST /v1/devices/{id}/wakes) needs APNs token credentials: --apns-key-file (the .p8 key from the Apple developer account), --apns-key-id and --apns-team-id; without them wakes are refused with 503. Each device's pushes go to the APNs environment it registered (sandbox or production); --apns-host sends every push to another host instead (a mock APNs), and --apns-ca-file trusts that host's certificate. Pushes go over the sender's own HTTP/2 client; --apns-transport async-http-client uses AsyncHTTPClient instead. At most --wake-limit wakes per device within --wake-window seconds (default 3 per hour, Apple's guidance). The key, provider tokens and device tokens are never logged.

            With --database postgres://… everything is kept in that PostgreSQL database instead (migrations applied on start, under a lock, so several servers may start at once). Several servers can share one database behind a load balancer: give them the same --admin-token-file. The URL's password is never printed or logged; without one in the URL, PGPASSWORD is used (keeping it off the command line, where ps shows it). If the database cannot be reached at start, the server exits 1 with a message naming the URL and what to check; if it fails later, or no connection of the pool (--database-connections, 20) frees up within --database-wait seconds (5), requests are answered 503 with Retry-After.

            Remote configurations (PUT /v1/devices/{id}/configuration, PUT /v1/cohorts/{name}/configuration, PUT /v1/devices/{id}/cohort) are signed with the Ed25519 key in --configuration-key-file (by default configuration-key in the data directory, created with a new key on first start, 0600), or with WAKEFUL_CONFIGURATION_KEY (the base64 of the 32-byte private key) when set. The public key is printed at start (`configuration public key: …`): build it into the app. Every configuration set is kept with its author, time and note; a device gets the one it is to run (its own, else its cohort's) in the answer to an upload whose Wakeful-Configuration-Version header is older. Servers sharing a database must share the key.

            Registration (--registration): open lets anyone register a new install; secret only requests carrying the secret of --registration-secret-file in the Wakeful-Registration-Secret header; closed only the admin. In every mode an install that is already registered gets a new token only for its current token (Authorization: Bearer, a rotation) or the admin token, and registrations are limited per address (--registrations-per-minute).

            Slow and stalled clients: a new connection must send its headers within --header-timeout seconds, a body must arrive within --body-timeout seconds plus one second per --minimum-body-rate bytes, and a connection that receives nothing for --idle-timeout seconds is closed; one whose client stops reading an answer for --write-timeout seconds is closed too. An upload takes a place among the concurrent stores only once its whole body has arrived; one device may have at most --device-uploads uploads in progress (429 beyond).

            Connections and memory: at start the open-file soft limit is raised to the hard limit (the line `open files: …` tells both). At most --max-connections connections are open at once, and --max-connections-per-address from one client address; beyond, a new connection is answered 503 with Retry-After and closed. The cap is lowered to the open-file limit less 128 descriptors kept for storage, and a storage that cannot open a file all the same is answered 503 with Retry-After. Pages of records end at 10,000 records or 4 MiB; pages, timelines and exports are streamed a slice at a time, and the answers being sent hold at most 64 MiB between them (a new one beyond is answered 503 with Retry-After).

            SIGTERM or SIGINT (Ctrl-C) stop the server gracefully: it stops accepting connections, requests in flight may finish within --shutdown-grace seconds, then every connection is closed and it exits 0.

            Examples:
              wakeful-server serve
              wakeful-server serve --port 9000 --data-dir /var/lib/wakeful
              wakeful-server serve --host 0.0.0.0 --log-level debug
              wakeful-server serve --port 0                 pick a free port; read it from the `listening on` line
              wakeful-server serve --registration secret --registration-secret-file /etc/wakeful/registration-secret
              wakeful-server serve --body-timeout 10 --idle-timeout 30 --shutdown-grace 5
              wakeful-server serve --max-connections 2000 --max-connections-per-address 50
              wakeful-server serve --database postgres://wakeful:secret@db.internal:5432/wakeful?sslmode=require --admin-token-file /etc/wakeful/admin-token
              curl -H "Authorization: Bearer $(cat wakeful-data/admin-token)" http://127.0.0.1:8080/v1/devices
              wakeful-server serve --apns-key-file AuthKey_ABC123DEFG.p8 \\
                  --apns-key-id ABC123DEFG --apns-team-id TEAM123456
              wakeful-server serve --apns-key-file AuthKey_ABC123DEFG.p8 \\
                  --apns-key-id ABC123DEFG --apns-team-id TEAM123456 \\
                  --apns-host https://127.0.0.1:2197 --apns-ca-file mock-apns.pem
              wakeful-server serve --wake-limit 2 --wake-window 3600    2 wakes per hour

            The second APNs example pushes to a mock started with
            `wakeful-server mock-apns --port 2197 --cert-out mock-apns.pem …`.
            """
    )

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8080

    @Option(help: "The directory of the database and the admin token (created if missing).")
    var dataDir: String = "wakeful-data"

    @Option(
        help: ArgumentHelp(
            "Keep everything in PostgreSQL instead of SQLite in --data-dir: postgres://user:password@host:5432/database, optionally ?sslmode=disable|prefer|require|verify-full (default prefer).",
            valueName: "url"))
    var database: String?

    @Option(help: "With --database: the most connections each server opens to PostgreSQL.")
    var databaseConnections: Int = 20

    @Option(
        help:
            "With --database: seconds a request waits for a free connection before it is answered 503 with Retry-After."
    )
    var databaseWait: Int = 5

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    @Option(
        help:
            "The file holding the admin token (default: admin-token in --data-dir); created with a new token if missing."
    )
    var adminTokenFile: String?

    @Option(
        help:
            "The file holding the Ed25519 key that signs remote configurations, as base64 (default: configuration-key in --data-dir); created with a new key if missing. WAKEFUL_CONFIGURATION_KEY, when set, is the key itself and is used instead."
    )
    var configurationKeyFile: String?

    @OptionGroup(title: "APNs provider key (enables waking devices)")
    var apnsKey: APNsKeyOptions

    @Option(help: "Send every push to this https://host:port instead of Apple's hosts (a mock APNs).")
    var apnsHost: String?

    @Option(help: "A PEM certificate to trust for --apns-host (the file `wakeful-server mock-apns --cert-out` writes).")
    var apnsCAFile: String?

    @Option(help: "The HTTP/2 client for APNs: http2-frames (the sender's own, the default) or async-http-client.")
    var apnsTransport: APNsTransportKind = .http2Frames

    @Option(help: "Most wakes per device within --wake-window.")
    var wakeLimit: Int = 3

    @Option(help: "The rate limit's window in seconds.")
    var wakeWindow: Int = 3600

    @OptionGroup(title: "Slow clients, connections, uploads, registration and shutdown")
    var limits: ServeLimitOptions

    func validate() throws {
        guard apnsKey.isGiven || (apnsHost == nil && apnsCAFile == nil) else {
            throw ValidationError(
                "--apns-host and --apns-ca-file need --apns-key-file, --apns-key-id and --apns-team-id")
        }
        if let apnsHost {
            guard let url = URL(string: apnsHost), url.scheme == "https", url.host != nil, url.path.isEmpty else {
                throw ValidationError(
                    "--apns-host \(apnsHost): expected https://host[:port] (HTTP/2 to APNs needs TLS)")
            }
        }
        guard wakeLimit >= 1 else { throw ValidationError("--wake-limit \(wakeLimit): expected at least 1") }
        guard wakeWindow >= 1 else {
            throw ValidationError("--wake-window \(wakeWindow): expected a number of seconds, at least 1")
        }
        guard (0...65535).contains(port) else {
            throw ValidationError("--port \(port): expected a port from 0 to 65535")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError(
                "--log-level \(logLevel): expected one of trace, debug, info, notice, warning, error, critical")
        }
        guard !host.isEmpty else { throw ValidationError("--host: expected an address such as 127.0.0.1") }
        if let database {
            do { _ = try PostgresDatabaseURL(database) } catch { throw ValidationError("--database: \(error.message)") }
        }
        guard (1...1000).contains(databaseConnections) else {
            throw ValidationError("--database-connections \(databaseConnections): expected 1 to 1000")
        }
        guard (1...300).contains(databaseWait) else {
            throw ValidationError("--database-wait \(databaseWait): expected 1 to 300 seconds")
        }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "wakeful.server")
        // Everything that can fail is checked before the data directory and token are created.
        try PortProbe.check(host: host, port: port)
        let registration = try limits.registrationPolicy()
        let pushSettings = try pushSettings()
        let directory = URL(fileURLWithPath: dataDir)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ServeFailure(
                "--data-dir \(dataDir): cannot create the directory (\(error.localizedDescription)); create it or choose another path"
            )
        }
        // SQLite: one server per data directory. PostgreSQL servers share their database by design.
        let lock = database == nil ? try DataDirectoryLock(directory: directory) : nil
        let tokenFile =
            adminTokenFile.map { URL(fileURLWithPath: $0) } ?? directory.appendingPathComponent("admin-token")
        let adminToken = try SecretFile.adminToken.load(tokenFile)
        if adminToken.created {
            printLine("admin token: created in \(tokenFile.path) (readable by its owner only)")
        } else {
            printLine("admin token: read from \(tokenFile.path)")
        }
        // Before storage opens its files: every connection and file takes a descriptor, and the
        // usual soft limit of 1024 is soon spent by idle connections.
        if let limit = DescriptorLimit.raiseSoftLimit() {
            printLine(
                limit.after > limit.before
                    ? "open files: limit raised from \(limit.before) to \(limit.after) (the hard limit)"
                    : "open files: limit \(limit.after) (hard limit \(limit.hard))")
        }
        let signer = try configurationSigner(directory: directory)
        let storage = try await openStorage(directory: directory, logger: logger)
        let host = self.host
        let configuration = ServerConfiguration(
            host: host, port: port, storage: storage, adminToken: adminToken.token, limits: limits.limits,
            logger: logger,
            onListening: { port in printLine("listening on http://\(host):\(port)") }, push: pushSettings,
            registration: registration, configurationSigner: signer)
        let app = try await buildApplication(configuration)
        var groupConfiguration = ServiceGroupConfiguration(
            services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        // Past the grace, graceful shutdown becomes cancellation, which closes every connection.
        groupConfiguration.maximumGracefulShutdownDuration = configuration.limits.shutdownGrace
        try await ServiceGroup(configuration: groupConfiguration).run()
        withExtendedLifetime(lock) {}
    }
}

extension Serve {
    /// The push settings from the APNs and wake options; the key is read here and never printed.
    func pushSettings() throws -> PushSettings {
        var settings = PushSettings()
        settings.wakeLimit = WakeRateLimit(count: wakeLimit, window: .seconds(wakeWindow))
        guard let credentials = try apnsKey.credentials() else {
            printLine(
                "APNs: no credentials; wakes are refused until --apns-key-file, --apns-key-id and --apns-team-id are given"
            )
            return settings
        }
        var connection = APNsConnection(credentials: credentials, hostOverride: apnsHost)
        connection.transport = apnsTransport
        if let apnsCAFile {
            do {
                connection.trustedCertificatesPEM = [try String(contentsOfFile: apnsCAFile, encoding: .utf8)]
            } catch {
                throw ServeFailure(
                    "--apns-ca-file \(apnsCAFile): cannot read the certificate (\(error.localizedDescription)); check the path"
                )
            }
        }
        settings.apns = connection
        printLine(
            "APNs: key \(credentials.keyID) of team \(credentials.teamID), sending to \(apnsHost ?? "Apple's sandbox or production host, as each device registered")"
        )
        return settings
    }

    /// The configuration signing key from WAKEFUL_CONFIGURATION_KEY, or from its file (created with a
    /// new key when missing); the public key is printed for the app, the private key never.
    private func configurationSigner(directory: URL) throws -> ConfigurationSigner {
        let signer: ConfigurationSigner
        if let text = ProcessInfo.processInfo.environment["WAKEFUL_CONFIGURATION_KEY"] {
            do {
                signer = try ConfigurationSigner(privateKeyBase64: text)
            } catch {
                throw ServeFailure("WAKEFUL_CONFIGURATION_KEY: \(error.message)")
            }
            printLine("configuration key: read from WAKEFUL_CONFIGURATION_KEY")
        } else {
            let url =
                configurationKeyFile.map { URL(fileURLWithPath: $0) }
                ?? directory.appendingPathComponent("configuration-key")
            let key = try SecretFile.configurationKey.load(url)
            do {
                signer = try ConfigurationSigner(privateKeyBase64: key.token)
            } catch {
                throw ServeFailure("--configuration-key-file \(url.path): \(error.message)")
            }
            printLine(
                "configuration key: \(key.created ? "created in" : "read from") \(url.path) (readable by its owner only)"
            )
        }
        printLine("configuration public key: \(signer.publicKeyBase64) (the app verifies configurations with it)")
        return signer
    }

    /// PostgreSQL at --database, or SQLite in the data directory.
    private func openStorage(directory: URL, logger: Logger) async throws -> any ServerStorage {
        guard let database else { return try SQLiteServerStorage(directory: directory) }
        var url = try PostgresDatabaseURL(database)
        // As libpq does: the password may come from PGPASSWORD rather than the command line, where `ps` shows it.
        if url.password == nil, let password = ProcessInfo.processInfo.environment["PGPASSWORD"] {
            url.password = password
        }
        do {
            return try await PostgresServerStorage(
                url: url, logger: logger, maximumConnections: databaseConnections, leaseTimeout: .seconds(databaseWait))
        } catch let error as PostgresStorageStartError {
            FileHandle.standardError.write(Data("wakeful-server serve: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}

/// Writes a line to standard output at once (not buffered), so a supervisor reading the pipe sees it.
private func printLine(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
