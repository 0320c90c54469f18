import Foundation
import Wakeful

/// A configuration the simulated server releases for the device at a moment of the scenario
/// (`world.server.configurations`): from then on, each stored upload whose reported version is
/// older gets it in its answer, as the companion server does (``RemoteConfiguration``).
///
/// ```json
/// {"at": 43200, "configuration": {"version": 2, "jobs": {"sample": {"interval": 300}}}}
/// ```
public struct ConfigurationRelease: Sendable, Hashable {
    /// How the release is signed.
    public enum Signature: String, Sendable, Hashable, CaseIterable {
        /// With the server's key: the device verifies it.
        case valid
        /// With another key: the device refuses it.
        case invalid
        /// Not at all: the device refuses it.
        case missing
    }

    /// Seconds from the scenario's start at which the server starts sending it.
    public var at: TimeInterval
    /// The configuration document, sent as written (so a scenario can release a bad one).
    public var document: JSONValue
    /// How it is signed.
    public var signature: Signature

    /// Creates a release.
    public init(at: TimeInterval, document: JSONValue, signature: Signature = .valid) {
        self.at = at
        self.document = document
        self.signature = signature
    }

    /// The document's version, when it has a whole-number `version`.
    var version: Int? {
        guard case .object(let object) = document, case .int(let version)? = object["version"] else { return nil }
        return version
    }

    /// The `configuration` member of an answer that carries this release.
    var wireText: String {
        var payload: [UInt8] = []
        document.encode(into: &payload)
        let signed = SignedRemoteConfiguration(payload: payload, signature: [])
        switch signature {
        case .valid:
            return SignedRemoteConfiguration(
                payload: payload, signature: SimulatedConfigurationSignature.server.sign(signed.signedMessage)
            ).jsonText
        case .invalid:
            return SignedRemoteConfiguration(
                payload: payload, signature: SimulatedConfigurationSignature.other.sign(signed.signedMessage)
            ).jsonText
        case .missing:
            return JSONValue.object(["payload": .string(Data(payload).base64EncodedString())]).description
        }
    }
}

extension ServerDescription {
    /// The release in force at `time`: the last one released by then.
    func configuration(at time: TimeInterval) -> ConfigurationRelease? {
        configurations.last { $0.at <= time }
    }

    /// `reply` with the configuration in force at `time` in its answer, when it stored the batch
    /// and the device reported an older version; otherwise `reply` as it is.
    ///
    /// A release without a readable version is sent to every upload, as a server that cannot
    /// compare would; the device refuses it each time.
    func offeringConfiguration(in reply: IngestReply, above reported: Int, at time: TimeInterval) -> IngestReply {
        guard let release = configuration(at: time), (release.version ?? .max) > reported,
            case .answered(let status, let retryAfter, var answer?) = reply.result, (200..<300).contains(status)
        else { return reply }
        answer.configuration = release.wireText
        return IngestReply(
            result: .answered(statusCode: status, retryAfter: retryAfter, answer: answer), latency: reply.latency)
    }

    /// The verifier a device of this scenario is given: the simulated server's key, when the
    /// server releases configurations; nil (every configuration refused) otherwise.
    var configurationVerifier: (any ConfigurationSignatureVerifier)? {
        configurations.isEmpty ? nil : SimulatedConfigurationSignature.server
    }
}
