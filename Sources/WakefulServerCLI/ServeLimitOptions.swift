import ArgumentParser
import Foundation
import WakefulServer

/// `wakeful-server serve`'s limits on slow clients, connections, uploads per device, registration and shutdown:
/// ``ServerLimits`` and ``RegistrationPolicy`` as options.
struct ServeLimitOptions: ParsableArguments {
    @Option(help: "Seconds a new connection has to send its first request's headers; then it is closed.")
    var headerTimeout: Int = 20

    @Option(help: "Seconds a connection may wait for its next request, or receive nothing, before it is closed.")
    var idleTimeout: Int = 60

    @Option(
        help:
            "Seconds a request body has, plus one second for every --minimum-body-rate bytes received; a body later than that closes the connection."
    )
    var bodyTimeout: Int = 20

    @Option(help: "Bytes per second that earn a body one more second (0: the whole body within --body-timeout).")
    var minimumBodyRate: Int = 500

    @Option(help: "Most uploads one device may have in progress at once; beyond, 429 with Retry-After.")
    var deviceUploads: Int = 4

    @Option(
        help:
            "Seconds an answer may go without the client reading any of it before the connection is closed."
    )
    var writeTimeout: Int = 30

    @Option(
        help: ArgumentHelp(
            "Most connections open at once; beyond, a new connection is answered 503 with Retry-After and closed. Lowered at start to what the open-file limit allows.",
            valueName: "count"))
    var maxConnections: Int = 10_000

    @Option(
        help: ArgumentHelp(
            "Most connections open at once from one client address; beyond, 503 with Retry-After. Behind a proxy, set it to --max-connections.",
            valueName: "count"))
    var maxConnectionsPerAddress: Int = 256

    @Option(
        help:
            "Seconds requests in flight may go on after SIGTERM or SIGINT; then every connection is closed and the server exits."
    )
    var shutdownGrace: Int = 10

    @Option(
        help: ArgumentHelp(
            "Who may register new installs: open (anyone), secret (requests with the Wakeful-Registration-Secret header, see --registration-secret-file) or closed (the admin only).",
            valueName: "mode"))
    var registration: String = "open"

    @Option(help: "With --registration secret: the file holding the registration secret (its first line).")
    var registrationSecretFile: String?

    @Option(
        help: "Most registrations per minute from one address (the admin is not limited); beyond, 429 with Retry-After."
    )
    var registrationsPerMinute: Int = 60

    func validate() throws {
        for (name, value) in [
            ("--header-timeout", headerTimeout), ("--idle-timeout", idleTimeout), ("--body-timeout", bodyTimeout),
            ("--write-timeout", writeTimeout),
        ] where !(1...3600).contains(value) {
            throw ValidationError("\(name) \(value): expected 1 to 3600 seconds")
        }
        guard (0...shutdownGraceLimit).contains(shutdownGrace) else {
            throw ValidationError("--shutdown-grace \(shutdownGrace): expected 0 to \(shutdownGraceLimit) seconds")
        }
        guard minimumBodyRate >= 0 else {
            throw ValidationError("--minimum-body-rate \(minimumBodyRate): expected bytes per second, 0 or more")
        }
        guard deviceUploads >= 1 else {
            throw ValidationError("--device-uploads \(deviceUploads): expected at least 1")
        }
        guard (1...1_000_000).contains(maxConnections) else {
            throw ValidationError(
                "--max-connections \(maxConnections): expected a number of connections from 1 to 1000000")
        }
        guard (1...maxConnections).contains(maxConnectionsPerAddress) else {
            throw ValidationError(
                "--max-connections-per-address \(maxConnectionsPerAddress): expected a number of connections from 1 to --max-connections (\(maxConnections))"
            )
        }
        guard registrationsPerMinute >= 1 else {
            throw ValidationError("--registrations-per-minute \(registrationsPerMinute): expected at least 1")
        }
        switch registration {
        case "open", "closed":
            guard registrationSecretFile == nil else {
                throw ValidationError(
                    "--registration-secret-file needs --registration secret (found --registration \(registration))")
            }
        case "secret":
            guard registrationSecretFile != nil else {
                throw ValidationError(
                    "--registration secret needs --registration-secret-file FILE, the file holding the secret")
            }
        default:
            throw ValidationError("--registration \(registration): expected open, secret or closed")
        }
    }

    private var shutdownGraceLimit: Int { 3600 }

    /// The limits these options set, the others at their defaults.
    var limits: ServerLimits {
        var limits = ServerLimits()
        limits.headerTimeout = .seconds(headerTimeout)
        limits.idleTimeout = .seconds(idleTimeout)
        limits.bodyTimeout = .seconds(bodyTimeout)
        limits.minimumBodyRate = minimumBodyRate
        limits.maximumUploadsPerDevice = deviceUploads
        limits.shutdownGrace = .seconds(shutdownGrace)
        limits.registrationsPerMinute = registrationsPerMinute
        limits.writeTimeout = .seconds(writeTimeout)
        limits.maximumConnections = maxConnections
        limits.maximumConnectionsPerAddress = maxConnectionsPerAddress
        return limits
    }

    /// The registration policy; reads the secret's file (never printed).
    func registrationPolicy() throws -> RegistrationPolicy {
        switch registration {
        case "closed": return .closed
        case "secret":
            let path = registrationSecretFile ?? ""
            let text: String
            do {
                text = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw ServeFailure(
                    "--registration-secret-file \(path): cannot read it (\(error.localizedDescription)); check the path and its permissions"
                )
            }
            let secret =
                text.split(whereSeparator: \.isNewline).first.map(String.init)?.trimmingCharacters(in: .whitespaces)
                ?? ""
            guard secret.utf8.count >= 16 else {
                throw ServeFailure(
                    "--registration-secret-file \(path): the secret is \(secret.utf8.count) bytes; use at least 16 (e.g. openssl rand -hex 32)"
                )
            }
            return .secret(secret)
        default: return .open
        }
    }
}
