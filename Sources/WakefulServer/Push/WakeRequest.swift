import Foundation
import Hummingbird
import Wakeful
import WakefulAPNs

/// The optional body of `POST /v1/devices/{id}/wakes`:
/// `{"at": RFC 3339, "note": string, "expiration": RFC 3339, "collapse_id": string}`, all optional.
struct WakeRequest: Sendable, Equatable {
    static let members = ["at", "note", "expiration", "collapse_id"]
    /// How far in the past `at` may lie (clock skew between operator and server).
    static let pastTolerance: TimeInterval = 60
    /// APNs keeps a notification at most 30 days (reference §2).
    static let longest: TimeInterval = 30 * 86_400

    var at: TimeInterval?
    var note: String?
    var expiration: TimeInterval?
    var collapseID: String?

    /// Reads the body (none, or a JSON object); 400 naming the field when one is malformed.
    static func read(_ request: Request, limit: Int) async throws -> WakeRequest {
        let buffer = try await request.body.collect(upTo: limit)
        guard buffer.readableBytes > 0 else { return WakeRequest() }
        try JSONRequest.requireJSONContentType(request)
        let body = try JSONBodyReader(parsing: buffer.readableBytesView)
        if let unknown = body.object.members.first(where: { !members.contains($0.key) }) {
            throw APIError.invalid(unknown.key, "unknown member; expected only \(members.joined(separator: ", "))")
        }
        var wake = WakeRequest()
        wake.at = try body.optionalTime("at")
        wake.note = try body.optionalString("note", maximumLength: 256)
        wake.expiration = try body.optionalTime("expiration")
        wake.collapseID = try body.optionalString("collapse_id", maximumLength: 64)
        return wake
    }

    /// The wake to store for `deviceID` at `now`; 400 when the times do not fit together.
    func wake(deviceID: UUID, now: TimeInterval, defaultExpiration: Duration) throws(APIError) -> NewWake {
        let scheduled = at.map { max($0, now) } ?? now
        if let at, at < now - Self.pastTolerance {
            throw APIError.invalid("at", "expected now or a later time; omit it to wake the device now")
        }
        if scheduled > now + Self.longest { throw APIError.invalid("at", "expected a time within 30 days") }
        let expires = expiration ?? scheduled + defaultExpiration.secondsValue
        if expires <= scheduled { throw APIError.invalid("expiration", "expected a time after the wake's time (at)") }
        if expires > now + Self.longest {
            throw APIError.invalid("expiration", "expected a time within 30 days (APNs keeps a push at most 30 days)")
        }
        return NewWake(
            deviceID: deviceID, scheduledAt: scheduled, expiresAt: expires, note: note, collapseID: collapseID,
            createdAt: now)
    }
}

extension JSONBodyReader {
    /// A member that may be absent or null, else a non-empty string of at most `maximumLength` bytes.
    func optionalString(_ key: String, maximumLength: Int) throws(APIError) -> String? {
        guard let value = object[key], value != .null else { return nil }
        return try string(key, maximumLength: maximumLength)
    }

    /// A member that may be absent or null, else an RFC 3339 time.
    func optionalTime(_ key: String) throws(APIError) -> TimeInterval? {
        guard let text = try optionalString(key, maximumLength: 64) else { return nil }
        guard let seconds = RFC3339Time.secondsSince1970(parsing: text) else {
            throw APIError.invalid(
                key, "expected an RFC 3339 time such as \"2026-11-21T07:45:51Z\", found \"\(text.prefix(40))\"")
        }
        return seconds
    }
}
