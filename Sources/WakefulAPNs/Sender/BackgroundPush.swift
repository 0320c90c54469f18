import Foundation

/// One background (silent) push to one device (reference §2, §7).
///
/// The payload is `{"aps":{"content-available":1}, …data}`: no alert, sound or badge.
public struct BackgroundPush: Sendable, Equatable {
    /// The device token as 64 hex digits.
    public let deviceToken: String
    /// App data sent as top-level string keys beside `aps`.
    public let data: [String: String]
    /// `apns-collapse-id`: at most 64 bytes.
    public let collapseID: String?
    /// `apns-id`: generated when not given, so every attempt can be traced.
    public let apnsID: UUID
    /// `apns-expiration`; `nil` means the sender's default (now + 1 h).
    public let expiration: Date?
    /// When the device registered this token, to ignore a 410 whose timestamp is older (§11).
    public let tokenRegisteredAt: Date?
    private let body: Data

    /// Checks the fields and builds a push.
    ///
    /// - Throws: ``PushInputError`` naming the field and the expected form.
    public init(
        deviceToken: String,
        data: [String: String] = [:],
        collapseID: String? = nil,
        apnsID: UUID = UUID(),
        expiration: Date? = nil,
        tokenRegisteredAt: Date? = nil
    ) throws {
        guard deviceToken.utf8.count == 64, deviceToken.allSatisfy(\.isHexDigit) else {
            throw PushInputError(field: "deviceToken", expected: "64 hex digits")
        }
        if let collapseID, collapseID.utf8.count > 64 || collapseID.isEmpty {
            throw PushInputError(field: "collapseID", expected: "1 to 64 bytes of UTF-8")
        }
        guard data["aps"] == nil else {
            throw PushInputError(field: "data", expected: "app keys other than \"aps\" (the sender writes aps itself)")
        }
        self.deviceToken = deviceToken
        self.data = data
        self.collapseID = collapseID
        self.apnsID = apnsID
        self.expiration = expiration
        self.tokenRegisteredAt = tokenRegisteredAt
        body = Self.body(data: data)
    }

    /// The JSON body: `aps` first, then the data keys in sorted order.
    public func payload() -> Data { body }

    /// The largest body APNs accepts for a background push (§5).
    public static let maximumPayloadBytes = 4096

    /// Encodes the body once, when the push is made: a resend, or the same push sent to many
    /// devices' copies, costs no JSON work per attempt.
    private static func body(data: [String: String]) -> Data {
        var json = #"{"aps":{"content-available":1}"#
        for key in data.keys.sorted() {
            json += ","
            JSONText.appendQuoted(key, to: &json)
            json += ":"
            JSONText.appendQuoted(data[key]!, to: &json)
        }
        return Data((json + "}").utf8)
    }
}

/// A push input that is not in the expected form; nothing was sent.
public struct PushInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field that was wrong.
    public let field: String
    /// The form the field should have.
    public let expected: String

    /// Names the field and the expected form.
    public var description: String { "push: \(field) must be \(expected)" }
}
