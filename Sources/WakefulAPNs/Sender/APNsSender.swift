import Foundation
import Logging
import NIOCore
import NIOFoundationCompat
import NIOSSL

/// Sends background and Live Activity pushes to APNs over HTTP/2 and applies the response rules of
/// reference §4.
///
/// One sender keeps ``APNsSenderConfiguration/connections`` HTTP/2 connections open (pushes go to
/// them round robin) through the transport the configuration names (``APNsTransportKind``), and
/// shares one ``ProviderTokenProvider``. Call ``shutdown()`` before dropping it.
///
/// ```swift
/// let (attempts, recorder) = AsyncStream.makeStream(of: PushAttempt.self)
/// let sender = try APNsSender(
///     configuration: APNsSenderConfiguration(baseURL: APNsSenderConfiguration.sandbox, topic: "com.example.app"),
///     tokens: tokens, onAttempt: { recorder.yield($0) })
/// let result = await sender.send(try BackgroundPush(deviceToken: hexToken))
/// try await sender.shutdown()
/// ```
public final class APNsSender: Sendable {
    /// The configuration the sender was made with.
    public let configuration: APNsSenderConfiguration
    /// The provider token source shared by every request.
    public let tokens: ProviderTokenProvider
    private let transport: any APNsTransport
    private let inFlight: AsyncSemaphore
    private let streamLimits: StreamLimitObserver
    private let onAttempt: @Sendable (PushAttempt) -> Void
    private let clock: WallClock
    private let logger: Logger

    /// A sender; it opens connections on first use.
    ///
    /// - Parameters:
    ///   - configuration: where to send, the topic, the transport, deadlines and bounds.
    ///   - tokens: the provider-token source, shared with other senders of the same key.
    ///   - logger: receives one debug line per attempt (never a token).
    ///   - onAttempt: called once per HTTP attempt (for the server to store; may run concurrently).
    ///   - clock: dates `apns-expiration` and attempts, times them, and waits between resends.
    /// - Throws: ``PushInputError`` for a bad configuration, NIOSSL errors for unreadable PEM.
    public init(
        configuration: APNsSenderConfiguration,
        tokens: ProviderTokenProvider,
        logger: Logger = Logger(label: "wakeful.apns"),
        onAttempt: @escaping @Sendable (PushAttempt) -> Void = { _ in },
        clock: WallClock = .system
    ) throws {
        try configuration.validate()
        self.configuration = configuration
        self.tokens = tokens
        self.onAttempt = onAttempt
        self.clock = clock
        self.logger = logger
        let inFlight = AsyncSemaphore(limit: configuration.maxInFlight)
        let streamLimits = StreamLimitObserver(configuredBound: configuration.maxInFlight, semaphore: inFlight)
        self.inFlight = inFlight
        self.streamLimits = streamLimits

        var tls = TLSConfiguration.makeClientConfiguration()
        if let pems = configuration.trustedCertificatesPEM {
            tls.trustRoots = .certificates(try pems.flatMap { try NIOSSLCertificate.fromPEMBytes(Array($0.utf8)) })
        }
        switch configuration.transport {
        case .http2Frames:
            transport = try HTTP2FrameTransport(configuration: configuration, tls: tls, streamLimits: streamLimits)
        case .asyncHTTPClient:
            transport = AsyncHTTPClientTransport(configuration: configuration, tls: tls, streamLimits: streamLimits)
        }
    }

    /// The current in-flight bound: the configured one, lowered to the server's SETTINGS.
    public var inFlightLimit: Int { inFlight.limit }

    /// Closes the connections; in-flight pushes fail.
    public func shutdown() async throws {
        try await transport.shutdown()
    }

