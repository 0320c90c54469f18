import Foundation

/// The core's fields as the app's `ActivityAttributes` and `ContentState` read them: a JSON object,
/// which is also the form an ActivityKit push's `attributes` and `content-state` take, "the
/// `content-state` … must match your `ActivityAttributes.ContentState`" (Apple, "Starting and
/// updating Live Activities with ActivityKit push notifications"). So one `Decodable` type serves
/// the app's requests and the server's pushes.
///
/// ```swift
/// struct Delivery: Decodable { var status: String; var eta: Int }
/// let state = try LiveActivityContent.decode(Delivery.self, from: [Field("status", "on the way"), Field("eta", 12)])
/// ```
public enum LiveActivityContent {
    /// The fields as one JSON object, in their order.
    public static func json(_ fields: [Field]) -> Data {
        let members = fields.map { field -> JSONMember in
            let value: JSONValue =
                switch field.value {
                case .string(let text): .string(text)
                case .int(let number): .int(number)
                case .double(let number): .double(number)
                case .bool(let flag): .bool(flag)
                }
            return JSONMember(key: field.key, value: value)
        }
        return Data(JSONValue.object(JSONObject(members)).description.utf8)
    }

    /// `type` decoded from the fields.
    ///
    /// - Throws: `DecodingError` when the fields do not have the type's form.
    public static func decode<Value: Decodable>(_ type: Value.Type, from fields: [Field]) throws -> Value {
        try JSONDecoder().decode(type, from: json(fields))
    }
}
