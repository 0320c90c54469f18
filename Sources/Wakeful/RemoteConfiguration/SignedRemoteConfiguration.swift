import Foundation

/// A ``RemoteConfiguration`` as it travels: the configuration's JSON bytes exactly as the server
/// signed them, and the signature.
///
/// On the wire (the ingest answer's `configuration` member, a silent push's
/// `wakeful_configuration` key) it is an object of two base64 strings:
///
/// ```json
/// {"payload":"eyJ2ZXJzaW9uIjozfQ==","signature":"…"}
/// ```
///
/// The signature is over ``signedMessage``: the payload after a fixed prefix, so that a signature
/// made for another purpose with the same key is never taken for a configuration's.
public struct SignedRemoteConfiguration: Sendable, Hashable {
    /// The configuration's JSON bytes (``RemoteConfiguration/jsonBytes`` on the server).
    public var payload: [UInt8]
    /// The server's signature of ``signedMessage`` (Ed25519: 64 bytes).
    public var signature: [UInt8]

    /// The key of a silent push's payload that carries a signed configuration, as a JSON string.
    public static let pushKey = "wakeful_configuration"
    /// What precedes the payload in the signed message.
    public static let messagePrefix = Array("wakeful.configuration.v1\n".utf8)

    /// Creates a signed configuration.
    public init(payload: [UInt8], signature: [UInt8]) {
        self.payload = payload
        self.signature = signature
    }

    /// The bytes the signature covers: ``messagePrefix`` then ``payload``.
    public var signedMessage: [UInt8] { Self.messagePrefix + payload }

    /// `{"payload":"…","signature":"…"}`.
    public var jsonValue: JSONValue {
        .object([
            "payload": .string(Data(payload).base64EncodedString()),
            "signature": .string(Data(signature).base64EncodedString()),
        ])
    }

    /// ``jsonValue`` as compact JSON text.
    public var jsonText: String { jsonValue.description }

    /// Reads the wire object.
    ///
    /// - Parameter path: Where the object is, for errors (`configuration`).
    /// - Throws: ``RemoteConfigurationError`` naming `path.payload` or `path.signature`.
    public static func parse(_ value: JSONValue, path: String) throws(RemoteConfigurationError)
        -> SignedRemoteConfiguration
    {
        guard case .object(let object) = value else {
            throw RemoteConfigurationError(
                path: path, message: "expected an object with payload and signature, found \(value.summary)")
        }
        func base64(_ key: String) throws(RemoteConfigurationError) -> [UInt8] {
            let fieldPath = path.isEmpty ? key : "\(path).\(key)"
            guard case .string(let text)? = object[key] else {
                throw RemoteConfigurationError(
                    path: fieldPath,
                    message: object[key] == nil
                        ? "is required (unsigned configurations are refused)"
                        : "expected a base64 string, found \(object[key]!.summary)")
            }
            guard let data = Data(base64Encoded: text) else {
                throw RemoteConfigurationError(
                    path: fieldPath, message: "expected a base64 string, found \(text.prefix(40))")
            }
            return Array(data)
        }
        return SignedRemoteConfiguration(payload: try base64("payload"), signature: try base64("signature"))
    }

    /// Reads the wire object from its JSON text (a push's `wakeful_configuration` value).
    public static func parse(text: String) throws(RemoteConfigurationError) -> SignedRemoteConfiguration {
        let value: JSONValue
        do {
            value = try JSONValue.parse(Array(text.utf8))
        } catch {
            throw RemoteConfigurationError(path: "", message: "not valid JSON: \(error.description)")
        }
        return try parse(value, path: "")
    }
}
