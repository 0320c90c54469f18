import Foundation

/// A ``TimelineExport`` sent to the companion server: `PUT /v1/devices/me/timeline-exports/{id}`
/// with the device credential and the export's JSON Lines as the body.
///
/// The ID is the export's: sending it again (a retry after a lost answer) stores nothing twice, and
/// the server answers as it did the first time; the same ID with other lines is refused (422). The
/// dashboard lists the device's exports, and the server hands each back as the file the phone sent,
/// for `wakeful replay`.
///
/// ```swift
/// let url = TimelineExportUpload.endpoint(besideIngest: ingest, id: id)  // …/v1/devices/me/timeline-exports/<id>
/// switch TimelineExportUpload.outcome(status: 201, body: answer) { … }
/// ```
public enum TimelineExportUpload {
    /// The request's `Content-Type`: JSON Lines.
    public static let contentType = "application/x-ndjson"

    /// The endpoint for export `id` beside the ingest endpoint, `…/v1/ingest` →
    /// `…/v1/devices/me/timeline-exports/<id>`; nil when the ingest URL does not end so.
    public static func endpoint(besideIngest ingest: URL, id: UUID) -> URL? {
        ServerEndpoint.beside(ingest: ingest, "devices/me/timeline-exports/\(id.uuidString)")
    }

    /// What the server keeps of an export, as it answers.
    public struct Receipt: Sendable, Hashable {
        /// The export's ID.
        public var id: UUID
        /// The entries the server read.
        public var entries: Int
        /// The body's size in bytes.
        public var bytes: Int
        /// Whether the server already had it (a repeated upload): nothing was stored twice.
        public var alreadyStored: Bool

        /// Creates a receipt.
        public init(id: UUID, entries: Int, bytes: Int, alreadyStored: Bool) {
            self.id = id
            self.entries = entries
            self.bytes = bytes
            self.alreadyStored = alreadyStored
        }
    }

    /// Why an upload did not store the export.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The HTTP status, nil when no answer came.
        public var status: Int?
        /// The server's error code (`invalid_request`, `export_id_reused` …) or the transport's error.
        public var code: String
        /// What to do about it, in the server's words where it gave some.
        public var message: String

        /// Creates a failure.
        public init(status: Int?, code: String, message: String) {
            self.status = status
            self.code = code
            self.message = message
        }

        public var description: String { "\(status.map { "\($0) " } ?? "")\(code): \(message)" }
    }

    /// Reads the server's answer: 201 (stored) or 200 (already stored) with the receipt, anything
    /// else a failure with the server's `error` and `message`.
    public static func outcome(status: Int, body: [UInt8]) -> Result<Receipt, Failure> {
        let object: JSONObject? = if case .object(let object)? = try? JSONValue.parse(body) { object } else { nil }
        func text(_ key: String) -> String? { if case .string(let text)? = object?[key] { text } else { nil } }
        func int(_ key: String) -> Int? { if case .int(let value)? = object?[key] { value } else { nil } }
        guard status == 200 || status == 201 else {
            return .failure(
                Failure(
                    status: status, code: text("error") ?? "http_\(status)",
                    message: text("message") ?? String(decoding: body.prefix(200), as: UTF8.self)))
        }
        guard let id = text("export_id").flatMap(UUID.init(uuidString:)), let entries = int("entries"),
            let bytes = int("bytes")
        else {
            return .failure(
                Failure(status: status, code: "unexpected_answer", message: "expected export_id, entries and bytes"))
        }
        return .success(Receipt(id: id, entries: entries, bytes: bytes, alreadyStored: status == 200))
    }
}

/// The companion server's endpoints beside its ingest endpoint, for the calls an app makes.
public enum ServerEndpoint {
    /// `…/v1/ingest` → `…/v1/<path>`; nil when the ingest URL does not end in `v1/ingest`.
    public static func beside(ingest: URL, _ path: String) -> URL? {
        guard ingest.pathComponents.suffix(2) == ["v1", "ingest"] else { return nil }
        return ingest.deletingLastPathComponent().appendingPathComponent(path)
    }
}
