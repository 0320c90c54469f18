import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Wakeful
import WakefulAPNs  // WallClock

/// Timeline exports: a device uploads the last hours of its timeline as one JSON Lines file
/// (`PUT /v1/devices/me/timeline-exports/{export_id}`, ``TimelineExportUpload``); the admin (or the
/// device itself) lists them and downloads each as the file sent, for `wakeful replay`. The
/// dashboard shows them on the device's page.
///
/// Idempotent on `(device, export_id)`: the same bytes again store nothing and are answered 200 with
/// the first receipt; other bytes under the same ID are 422. Every line must be a timeline line;
/// the first that is not is a 400 naming the line and the key.
struct TimelineExportController<Context: RequestContext>: Sendable {
    let storage: any ServerStorage
    let authenticator: Authenticator
    let configuration: ServerConfiguration
    /// What the answers being sent may hold in memory, shared by every connection.
    let budget: ResponseBudget

    /// The media types a body may have: JSON Lines under its common names.
    static var contentTypes: Set<String> { ["application/x-ndjson", "application/jsonl", "application/json-lines"] }
    /// The most exports a listing returns.
    static var listLimit: Int { 100 }

    func addRoutes(to router: Router<Context>) {
        router.put("/v1/devices/me/timeline-exports/{export}", use: upload)
        router.get("/v1/devices/{id}/timeline-exports", use: list)
        router.get("/v1/devices/{id}/timeline-exports/{export}", use: download)
    }

    private var exports: (any TimelineExportStorage)? { storage as? any TimelineExportStorage }

    /// Stores the body: 201 with the receipt, 200 with the first receipt when the device sent the
    /// same export before.
    @Sendable func upload(_ request: Request, context: Context) async throws -> Response {
        let device = try await authenticator.caller(of: request).requireDevice()
        let id = try Self.exportID(context)
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
            .lowercased()
        guard let type, Self.contentTypes.contains(type) else {
            throw APIError(
                .unsupportedMediaType, "unsupported_media_type",
                "expected Content-Type: application/x-ndjson (JSON Lines, one timeline entry a line), found "
                    + (request.headers[.contentType].map { "\"\($0)\"" } ?? "none"),
                field: "Content-Type")
        }
        let encoding = try RequestContentEncoding(header: request.headers[.contentEncoding])
        let exports = try requireExports()
        let limit = configuration.limits.maximumTimelineExportBytes
        let received = try await request.body.collect(upTo: limit)
        let body = Array(try encoding.decode(received, limit: limit).readableBytesView)
        let export: TimelineExport
        do {
            export = try TimelineExport.read(body, file: "export")
        } catch {
            throw APIError(
                .badRequest, "invalid_export",
                "line \(error.line): \(error.key.map { "key \"\($0)\": " } ?? "")\(error.message)",
                field: "line \(error.line)" + (error.key.map { ", key \($0)" } ?? ""))
        }
        var hasher = SHA256()
        hasher.update(data: body)
        let summary = TimelineExportSummary(
            id: id, deviceID: device.id, receivedAt: configuration.clock.now.timeIntervalSince1970,
            digest: BearerToken.hex(hasher.finalize()), entries: export.entryCount, bytes: body.count,
            from: export.from, to: export.to, headers: export.headers)
        switch try await exports.storeTimelineExport(NewTimelineExport(summary: summary, body: body)) {
        case .stored(let stored):
            return .json(Self.json(stored), status: .created)
        case .alreadyStored(let first):
            return .json(Self.json(first), status: .ok)
        case .idReused:
            throw APIError(
                .unprocessableContent, "export_id_reused",
                "export \(id.uuidString) was sent before with other lines; send this one under a new ID",
                field: "export_id")
        }
    }

    /// The device's exports, newest first, without their lines.
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let deviceID = try await readableDevice(request, context: context)
        let summaries = try await requireExports().timelineExports(deviceID: deviceID, limit: Self.listLimit)
        return .json([
            "device_id": .string(deviceID.uuidString), "exports": .array(summaries.map { .object(Self.json($0)) }),
        ])
    }

    /// One export's lines as the device sent them: a file `wakeful replay` reads.
    @Sendable func download(_ request: Request, context: Context) async throws -> Response {
        let deviceID = try await readableDevice(request, context: context)
        let id = try Self.exportID(context)
        guard let stored = try await requireExports().timelineExport(deviceID: deviceID, id: id) else {
            throw APIError.notFound("no timeline export \(id.uuidString) of device \(deviceID.uuidString)")
        }
        // The body is held until it is written, within the budget of all answers being sent.
        guard let reservation = await budget.reserve(stored.body.count, waitingAtMost: RecordSlices.initialWait) else {
            throw ResponseBudgetExhausted().apiError(retryAfter: configuration.limits.retryAfterSeconds)
        }
        let body = stored.body
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/x-ndjson",
                .contentDisposition: "attachment; filename=\"timeline-export-\(id.uuidString).jsonl\"",
            ],
            body: ResponseBody(contentLength: body.count) { writer in
                try await writer.write(ByteBuffer(bytes: body))
                reservation.release()
                try await writer.finish(nil)
            })
    }

    private func requireExports() throws(APIError) -> any TimelineExportStorage {
        guard let exports else { throw APIError.notFound("this server's storage keeps no timeline exports") }
        return exports
    }

    private func readableDevice(_ request: Request, context: Context) async throws -> UUID {
        let caller = try await authenticator.caller(of: request)
        let id = try PathParameter.deviceID(context)
        guard caller.mayRead(id), try await storage.device(id: id) != nil else {
            throw APIError.notFound("no device \(id.uuidString)")
        }
        return id
    }

    /// The `{export}` of a route, or 400.
    static func exportID(_ context: some RequestContext) throws(APIError) -> UUID {
        let text = context.parameters.get("export") ?? ""
        guard let id = UUID(uuidString: text) else {
            throw APIError.invalid("export_id", "expected an export ID (a UUID), found \"\(text.prefix(64))\"")
        }
        return id
    }

    /// A receipt or a listing's element.
    static func json(_ summary: TimelineExportSummary) -> JSONObject {
        [
            "export_id": .string(summary.id.uuidString), "device_id": .string(summary.deviceID.uuidString),
            "received_at": .time(summary.receivedAt), "entries": .int(summary.entries), "bytes": .int(summary.bytes),
            "first_t": summary.from.map(JSONValue.double) ?? .null, "last_t": summary.to.map(JSONValue.double) ?? .null,
            "headers": .int(summary.headers), "sha256": .string(summary.digest),
        ]
    }
}