    /// Sends one push, resending as §4 allows, and says what to do next.
    ///
    /// A payload over the push's limit (4096 bytes) is refused here without contacting APNs.
    public func send(_ push: some APNsNotification) async -> PushResult {
        let body = push.payload()
        guard body.count <= type(of: push).maximumPayloadBytes else {
            return PushResult(
                outcome: .rejected(status: 413, reason: "PayloadTooLarge", timestamp: nil), action: .neverRetry,
                attempts: 0)
        }
        var jwt: String
        do { jwt = try await tokens.currentToken() } catch {
            return PushResult(
                outcome: .transportError("cannot sign the provider token"), action: .fixCredentials, attempts: 0)
        }
        var reMinted = false
        var number = 0
        while true {
            number += 1
            let answer = await attempt(push, body: body, jwt: jwt, number: number)
            let (status, reason, timestamp, apnsID): (Int, String?, Date?, String?)
            switch answer {
            case .transport(let message):
                let delay = configuration.retry.delay(afterAttempt: number)
                return PushResult(outcome: .transportError(message), action: .retryAfter(delay), attempts: number)
            case .response(let code, let why, let when, let id):
                (status, reason, timestamp, apnsID) = (code, why, when, id)
            }
            let rejected = PushOutcome.rejected(status: status, reason: reason ?? "", timestamp: timestamp)
            switch APNsResponseRule.classify(status: status, reason: reason) {
            case .success:
                return PushResult(
                    outcome: .delivered(apnsID: apnsID ?? push.apnsID.uuidString), action: .none, attempts: number)
            case .neverRetry:
                return PushResult(outcome: rejected, action: .neverRetry, attempts: number)
            case .unregistered:
                return PushResult(
                    outcome: rejected, action: Self.invalidation(push, asOf: timestamp ?? clock.now), attempts: number)
            case .senderBug:
                return PushResult(outcome: rejected, action: .fixSender, attempts: number)
            case .credentialError:
                return PushResult(outcome: rejected, action: .fixCredentials, attempts: number)
            case .tooManyTokenUpdates:
                return PushResult(outcome: rejected, action: .reuseCurrentToken, attempts: number)
            case .expiredProviderToken:
                // Exactly one re-mint per push, and only when the 20-minute floor allows it.
                if !reMinted, let fresh = try? await tokens.tokenAfterExpiry(of: jwt) {
                    jwt = fresh
                    reMinted = true
                    continue
                }
                return PushResult(outcome: rejected, action: .retryAfter(tokens.minimumMintInterval), attempts: number)
            case .backOff, .newConnection:
                // AHC retires a connection that received GOAWAY (APNs sends one with 503 Shutdown)
                // and opens a fresh one for the next request; it offers no way to force one.
                let delay = configuration.retry.delay(afterAttempt: number)
                if number < configuration.retry.maxAttempts {
                    // Cancelled, the pause ends early and the next attempt reports the cancellation.
                    try? await clock.sleep(for: delay)
                    continue
                }
                let later = status >= 500 ? max(delay, configuration.retry.serverErrorRetryAfter) : delay
                return PushResult(
                    outcome: .retryLater(after: later, status: status, reason: reason ?? ""),
                    action: .retryAfter(later), attempts: number)
            }
        }
    }

    /// 410: invalidate as of `timestamp` unless the device registered the token after it (§11).
    static func invalidation(_ push: some APNsNotification, asOf timestamp: Date) -> PushAction {
        if let registered = push.tokenRegisteredAt, registered > timestamp { return .keepToken }
        return .invalidateToken(asOf: timestamp)
    }

    private enum Answer {
        case response(status: Int, reason: String?, timestamp: Date?, apnsID: String?)
        case transport(String)
    }

    private func attempt(_ push: some APNsNotification, body: Data, jwt: String, number: Int) async -> Answer {
        let expiration = push.expiration ?? clock.now.addingTimeInterval(configuration.defaultExpiration.secondsValue)
        var headers = [
            ("authorization", "bearer " + jwt), ("apns-push-type", push.pushType),
            ("apns-priority", String(push.priority)),
            ("apns-topic", configuration.topic + push.topicSuffix),
            ("apns-expiration", String(Int(expiration.timeIntervalSince1970.rounded(.down)))),
            ("apns-id", push.apnsID.uuidString),
        ]
        if let collapseID = push.collapseID { headers.append(("apns-collapse-id", collapseID)) }
        let request = APNsHTTPRequest(
            path: "/3/device/" + push.deviceToken, headers: headers, body: ByteBuffer(bytes: body))

        do { try await inFlight.wait() } catch { return .transport("cancelled") }
        defer { inFlight.signal() }
        let startedAt = clock.now
        let start = clock.elapsed
        let answer: Answer
        do {
            let response = try await transport.send(request, timeout: configuration.requestTimeout)
            // A 200 has an empty body: decode only failure bodies.
            let failure =
                response.body.readableBytes == 0
                ? nil : try? JSONDecoder().decode(FailureBody.self, from: Data(buffer: response.body))
            answer = .response(
                status: response.status,
                reason: failure?.reason,
                timestamp: failure?.timestamp.map { Date(timeIntervalSince1970: $0 / 1000) },
                apnsID: response.apnsID
            )
        } catch APNsTransportError.deadlineExceeded {
            answer = .transport("deadline exceeded after \(configuration.requestTimeout)")
        } catch {
            answer = .transport(String(describing: error))
        }
        let latency = clock.elapsed - start
        let record: PushAttempt
        switch answer {
        case .response(let status, let reason, _, _):
            record = PushAttempt(
                apnsID: push.apnsID.uuidString, number: number, status: status, reason: reason, startedAt: startedAt,
                latency: latency)
        case .transport(let message):
            record = PushAttempt(
                apnsID: push.apnsID.uuidString, number: number, status: nil, reason: message, startedAt: startedAt,
                latency: latency)
        }
        logger.debug(
            "apns attempt",
            metadata: [
                "apns-id": "\(record.apnsID)", "attempt": "\(number)",
                "status": "\(record.status.map(String.init) ?? "none")",
                "reason": "\(record.reason ?? "")", "latency": "\(latency)",
            ])
        onAttempt(record)
        return answer
    }

    private struct FailureBody: Decodable {
        let reason: String?
        let timestamp: Double?
    }
}

/// The result of ``APNsSender/send(_:)``.
public struct PushResult: Sendable, Equatable {
    /// What became of the push.
    public let outcome: PushOutcome
    /// What the caller should do about it.
    public let action: PushAction
    /// HTTP attempts made (0 when refused locally).
    public let attempts: Int
}
