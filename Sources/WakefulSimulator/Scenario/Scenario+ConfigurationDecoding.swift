import Foundation
import Wakeful

/// One entry of `world.server.configurations`:
/// `{"at": 43200, "configuration": {"version": 2, …}, "signature": "valid"}`.
///
/// The configuration is kept as written (members in key order) and judged by the device, not
/// here: a scenario may release a bad one on purpose to show the refusal.
struct ConfigurationReleaseDocument: Decodable {
    var release: ConfigurationRelease

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["at", "configuration", "signature"])
        let at: Double = try c.value("at")
        guard at >= 0, at.isFinite else { throw c.failure("at", "expected seconds from the start, zero or more") }
        let document = try c.value("configuration", as: ScenarioJSON.self).value
        guard case .object = document else {
            throw c.failure("configuration", "expected an object such as {\"version\": 2, \"jobs\": {…}}")
        }
        release = ConfigurationRelease(
            at: at, document: document,
            signature: try c.optionalCase("signature", as: ConfigurationRelease.Signature.self) ?? .valid)
    }
}

/// Any JSON value of a scenario file, objects' members in key order (the decoder does not keep
/// the file's order, and the run must not depend on a dictionary's).
struct ScenarioJSON: Decodable {
    var value: JSONValue

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [JSONMember] = []
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append(
                    JSONMember(key: key.stringValue, value: try object.decode(ScenarioJSON.self, forKey: key).value))
            }
            value = .object(JSONObject(members))
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(ScenarioJSON.self).value) }
            value = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        // Neither a scalar nor a container: decoding a string throws the decoder's own error.
        value = try JSONValue.scalar(in: single) ?? .string(single.decode(String.self))
    }
}
