import Foundation

/// One request as the mock received it.
public struct MockRequest: Sendable, Equatable {
    /// `:method`.
    public var method: String
    /// `:path`.
    public var path: String
    /// Regular headers in arrival order, names lower-cased; duplicates kept.
    public var headers: [(name: String, value: String)]
    /// The request body.
    public var body: Data

    /// A request.
    public init(method: String, path: String, headers: [(name: String, value: String)], body: Data) {
        self.method = method
        self.path = path
        self.headers = headers.map { ($0.name.lowercased(), $0.value) }
        self.body = body
    }

    /// The value of the first header called `name`.
    public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// The device token from `/3/device/<token>`, if the path has that shape.
    public var deviceToken: String? {
        guard path.hasPrefix("/3/device/") else { return nil }
        return String(path.dropFirst("/3/device/".count))
    }

    public static func == (lhs: MockRequest, rhs: MockRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.body == rhs.body
            && lhs.headers.map { [$0.name, $0.value] } == rhs.headers.map { [$0.name, $0.value] }
    }
}

/// The mock's judgement of a request before faults.
public struct MockVerdict: Sendable, Equatable {
    /// 200, or the error status.
    public var status: Int
    /// APNs's reason, `nil` on success.
    public var reason: String?
    /// The provider token as decoded, when there was one.
    public var jwt: DecodedProviderJWT?
    /// Background-push rule breaches Apple may not reject (§9.1, last row).
    public var lintFindings: [String] = []

    /// Whether the request passed every check.
    public var isAccepted: Bool { status == 200 }
}

/// The checks of reference §9.1, in order; the first failure wins.
struct MockAPNsValidator {
    let configuration: MockAPNsConfiguration
    let registrations: [String: [MockDeviceRegistration]]

    static let pushTypes: Set<String> = [
        "alert", "background", "location", "voip", "complication", "fileprovider", "mdm", "liveactivity", "pushtotalk",
        "widgets",
    ]

    /// Judges `request`; `latestIssuedAt` (per Key ID) tracks the newest token seen, for the mint
    /// floor; `verifiedTokens` holds the tokens whose signature the request's connection verified.
    func validate(
        _ request: MockRequest, now: Date, latestIssuedAt: inout [String: Int], verifiedTokens: inout MockVerifiedTokens
    ) -> MockVerdict {
        func fail(_ status: Int, _ reason: String, _ jwt: DecodedProviderJWT? = nil) -> MockVerdict {
            MockVerdict(status: status, reason: reason, jwt: jwt)
        }
        guard request.method == "POST" else { return fail(405, "MethodNotAllowed") }
        guard let token = request.deviceToken, !token.contains("/") else { return fail(404, "BadPath") }
        guard !token.isEmpty else { return fail(400, "MissingDeviceToken") }
        guard token.utf8.count == 64, token.allSatisfy(\.isHexDigit) else { return fail(400, "BadDeviceToken") }
        var seen = Set<String>()
        for header in request.headers where !seen.insert(header.name).inserted { return fail(400, "DuplicateHeaders") }

        guard let authorization = request.header("authorization") else { return fail(403, "MissingProviderToken") }
        guard authorization.lowercased().hasPrefix("bearer "),
            let jwt = verifiedTokens.verified(authorization.dropFirst("bearer ".count), keys: configuration.keys),
            let keyID = jwt.keyID, let issuedAt = jwt.issuedAt
        else { return fail(403, "InvalidProviderToken") }
        let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
        guard Duration.seconds(nowSeconds - issuedAt) <= configuration.maximumTokenAge else {
            return fail(403, "ExpiredProviderToken", jwt)
        }
        if let latest = latestIssuedAt[keyID], issuedAt > latest {
            guard Duration.seconds(issuedAt - latest) >= configuration.minimumTokenInterval else {
                return fail(429, "TooManyProviderTokenUpdates", jwt)
            }
        }
        latestIssuedAt[keyID] = Swift.max(latestIssuedAt[keyID] ?? issuedAt, issuedAt)

        guard let topic = request.header("apns-topic"), !topic.isEmpty else { return fail(400, "MissingTopic", jwt) }
        guard topic.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }) else {
            return fail(400, "BadTopic", jwt)
        }
        guard configuration.allowedTopics.contains(topic) else { return fail(400, "TopicDisallowed", jwt) }
        let known = registrations[token.lowercased()] ?? []
        let inEnvironment = known.filter { $0.environment == configuration.environment }
        guard !inEnvironment.isEmpty else { return fail(400, "BadDeviceToken", jwt) }
        guard inEnvironment.contains(where: { $0.topic == topic }) else {
            return fail(400, "DeviceTokenNotForTopic", jwt)
        }

        let pushType = request.header("apns-push-type")
        guard let pushType, Self.pushTypes.contains(pushType) else { return fail(400, "InvalidPushType", jwt) }
        // LIVE-11: ActivityKit pushes, and only they, go to `<bundle ID>.push-type.liveactivity`.
        guard (pushType == "liveactivity") == topic.hasSuffix(MockLiveActivityLint.topicSuffix) else {
            return fail(400, "InvalidPushType", jwt)
        }
        let priority = request.header("apns-priority")
        if let priority, !["1", "5", "10"].contains(priority) { return fail(400, "BadPriority", jwt) }
        // LIVE-11: a Live Activity push is sent at 5 or at 10 (LIVE-6: 10 draws on the budget).
        if pushType == "liveactivity", priority == "1" { return fail(400, "BadPriority", jwt) }
        if let expiration = request.header("apns-expiration"), Int(expiration) == nil {
            return fail(400, "BadExpirationDate", jwt)
        }
        if let collapseID = request.header("apns-collapse-id"), collapseID.utf8.count > 64 {
            return fail(400, "BadCollapseId", jwt)
        }
        if let apnsID = request.header("apns-id"), UUID(uuidString: apnsID) == nil {
            return fail(400, "BadMessageId", jwt)
        }
        guard !request.body.isEmpty else { return fail(400, "PayloadEmpty", jwt) }
        guard let object = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] else {
            return fail(400, "MockBodyNotJSONObject", jwt)
        }
        let limit = pushType == "voip" ? 5120 : 4096
        guard request.body.count <= limit else { return fail(413, "PayloadTooLarge", jwt) }

        var verdict = MockVerdict(status: 200, reason: nil, jwt: jwt)
        if pushType == "background" {
            if priority != "5" { verdict.lintFindings.append("background push without apns-priority 5") }
            let aps = object["aps"] as? [String: Any]
            let contentAvailable = (aps?["content-available"] as? NSNumber)?.intValue
            if aps?.count != 1 || contentAvailable != 1 {
                verdict.lintFindings.append("background push whose aps is not exactly {\"content-available\":1}")
            }
            if configuration.strictBackgroundLint, !verdict.lintFindings.isEmpty {
                verdict.status = 400
                verdict.reason = "MockBackgroundLint"
            }
        }
        if pushType == "liveactivity" {
            verdict.lintFindings = MockLiveActivityLint.findings(in: object)
            if configuration.strictLiveActivityLint, !verdict.lintFindings.isEmpty {
                verdict.status = 400
                verdict.reason = "MockLiveActivityLint"
            }
        }
        return verdict
    }
}
