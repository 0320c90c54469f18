import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Wakeful

/// The exports: every record of a device, or of every device, as NDJSON (one record object per
/// line, as the records endpoint writes them), streamed page by page from storage.
///
/// The memory an export holds is one page of records and its bytes, whatever the result's size:
/// a page is read, written to the response and released before the next is read, and the writer
/// waits while the client is slow to read. Storage failing mid-stream closes the connection, so a
/// client can tell a cut export (no final chunk) from a complete one.
extension QueryController {
    /// Records read from storage at a time while exporting.
    static var exportPageSize: Int { 1000 }

    func addExportRoutes(to router: Router<Context>) {
        router.get("/v1/devices/{id}/records.ndjson", use: deviceExport)
        router.get("/v1/records.ndjson", use: fullExport)
    }

    /// `GET /v1/devices/{id}/records.ndjson`: one device's records (admin, or the device itself),
    /// filtered by `from`, `to` and `kind`, from `cursor` when given.
    @Sendable func deviceExport(_ request: Request, context: Context) async throws -> Response {
        let caller = try await authenticator.caller(of: request)
        let id = try PathParameter.deviceID(context)
        guard caller.mayRead(id), try await storage.device(id: id) != nil else {
            throw APIError.notFound("no device \(id.uuidString)")
        }
        let query = try RecordQueryParameters.read(request, limits: configuration.limits)
        return Self.ndjson(storage: storage, devices: [id], query: query, labelled: false)
    }

    /// `GET /v1/records.ndjson`: every device's records (admin), device after device in
    /// registration order, each line with its `device_id`.
    @Sendable func fullExport(_ request: Request, context: Context) async throws -> Response {
        try await authenticator.caller(of: request).requireAdmin()
        let query = try RecordQueryParameters.read(request, limits: configuration.limits, allowsCursor: false)
        return Self.ndjson(storage: storage, devices: try await storage.deviceIDs(), query: query, labelled: true)
    }

    private static func ndjson(storage: any ServerStorage, devices: [UUID], query: RecordQuery, labelled: Bool)
        -> Response
    {
        let body = ResponseBody { writer in
            for device in devices {
                var page = query
                page.limit = exportPageSize
                while true {
                    let records = try await storage.records(deviceID: device, matching: page)
                    if !records.isEmpty {
                        var bytes: [UInt8] = []
                        for stored in records {
                            stored.appendJSON(to: &bytes, deviceID: labelled ? device : nil)
                            bytes.append(UInt8(ascii: "\n"))
                        }
                        try await writer.write(ByteBuffer(bytes: bytes))
                    }
                    guard records.count == page.limit, let last = records.last else { break }
                    page.after = last.position
                }
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: body)
    }
}
