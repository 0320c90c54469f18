import Foundation
import Logging
import NIOConcurrencyHelpers
import WakefulAPNs

/// One `APNsSender` per (environment, topic), made on first use, all sharing one provider token
/// (reference §3: one token for all requests and connections); shut down together.
actor APNsSenderPool {
    private struct Key: Hashable {
        let environment: APNsRegistration.Environment
        let topic: String
    }

    private let connection: APNsConnection
    private let tokens: ProviderTokenProvider
    private let logger: Logger
    private let clock: WallClock
    private var senders: [Key: APNsSender] = [:]
    private var closed = false
    /// Attempts reported by the senders, by `apns-id`, until the dispatcher takes them.
    nonisolated let attempts = AttemptCollector()

    init(connection: APNsConnection, logger: Logger, clock: WallClock) throws {
        self.connection = connection
        self.logger = logger
        self.clock = clock
        tokens = try ProviderTokenProvider(
            credentials: connection.credentials, minimumMintInterval: connection.minimumMintInterval, clock: clock)
    }

    /// The sender for tokens of `environment` and app `topic`.
    func sender(environment: APNsRegistration.Environment, topic: String) throws -> APNsSender {
        let key = Key(environment: environment, topic: topic)
        if let sender = senders[key] { return sender }
        guard !closed else { throw CancellationError() }
        var configuration = APNsSenderConfiguration(baseURL: connection.baseURL(for: environment), topic: topic)
        configuration.requestTimeout = connection.requestTimeout
        configuration.trustedCertificatesPEM = connection.trustedCertificatesPEM
        configuration.transport = connection.transport
        // One HTTP attempt per dispatch: the dispatcher reschedules in storage instead of sleeping,
        // so resends survive a restart and show on the timeline.
        configuration.retry.maxAttempts = 1
        let collector = attempts
        let sender = try APNsSender(
            configuration: configuration, tokens: tokens, logger: logger, onAttempt: { collector.add($0) }, clock: clock
        )
        senders[key] = sender
        return sender
    }

    /// Closes every sender's connections.
    func shutdown() async {
        closed = true
        for sender in senders.values {
            do { try await sender.shutdown() } catch {
                logger.warning("APNs client shutdown failed", metadata: ["error": "\(error)"])
            }
        }
        senders = [:]
    }
}

/// Collects the sender's per-attempt reports so the dispatcher can store those of one push.
final class AttemptCollector: Sendable {
    private let byAPNsID = NIOLockedValueBox<[String: [PushAttempt]]>([:])

    func add(_ attempt: PushAttempt) { byAPNsID.withLockedValue { $0[attempt.apnsID, default: []].append(attempt) } }

    /// The attempts reported for `apnsID`, forgotten here.
    func take(_ apnsID: String) -> [PushAttempt] { byAPNsID.withLockedValue { $0.removeValue(forKey: apnsID) ?? [] } }
}
