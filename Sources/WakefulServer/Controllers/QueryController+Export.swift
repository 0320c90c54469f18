import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Wakeful

/// The exports: every record of a device, or of every device, as NDJSON (one record object per
/// line, as the records endpoint writes them), streamed a slice at a time from storage.
///
/// The memory an export holds is one slice of records (``RecordSlices``) and a chunk of its bytes,
/// whatever the result's size, and it is taken from the server's ``ResponseBudget``: a slice is
/// read, written to the response and released before the next is read, and the writer waits while
/// the client is slow to read. Storage failing mid-stream closes the connection, so a client can
/// tell a cut export (no final chunk) from a complete one.
extension QueryController {
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
        return try await ndjson(devices: [id], query: query, labelled: false)
    }

    /// `GET /v1/records.ndjson`: every device's records (admin), device after device in
    /// registration order, each line with its `device_id`.
    @Sendable func fullExport(_ request: Request, context: Context) async throws -> Response {
        try await authenticator.caller(of: request).requireAdmin()
        let query = try RecordQueryParameters.read(request, limits: configuration.limits, allowsCursor: false)
        return try await ndjson(devices: try await storage.deviceIDs(), query: query, labelled: true)
    }

    /// The first slice is read before answering, so a full budget or a storage failure at the start
    /// is an error answer (503) rather than a cut stream.
    private func ndjson(devices: [UUID], query asked: RecordQuery, labelled: Bool) async throws -> Response {
        var sliced = asked
        sliced.limit = RecordSlices.sliceRecords
        let query = sliced
        let writeTimeout = configuration.limits.writeTimeout
        guard let firstDevice = devices.first else {
            return Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: ResponseBody())
        }
        var firstSlices = slices(of: firstDevice, query: query)
        let first: RecordSlices.Slice
        do {
            first = try await firstSlices.next(count: query.limit, wait: RecordSlices.initialWait)
        } catch let error as ResponseBudgetExhausted {
            throw error.apiError(retryAfter: configuration.limits.retryAfterSeconds)
        }
        let controller = self
        let body = ResponseBody { [firstSlices] writer in
            var buffer = AnswerBuffer()
            for (index, device) in devices.enumerated() {
                var slices = index == 0 ? firstSlices : controller.slices(of: device, query: query)
                var slice = first
                if index > 0 { slice = try await slices.next(count: query.limit, wait: writeTimeout) }
                while !slice.records.isEmpty {
                    for stored in slice.records {
                        stored.appendJSON(to: &buffer.bytes, deviceID: labelled ? device : nil)
                        buffer.bytes.append(UInt8(ascii: "\n"))
                        try await buffer.writeIfFull(to: &writer)
                    }
                    slice.finish()
                    slice = try await slices.next(count: query.limit, wait: writeTimeout)
                }
                slice.finish()
            }
            try await buffer.write(to: &writer)
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: body)
    }
}
