import Foundation
import HTTPTypes
import Hummingbird
import Wakeful
import WakefulAPNs  // WallClock

/// The read side: `GET /v1/devices`, a device's records and timeline, and `GET /v1/devices/me/records`.
struct QueryController<Context: RequestContext>: Sendable {
    let storage: any ServerStorage
    let authenticator: Authenticator
    let configuration: ServerConfiguration
    /// What the answers being sent may hold in memory, shared by every connection.
    let budget: ResponseBudget
    /// The pushes section of the timeline; nil when the storage keeps no wakes.
    var pushTimeline: PushTimeline? = nil

    func addRoutes(to router: Router<Context>) {
        router.get("/v1/devices", use: devices)
        router.get("/v1/devices/me/records", use: ownRecords)
        router.get("/v1/devices/{id}/records", use: records)
        router.get("/v1/devices/{id}/timeline", use: timeline)
        addExportRoutes(to: router)
    }

    /// Every device with last seen, record count and upload lag (admin).
    @Sendable func devices(_ request: Request, context: Context) async throws -> Response {
        try await authenticator.caller(of: request).requireAdmin()
        let summaries = try await storage.deviceSummaries()
        return .json([
            "devices": .array(
                summaries.map { summary in
                    .object([
                        "device_id": .string(summary.id.uuidString),
                        "install_id": .string(summary.installID.uuidString),
                        "bundle_id": .string(summary.bundleID), "created_at": .time(summary.createdAt),
                        "last_seen": .time(summary.lastSeen), "revoked_at": .time(summary.revokedAt),
                        "record_count": .int(summary.recordCount),
                        "upload_lag": .object([
                            "p50_seconds": .seconds(summary.lagMedian), "max_seconds": .seconds(summary.lagMax),
                        ]),
                    ])
                })
        ])
    }

    /// The calling device's own records.
    @Sendable func ownRecords(_ request: Request, context: Context) async throws -> Response {
        let device = try await authenticator.caller(of: request).requireDevice()
        return try await recordsAnswer(
            device: device.id, query: RecordQueryParameters.read(request, limits: configuration.limits))
    }

    /// A device's records (admin, or the device itself; another device's ID is 404 to a device).
    @Sendable func records(_ request: Request, context: Context) async throws -> Response {
        let id = try await readableDevice(request, context: context)
        return try await recordsAnswer(
            device: id, query: RecordQueryParameters.read(request, limits: configuration.limits))
    }

