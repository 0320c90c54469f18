import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Wakeful

extension Response {
    /// A JSON answer.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var bytes: [UInt8] = []
        value.encode(into: &bytes)
        return json(bytes: bytes, status: status, headers: headers)
    }

    /// A JSON object answer.
    static func json(_ object: JSONObject, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        json(.object(object), status: status, headers: headers)
    }

    /// A JSON answer from its bytes.
    static func json(bytes: [UInt8], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

extension APIError {
    /// The error as an answer.
    var response: Response { .json(body, status: status, headers: headers) }
}

extension JSONValue {
    /// A time as RFC 3339 with milliseconds, or null when it cannot be written.
    static func time(_ seconds: TimeInterval?) -> JSONValue {
        guard let seconds, let text = RFC3339Time.string(fromSecondsSince1970: seconds) else { return .null }
        return .string(text)
    }

    /// A number of seconds, or null.
    static func seconds(_ value: Double?) -> JSONValue { value.map { .double($0) } ?? .null }
}
