import ArgumentParser
import Dispatch
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import WakefulAPNs

/// `wakeful-server mock-apns`: a mock APNs on 127.0.0.1 for trying the push sender without Apple.
struct MockAPNs: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock-apns",
        abstract: "Run a mock APNs: HTTP/2 over TLS on 127.0.0.1, validating requests as APNs does.",
        discussion: """
            The mock makes a self-signed certificate at start, writes it to --cert-out (a new temporary file by default) and prints that path and the port; point a client at https://127.0.0.1:<port> and make it trust the certificate. It checks method, path, device token, headers, the provider token (ES256 signature by the key of --apns-key-file, its Key ID and Team ID, age at most 1 hour, a new token at most every 20 minutes), topic, push type, priority, expiration, collapse id, apns-id and payload size, and answers as APNs would. --accept-all skips every check (for benchmarks). Stop it with Ctrl-C.

            Examples:
              wakeful-server mock-apns --accept-all --latency-ms 40
              wakeful-server mock-apns --apns-key-file AuthKey_ABC123DEFG.p8 --apns-key-id ABC123DEFG --apns-team-id TEAM123456 \\
                  --topic com.example.app --device 3f2a…(64 hex digits)
              wakeful-server mock-apns --port 2197 --environment production --accept-all --cert-out mock-apns.pem
            """
    )

    @Option(help: "Port on 127.0.0.1 (0: any free port, printed at start).")
    var port: Int = 0

    @Option(help: "Where to write the certificate (PEM) clients must trust; default: a new temporary file.")
    var certOut: String?

    @Flag(help: "Answer 200 to every request without checks.")
    var acceptAll = false

    @OptionGroup(title: "APNs provider key whose tokens are accepted (as serve takes it)")
    var apnsKey: APNsKeyOptions

    @Option(help: "A topic (bundle ID) to allow; repeat for several.")
    var topic: [String] = []

    @Option(help: "A device token (64 hex digits) to register for every --topic; repeat for several.")
    var device: [String] = []

    @Option(help: "The environment to emulate: development or production.")
    var environment: String = "development"

    @Option(help: "Delay added to every answer, in milliseconds (40 emulates a WAN round trip).")
    var latencyMs: Int = 0

    @Option(help: "MAX_CONCURRENT_STREAMS once a connection has authenticated (it starts at 1, as APNs does).")
    var maxStreams: Int = 1000

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
        guard APNsEnvironment(rawValue: environment) != nil else {
            throw ValidationError("--environment must be development or production")
        }
        guard latencyMs >= 0 else { throw ValidationError("--latency-ms must be 0 or more") }
        guard maxStreams >= 1 else { throw ValidationError("--max-streams must be at least 1") }
        if !acceptAll {
            guard apnsKey.isGiven else {
                throw ValidationError(
                    "give --apns-key-file, --apns-key-id and --apns-team-id (the key tokens are checked against), or --accept-all"
                )
            }
            guard !topic.isEmpty else {
                throw ValidationError("give at least one --topic (the app's bundle ID), or --accept-all")
            }
        }
        for token in device where token.utf8.count != 64 || !token.allSatisfy(\.isHexDigit) {
            throw ValidationError("--device must be 64 hex digits; got \(token.count) characters")
        }
    }

    func run() async throws {
        var configuration = MockAPNsConfiguration()
        configuration.acceptAll = acceptAll
        configuration.environment = APNsEnvironment(rawValue: environment) ?? .development
        configuration.allowedTopics = Set(topic)
        configuration.establishedMaxConcurrentStreams = maxStreams
        configuration.recordsRequests = false
        if let credentials = try apnsKey.credentials() {
            configuration.keys = [
                credentials.keyID: MockProviderKey(teamID: credentials.teamID, publicKey: credentials.publicKey)
            ]
        }
        let mock = try await MockAPNsServer.start(configuration, port: port)
        for token in device {
            for topic in topic {
                mock.register(
                    MockDeviceRegistration(deviceToken: token, environment: configuration.environment, topic: topic))
            }
        }
        if latencyMs > 0 { mock.addFault(MockFaultRule(.delay(base: .milliseconds(latencyMs)))) }
        let certificatePath =
            certOut
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("wakeful-mock-apns-\(getpid()).pem").path
        do {
            try mock.certificatePEM.write(toFile: certificatePath, atomically: true, encoding: .utf8)
        } catch {
            try? await mock.shutdown()
            throw ValidationError("cannot write the certificate to \(certificatePath): \(error.localizedDescription)")
        }
        // Written unbuffered, so a script reading the port sees it at once.
        FileHandle.standardOutput.write(
            Data(
                """
                mock APNs listening on \(mock.baseURL) (\(environment)\(acceptAll ? ", accept-all" : ""))
                port: \(mock.port)
                certificate: \(certificatePath)

                """.utf8))
        await Self.waitForInterrupt()
        print("shutting down after \(mock.requestCount) requests")
        try await mock.shutdown()
    }

    /// Returns on SIGINT or SIGTERM.
    static func waitForInterrupt() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = OnceFlag()
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler {
                    if once.claim() { continuation.resume() }
                }
                source.resume()
                SignalSources.keep(source)
            }
        }
    }
}

/// True for the first caller only.
private final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    func claim() -> Bool {
        lock.withLock {
            defer { claimed = true }
            return !claimed
        }
    }
}

/// Keeps signal sources alive for the life of the process.
private enum SignalSources {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    private static let lock = NSLock()

    static func keep(_ source: any DispatchSourceSignal) { lock.withLock { sources.append(source) } }
}
