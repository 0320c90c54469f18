import Foundation

/// Mints, caches and refreshes the one provider token shared by every request (reference §3).
///
/// A token is reused until it is `refreshAfter` old (default 45 min; APNs refuses tokens older than
/// 1 h), and a new one is never minted sooner than `minimumMintInterval` (20 min) after the last,
/// even after APNs answers `ExpiredProviderToken` (APNs answers `TooManyProviderTokenUpdates`
/// otherwise). Time comes from the injected ``WallClock``, so tests are deterministic.
///
/// ```swift
/// let tokens = try ProviderTokenProvider(credentials: credentials)
/// let jwt = try await tokens.currentToken()
/// ```
public actor ProviderTokenProvider {
    /// The key and identifiers tokens are signed with.
    public nonisolated let credentials: APNsCredentials
    /// How old a token may grow before it is replaced on next use.
    public nonisolated let refreshAfter: Duration
    /// The least time between two mints.
    public nonisolated let minimumMintInterval: Duration
    private let clock: WallClock
    private var current: (token: String, issuedAt: Int)?
    /// How many tokens this provider has minted.
    public private(set) var mintCount = 0

    /// A provider for `credentials`.
    ///
    /// - Parameters:
    ///   - credentials: the key that signs every token.
    ///   - refreshAfter: between 20 and 60 minutes (R: 40–50 min).
    ///   - minimumMintInterval: at least 20 minutes against real APNs; lower only for a mock.
    ///   - clock: the time tokens are issued at (its date's seconds since 1970 become `iat`).
    /// - Throws: ``APNsCredentialsError`` when `refreshAfter` is outside 20–60 minutes.
    public init(
        credentials: APNsCredentials,
        refreshAfter: Duration = .seconds(45 * 60),
        minimumMintInterval: Duration = .seconds(20 * 60),
        clock: WallClock = .system
    ) throws {
        guard refreshAfter >= .seconds(20 * 60), refreshAfter < .seconds(60 * 60) else {
            throw APNsCredentialsError(field: "refreshAfter", expected: "between 20 and 60 minutes (45 recommended)")
        }
        self.credentials = credentials
        self.refreshAfter = refreshAfter
        self.minimumMintInterval = minimumMintInterval
        self.clock = clock
    }

    /// The token to send now: the cached one, or a fresh one once the cached one is `refreshAfter` old.
    public func currentToken() throws -> String {
        let nowSeconds = Self.seconds(clock.now)
        if let current, Duration.seconds(nowSeconds - current.issuedAt) < refreshAfter {
            return current.token
        }
        return try mint(at: nowSeconds)
    }

    /// The token to resend with after APNs rejected `rejected` as `ExpiredProviderToken`.
    ///
    /// Returns a newer token when another request already replaced `rejected`, a fresh one when the
    /// 20-minute floor allows a mint, and `nil` when it does not (the push must not be resent now).
    public func tokenAfterExpiry(of rejected: String) throws -> String? {
        let nowSeconds = Self.seconds(clock.now)
        guard let current else { return try mint(at: nowSeconds) }
        if current.token != rejected { return current.token }
        guard Duration.seconds(nowSeconds - current.issuedAt) >= minimumMintInterval else { return nil }
        return try mint(at: nowSeconds)
    }

    private func mint(at seconds: Int) throws -> String {
        let token = try ProviderJWT.sign(credentials, issuedAt: seconds)
        current = (token, seconds)
        mintCount += 1
        return token
    }

    private static func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }
}
