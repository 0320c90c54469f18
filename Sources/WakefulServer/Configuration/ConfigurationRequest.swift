import Foundation
import Hummingbird
import Wakeful

/// The body of `PUT /v1/devices/{id}/configuration` and `PUT /v1/cohorts/{name}/configuration`:
/// `{"author": "…", "note": "…", "configuration": {"jobs": {…}, "strategies": {…}}}`.
///
/// The server gives the version; the configuration is checked here with the device's own reader
/// (`RemoteConfiguration.parse`), so what the server signs, a device reads.
struct ConfigurationRequest: Sendable {
    static let members = ["author", "note", "configuration"]

    /// Who sets it: a name or address for the audit trail.
    var author: String
    /// Why, for the audit trail.
    var note: String?
    /// The configuration, with a placeholder version until the storage gives the real one.
    var configuration: RemoteConfiguration

    /// Reads the body; 400 naming the field when one is malformed.
    static func read(_ request: Request, limit: Int) async throws -> ConfigurationRequest {
        let body = try await JSONRequest.body(of: request, limit: limit)
        if let unknown = body.object.members.first(where: { !members.contains($0.key) }) {
            throw APIError.invalid(unknown.key, "unknown member; expected only \(members.joined(separator: ", "))")
        }
        let author = try body.string("author", maximumLength: 128)
        let note = try body.optionalString("note", maximumLength: 1024)
        guard case .object(var object)? = body.object["configuration"] else {
            throw APIError.invalid(
                "configuration",
                body.object["configuration"] == nil
                    ? "missing; expected an object such as {\"jobs\": {\"sample\": {\"interval\": 300}}}"
                    : "expected an object such as {\"jobs\": {\"sample\": {\"interval\": 300}}}")
        }
        guard object["version"] == nil else {
            throw APIError.invalid("configuration.version", "set by the server; leave it out")
        }
        object.members.insert(JSONMember(key: "version", value: .int(1)), at: 0)
        do {
            let configuration = try RemoteConfiguration.parse(JSONValue.object(object))
            return ConfigurationRequest(author: author, note: note, configuration: configuration)
        } catch {
            let field = error.path.isEmpty ? "configuration" : "configuration.\(error.path)"
            throw APIError.invalid(field, error.message)
        }
    }

    /// A cohort's name from the path: 1 to 64 letters, digits, `.`, `_` or `-`; 400 otherwise.
    static func cohortName(_ text: String, field: String) throws(APIError) -> String {
        let allowed = text.utf8.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".")
                || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
        guard (1...64).contains(text.utf8.count), allowed else {
            throw APIError.invalid(
                field,
                "expected a cohort name of 1 to 64 letters, digits, '.', '_' or '-', found \"\(text.prefix(64))\"")
        }
        return text
    }
}

extension StoredConfiguration {
    /// `{"version":…,"target":{"kind":…,"name":…},"configuration":{…},"signed":{…},"author":…,"note":…,"created_at":…}`.
    var json: JSONValue {
        .object([
            "version": .int(version),
            "target": .object(["kind": .string(target.kind), "name": .string(target.name)]),
            "configuration": configuration?.jsonValue ?? .null,
            "signed": signed.jsonValue,
            "author": .string(author),
            "note": note.map(JSONValue.string) ?? .null,
            "created_at": .string(RFC3339Time.string(fromSecondsSince1970: createdAt) ?? ""),
        ])
    }
}
