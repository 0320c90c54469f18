import Crypto
import Foundation
import Testing
@testable import WakefulAPNs
import WakefulTestSupport

@Suite(.hangLimit, .watchdog) struct ProviderJWTTests {
    @Test func headerAndClaimsAreExactlyWhatAPNsExpects() throws {
        let credentials = try Fixture.credentials()
        let token = try ProviderJWT.sign(credentials, issuedAt: 1_800_000_123)
        let parts = token.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        #expect(String(decoding: Base64URL.decode(parts[0])!, as: UTF8.self) == #"{"alg":"ES256","kid":"KEY1234567"}"#)
        #expect(
            String(decoding: Base64URL.decode(parts[1])!, as: UTF8.self) == #"{"iss":"TEAM123456","iat":1800000123}"#)
        #expect(!token.contains("=") && !token.contains("+") && !token.contains("/"))
    }

    @Test func signatureIsRawRSAndVerifiesWithThePublicKey() throws {
        let credentials = try Fixture.credentials()
        let decoded = try ProviderJWT.decode(try ProviderJWT.sign(credentials, issuedAt: 42))
        #expect(decoded.signature.count == 64)
        #expect(decoded.isSigned(by: credentials.publicKey))
        #expect(!decoded.isSigned(by: P256.Signing.PrivateKey().publicKey))
        #expect(decoded.algorithm == "ES256" && decoded.keyID == Fixture.keyID)
        #expect(decoded.issuer == Fixture.teamID && decoded.issuedAt == 42)
    }

    @Test func decodeRejectsGarbageAndReadsStringIatAsAbsent() throws {
        #expect(throws: ProviderJWTError.malformed) { try ProviderJWT.decode("not-a-jwt") }
        let header = Base64URL.encode(Data(#"{"alg":"ES256","kid":"K"}"#.utf8))
        let claims = Base64URL.encode(Data(#"{"iss":"T","iat":"12"}"#.utf8))
        #expect(try ProviderJWT.decode("\(header).\(claims).AAAA").issuedAt == nil)
    }
}

@Suite(.hangLimit, .watchdog) struct APNsCredentialsTests {
    @Test func badInputNamesTheField() {
        #expect(throws: APNsCredentialsError.self) { try APNsCredentials(teamID: "T", keyID: Fixture.keyID, p8PEM: "") }
        do {
            _ = try APNsCredentials(teamID: Fixture.teamID, keyID: Fixture.keyID, p8PEM: "-----BEGIN NOTHING-----")
            Issue.record("expected an error")
        } catch let error as APNsCredentialsError {
            #expect(error.field == "p8PEM")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func descriptionNeverShowsTheKey() throws {
        let pem = P256.Signing.PrivateKey().pemRepresentation
        let credentials = try APNsCredentials(teamID: Fixture.teamID, keyID: Fixture.keyID, p8PEM: pem)
        let body = pem.split(separator: "\n")[1]
        #expect(!"\(credentials)".contains(body))
        #expect("\(credentials)".contains("redacted"))
    }
}

@Suite(.hangLimit, .watchdog) struct ProviderTokenProviderTests {
    @Test func reusesTheTokenUntilRefreshAfterThenMintsOnce() async throws {
        let clock = TestTime()
        let tokens = try ProviderTokenProvider(credentials: Fixture.credentials(), clock: clock.wall)
        let first = try await tokens.currentToken()
        try await clock.advance(minutes: 44.9)
        #expect(try await tokens.currentToken() == first)
        try await clock.advance(minutes: 0.1)
        let second = try await tokens.currentToken()
        #expect(second != first)
        #expect(try await tokens.currentToken() == second)
        #expect(await tokens.mintCount == 2)
        #expect(try ProviderJWT.decode(second).issuedAt == Int(clock.now.timeIntervalSince1970))
    }

    @Test func expiredProviderTokenReMintsOnlyAfterTheTwentyMinuteFloor() async throws {
        let clock = TestTime()
        let tokens = try ProviderTokenProvider(credentials: Fixture.credentials(), clock: clock.wall)
        let first = try await tokens.currentToken()
        try await clock.advance(minutes: 19.9)
        #expect(try await tokens.tokenAfterExpiry(of: first) == nil)
        try await clock.advance(minutes: 0.1)
        let second = try #require(try await tokens.tokenAfterExpiry(of: first))
        #expect(second != first)
        // A second request rejected with the old token gets the new one, no further mint.
        #expect(try await tokens.tokenAfterExpiry(of: first) == second)
        #expect(try await tokens.tokenAfterExpiry(of: second) == nil)
        #expect(await tokens.mintCount == 2)
    }

    @Test(arguments: [19.0, 60.0, 75.0]) func refreshOutsideTheWindowIsRefused(minutes: Double) throws {
        #expect(throws: APNsCredentialsError.self) {
            try ProviderTokenProvider(credentials: Fixture.credentials(), refreshAfter: .seconds(minutes * 60))
        }
    }
}
