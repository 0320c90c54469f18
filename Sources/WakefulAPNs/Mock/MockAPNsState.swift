import Foundation
import Wakeful

/// A request the mock received, with what it answered (reference §9.3).
public struct MockRecordedRequest: Sendable, Equatable {
    /// 1 for the first request the server received, counting every connection.
    public let ordinal: Int
    /// Which TCP connection (1-based, in accept order).
    public let connectionID: Int
    /// The HTTP/2 stream.
    public let streamID: Int
    /// When the request's end arrived, by the mock's clock.
    public let arrival: Date
    /// Method, path, headers and body.
    public let request: MockRequest
    /// The decoded provider token, when it could be read.
    public let jwt: DecodedProviderJWT?
    /// The status answered; `nil` for no reply and GOAWAY faults.
    public let status: Int?
    /// The reason answered, if any.
    public let reason: String?
    /// Lint findings: background pushes (§9.1) and Live Activity payloads (``MockLiveActivityLint``).
    public let lintFindings: [String]
}

/// What the mock does with one request: validation first, then faults.
struct MockDecision {
    var verdict: MockVerdict
    var delay: Duration
    var fault: MockFault?
    var apnsID: String
    var environment: APNsEnvironment
}

/// Everything the mock remembers, guarded by the server's lock.
struct MockAPNsState {
    var configuration: MockAPNsConfiguration
    var registrations: [String: [MockDeviceRegistration]] = [:]
    var faults: [MockFaultRule] = []
    var generator: SplitMix64
    var ordinal = 0
    var latestIssuedAt: [String: Int] = [:]
    var records: [MockRecordedRequest] = []

    init(configuration: MockAPNsConfiguration) {
        self.configuration = configuration
        generator = SplitMix64(seed: configuration.seed)
    }

    mutating func decide(
        _ request: MockRequest, connectionID: Int, streamID: Int, verifiedTokens: inout MockVerifiedTokens
    ) -> MockDecision {
        ordinal += 1
        let now = configuration.clock.now
        let verdict =
            configuration.acceptAll
            ? MockVerdict(status: 200, reason: nil, jwt: nil)
            : MockAPNsValidator(configuration: configuration, registrations: registrations)
                .validate(request, now: now, latestIssuedAt: &latestIssuedAt, verifiedTokens: &verifiedTokens)
        var delay = Duration.zero
        var fault: MockFault?
        if verdict.isAccepted {
            (delay, fault) = faults.select(ordinal: ordinal, deviceToken: request.deviceToken, generator: &generator)
        }
        let apnsID = request.header("apns-id") ?? UUID().uuidString
        var status: Int? = verdict.status
        var reason = verdict.reason
        switch fault {
        case .reject(let code, let why): (status, reason) = (code, why)
        case .unregistered(let why, _): (status, reason) = (410, why)
        case .shutdown: (status, reason) = (503, "Shutdown")
        case .goAway(let why): (status, reason) = (nil, "GOAWAY " + why)
        case .noReply: (status, reason) = (nil, "no reply")
        case .delay, nil: break
        }
        if configuration.recordsRequests {
            records.append(
                MockRecordedRequest(
                    ordinal: ordinal, connectionID: connectionID, streamID: streamID, arrival: now, request: request,
                    jwt: verdict.jwt, status: status, reason: reason, lintFindings: verdict.lintFindings))
        }
        return MockDecision(
            verdict: verdict, delay: delay, fault: fault, apnsID: apnsID, environment: configuration.environment)
    }
}