    /// A device's timeline: its `wakeful.timeline` records, each entry's payload as the event, and
    /// the wakes sent to it with their APNs attempts, linked to the entries they caused. Streamed
    /// as the records pages are, the pushes section (bounded by `limit` wakes) after the entries.
    @Sendable func timeline(_ request: Request, context: Context) async throws -> Response {
        let id = try await readableDevice(request, context: context)
        var query = try RecordQueryParameters.read(request, limits: configuration.limits, allowsKind: false)
        query.kind = OutboxRecord.timelineKind
        let pushes = try await pushTimeline?.section(
            deviceID: id, query: query, now: configuration.clock.now.timeIntervalSince1970)
        var pushesBytes = Array(#"],"pushes":"#.utf8)
        (pushes?.json ?? .array([])).encode(into: &pushesBytes)
        let pushesJSON = pushesBytes
        let causes = pushes?.causes ?? [:]
        return try await page(
            device: id, query: query, list: "entries", suffixBytes: pushesJSON.count,
            encode: { stored, bytes in
                let entry: JSONObject = [
                    "seq": .int(Int(stored.record.seq)), "recorded_at": .time(stored.record.recordedAt),
                    "received_at": .time(stored.receivedAt),
                    "lag_seconds": .double(stored.receivedAt - stored.record.recordedAt),
                ]
                let cause: JSONObject =
                    causes[stored.record.uuid].map {
                        JSONObject([JSONMember(key: "caused_by_wake", value: .string($0.uuidString))])
                    } ?? [:]
                JSONValue.appendObject(entry, verbatim: ("event", stored.record.payload), then: cause, to: &bytes)
            },
            suffix: { next in pushesJSON + Self.end(next: next) })
    }

    private func readableDevice(_ request: Request, context: Context) async throws -> UUID {
        let caller = try await authenticator.caller(of: request)
        let id = try PathParameter.deviceID(context)
        guard caller.mayRead(id), try await storage.device(id: id) != nil else {
            throw APIError.notFound("no device \(id.uuidString)")
        }
        return id
    }

    private func recordsAnswer(device: UUID, query: RecordQuery) async throws -> Response {
        try await page(
            device: device, query: query, list: "records", suffixBytes: 1,
            encode: { stored, bytes in stored.appendJSON(to: &bytes) },
            suffix: { next in [UInt8(ascii: "]")] + Self.end(next: next) })
    }

    /// One page of `query` as `{"device_id":…,"<list>":[…]…}`, streamed (``PageAnswer``): at most
    /// `limit` records and ``ServerLimits/maximumPageBytes`` bytes, with the cursor of the next page
    /// while records follow.
    private func page(
        device: UUID, query: RecordQuery, list: String, suffixBytes: Int,
        encode: @escaping @Sendable (StoredRecord, inout [UInt8]) -> Void,
        suffix: @escaping @Sendable (String?) -> [UInt8]
    ) async throws -> Response {
        let limits = configuration.limits
        var prefix = Array(#"{"device_id":"#.utf8)
        JSONValue.string(device.uuidString).encode(into: &prefix)
        prefix += Array(",\"\(list)\":[".utf8)
        return try await PageAnswer(
            slices: slices(of: device, query: query), limit: query.limit, maximumBytes: limits.maximumPageBytes,
            writeTimeout: limits.writeTimeout, retryAfterSeconds: limits.retryAfterSeconds, prefix: prefix,
            suffixBytes: suffixBytes, encode: encode, suffix: suffix
        ).response()
    }

    /// The records of `device` matching `query`, to be read a slice at a time within the budget.
    func slices(of device: UUID, query: RecordQuery) -> RecordSlices {
        RecordSlices(
            storage: storage, budget: budget, deviceID: device, query: query,
            largestRecord: configuration.limits.maximumIngestBytes)
    }

    /// Ends an answer object: `,"next":"…"}` while more records follow, `}` on the last page.
    private static func end(next: String?) -> [UInt8] {
        var bytes: [UInt8] = []
        if let next {
            bytes += #","next":"#.utf8
            JSONValue.string(next).encode(into: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}

/// The query parameters `from`, `to`, `kind`, `limit` and `cursor`.
enum RecordQueryParameters {
    /// Reads them, 400 naming the parameter when one is malformed.
    static func read(_ request: Request, limits: ServerLimits, allowsKind: Bool = true, allowsCursor: Bool = true)
        throws(APIError) -> RecordQuery
    {
        let parameters = request.uri.queryParameters
        var query = RecordQuery(limit: min(1000, limits.maximumQueryLimit))
        query.from = try time(parameters["from"].map(String.init), name: "from")
        query.to = try time(parameters["to"].map(String.init), name: "to")
        if allowsKind, let kind = parameters["kind"] {
            guard !kind.isEmpty else { throw APIError.invalid("kind", "expected a record kind such as \"location\"") }
            query.kind = String(kind)
        }
        if let text = parameters["limit"] {
            guard let limit = Int(text), (1...limits.maximumQueryLimit).contains(limit) else {
                throw APIError.invalid(
                    "limit",
                    "expected a whole number from 1 to \(limits.maximumQueryLimit), found \"\(text.prefix(32))\"")
            }
            query.limit = limit
        }
        if let token = parameters["cursor"] {
            guard allowsCursor else { throw APIError.invalid("cursor", "not accepted by this route") }
            guard let position = RecordCursor.position(String(token)) else {
                throw APIError.invalid(
                    "cursor", "expected the \"next\" value of a previous page, found \"\(token.prefix(40))\"")
            }
            query.after = position
        }
        if let from = query.from, let to = query.to, to < from {
            throw APIError.invalid("to", "expected a time at or after from")
        }
        return query
    }

    private static func time(_ text: String?, name: String) throws(APIError) -> TimeInterval? {
        guard let text else { return nil }
        guard let seconds = RFC3339Time.secondsSince1970(parsing: text) else {
            throw APIError.invalid(
                name, "expected an RFC 3339 time such as \"2026-11-21T07:45:51.123Z\", found \"\(text.prefix(40))\"")
        }
        return seconds
    }
}
