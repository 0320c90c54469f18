import Foundation
import HTTPTypes
import Wakeful

/// An error answer: the status and the JSON body `{"error":"<code>","message":"…","field":"…"}`.
///
/// `error` is a stable machine-readable code, `message` says what was wrong and the expected form,
/// `field` (when one field is at fault) names it as a path such as `records[3].seq`.
public struct APIError: Error, Sendable, Hashable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// The stable code, e.g. `invalid_body`.
    public var code: String
    /// What was wrong and what was expected.
    public var message: String
    /// The field at fault, if one is.
    public var field: String?
    /// Extra headers, such as `Retry-After`.
    public var headers: HTTPFields = [:]

    /// Creates an error answer.
    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
    }

    /// The JSON body.
    public var body: JSONValue {
        var object: JSONObject = ["error": .string(code), "message": .string(message)]
        if let field { object.members.append(JSONMember(key: "field", value: .string(field))) }
        return .object(object)
    }
}

extension APIError {
    /// 400: the body or a parameter is malformed.
    static func invalid(_ field: String?, _ message: String) -> APIError {
        APIError(.badRequest, "invalid_request", field.map { "\($0): \(message)" } ?? message, field: field)
    }

    /// 401: no usable credential.
    static func unauthorized(_ code: String, _ message: String) -> APIError {
        var error = APIError(.unauthorized, code, message)
        error.headers[.wwwAuthenticate] = "Bearer"
        return error
    }

    /// 404: no such resource (or not one the caller may see).
    static func notFound(_ message: String) -> APIError { APIError(.notFound, "not_found", message) }

    /// 413: the body is over a limit.
    static func tooLarge(_ message: String) -> APIError { APIError(.contentTooLarge, "too_large", message) }

    /// 410: the device was revoked.
    static let revoked = APIError(.gone, "device_revoked", "this device was revoked; stop uploading and collecting")

    /// 403: the caller is authenticated but may not use this route.
    static let adminOnly = APIError(.forbidden, "forbidden", "this route needs the admin token")
}

extension IngestDecodingError {
    /// The 400 answer for a malformed body, naming the path.
    var apiError: APIError {
        APIError(.badRequest, "invalid_body", description, field: path.isEmpty ? nil : path)
    }
}
