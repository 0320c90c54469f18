import Foundation
import Wakeful

// Network: `world.network`, `world.server` and `world.accessories`.

/// `world.network`: `[{"at": 0, "kind": "wifi", "bandwidth": 2000000}, {"at": 3600, "kind": "none"}]`.
struct NetworkSegmentDocument: Decodable {
    var segment: NetworkSegment

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["at", "kind", "bandwidth"])
        let at: Double = try c.value("at")
        guard at >= 0, at.isFinite else { throw c.failure("at", "expected seconds from the start, zero or more") }
        let text: String = try c.value("kind")
        guard let kind = NetworkKind(rawValue: text) else {
            throw c.failure(
                "kind", "\"\(text)\": expected one of: \(NetworkKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let bandwidth = try c.optional("bandwidth", as: Double.self)
        if kind == .none, bandwidth != nil { throw c.failure("bandwidth", "does not apply to \"none\"") }
        if let bandwidth, !(bandwidth > 0 && bandwidth.isFinite) {
            throw c.failure("bandwidth", "expected a positive number of bytes per second")
        }
        segment = NetworkSegment(at: at, kind: kind, bandwidth: bandwidth ?? NetworkSegment.defaultBandwidth(kind))
    }

    /// Checks the segments' order and builds the timeline.
    static func timeline(_ documents: [NetworkSegmentDocument], in c: KeyedDecodingContainer<AnyKey>) throws
        -> NetworkTimeline
    {
        let segments = documents.map(\.segment)
        for (index, pair) in zip(segments, segments.dropFirst()).enumerated() where pair.1.at <= pair.0.at {
            throw c.failure(
                "network",
                "entry \(index + 1) starts at \(pair.1.at) s, not after the one before; expected segments in time order"
            )
        }
        return NetworkTimeline(segments)
    }
}

/// `world.server`: `{"latency": 0.2, "down": [{"from": 3600, "to": 3900}], "faults": [{"kind": "status", "status": 503}],
/// "maxBatchRecords": 1000, "maxBatchBytes": 1048576, "rejectKinds": ["debug"], "credentialLifetime": 86400}`.
struct ServerDocument: Decodable {
    var server: ServerDescription

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: [
            "latency", "down", "faults", "maxBatchRecords", "maxBatchBytes", "rejectKinds", "credentialLifetime",
            "configurations",
        ])
        let defaults = ServerDescription()
        let latency = try c.optional("latency", as: Double.self) ?? defaults.latency
        guard latency >= 0, latency.isFinite else { throw c.failure("latency", "expected seconds, zero or more") }
        let periods = try c.optional("down", as: [DownPeriodDocument].self) ?? []
        let faults = try c.optional("faults", as: [ServerFaultDocument].self) ?? []
        let maxRecords = try c.integer("maxBatchRecords", in: 1...1_000_000_000, default: defaults.maxBatchRecords)
        let maxBytes = try c.integer("maxBatchBytes", in: 1...1_000_000_000_000, default: defaults.maxBatchBytes)
        let rejectKinds = try c.optional("rejectKinds", as: [String].self) ?? []
        if rejectKinds.contains("") {
            throw c.failure("rejectKinds", "expected non-empty record kinds, e.g. [\"debug\"]")
        }
        let lifetime = try c.optional("credentialLifetime", as: Double.self)
        if let lifetime, !(lifetime > 0 && lifetime.isFinite) {
            throw c.failure(
                "credentialLifetime",
                "expected a positive number of seconds (leave it out for credentials that never expire)")
        }
        let configurations = try c.optional("configurations", as: [ConfigurationReleaseDocument].self) ?? []
        server = ServerDescription(
            latency: latency, downPeriods: periods.map(\.range), faults: faults.map(\.fault),
            maxBatchRecords: maxRecords,
            maxBatchBytes: maxBytes, rejectKinds: rejectKinds, credentialLifetime: lifetime,
            configurations: configurations.map(\.release))
    }
}

/// One `{"from": …, "to": …}` of `world.server.down`.
private struct DownPeriodDocument: Decodable {
    var range: ClosedRange<TimeInterval>

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["from", "to"])
        let from: Double = try c.value("from")
        guard from >= 0, from.isFinite else { throw c.failure("from", "expected seconds from the start, zero or more") }
        let to: Double = try c.value("to")
        guard to > from, to.isFinite else { throw c.failure("to", "expected a time after from (\(from) s)") }
        range = from...to
    }
}

/// One entry of `world.server.faults`:
/// `{"from": 0, "to": 600, "kind": "status", "status": 503, "retryAfter": 120, "probability": 0.5}`.
private struct ServerFaultDocument: Decodable {
    static let kinds = ["status", "timeout", "lostResponse", "slow", "partition"]
    var fault: ServerFault

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["from", "to", "kind", "status", "retryAfter", "extra", "probability"])
        let from = try c.optional("from", as: Double.self) ?? 0
        guard from >= 0, from.isFinite else { throw c.failure("from", "expected seconds from the start, zero or more") }
        let to = try c.optional("to", as: Double.self) ?? .infinity
        guard to > from else {
            throw c.failure("to", "expected a time after from (\(from) s); leave it out for a fault that never ends")
        }
        let probability = try c.optional("probability", as: Double.self) ?? 1
        guard (0...1).contains(probability) else { throw c.failure("probability", "expected a number from 0 to 1") }
        let name: String = try c.value("kind")
        let kind: ServerFault.Kind
        let allowed: [String]
        switch name {
        case "status":
            let status = try c.integer("status", in: 400...599, default: 0)
            guard status != 0 else {
                throw c.failure(
                    "status", "is required with \"kind\": \"status\"; expected an HTTP status from 400 to 599, e.g. 503"
                )
            }
            let retryAfter = try c.optional("retryAfter", as: Double.self)
            if let retryAfter, !(retryAfter >= 0 && retryAfter.isFinite) {
                throw c.failure("retryAfter", "expected seconds, zero or more")
            }
            (kind, allowed) = (.status(status, retryAfter: retryAfter), ["status", "retryAfter"])
        case "slow":
            let extra: Double = try c.value("extra")
            guard extra > 0, extra.isFinite else {
                throw c.failure("extra", "expected a positive number of seconds added to the latency")
            }
            (kind, allowed) = (.slow(extra), ["extra"])
        case "timeout": (kind, allowed) = (.timeout, [])
        case "lostResponse": (kind, allowed) = (.lostResponse, [])
        case "partition": (kind, allowed) = (.partition, [])
        default:
            throw c.failure("kind", "\"\(name)\": expected one of: \(Self.kinds.joined(separator: ", "))")
        }
        for key in ["status", "retryAfter", "extra"] where !allowed.contains(key) && c.contains(AnyKey(key)) {
            throw c.failure(key, "does not apply to \"kind\": \"\(name)\"")
        }
        fault = ServerFault(from: from, to: to, kind: kind, probability: probability)
    }
}

/// One entry of `world.accessories`:
/// `{"id": "dongle", "position": {"east": 2, "north": 0}, "range": 30, "sleepsAfterIdle": 20, "service": "FFE0"}`.
struct AccessoryDocument: Decodable {
    var id: String
    var position: PositionDocument
    var range: Double
    var sleepsAfterIdle: Double?
    var service: String
    // Accessories: a central (BLE-1, BLE-3).
    var role: WorldAccessory.Role
    var readsOverflowArea: Bool
    var writeEvery: Double

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: [
            "id", "position", "range", "sleepsAfterIdle", "service", "role", "lookingFor", "readsOverflowArea",
            "writeEvery",
        ])
        id = try c.value("id")
        // Accessories: `"role": "central"` with `lookingFor`, `readsOverflowArea`, `writeEvery`.
        let roleName: String = try c.optional("role") ?? "peripheral"
        guard let parsed = WorldAccessory.Role(rawValue: roleName) else {
            throw c.failure("role", "expected \"peripheral\" or \"central\"")
        }
        role = parsed
        readsOverflowArea = true
        writeEvery = 60
        if role == .central {
            guard !id.isEmpty else { throw c.failure("id", "expected a non-empty name") }
            position = try c.value("position")
            range = try c.optional("range") ?? 30
            guard range > 0, range.isFinite else { throw c.failure("range", "expected a positive number of metres") }
            for key in ["service", "sleepsAfterIdle"] where c.contains(AnyKey(key)) {
                throw c.failure(
                    key, "not allowed for a central; a central names the service it looks for in lookingFor")
            }
            sleepsAfterIdle = nil
            service = try c.value("lookingFor")
            guard !service.isEmpty else {
                throw c.failure("lookingFor", "expected the service UUID the central scans for, e.g. \"FFE0\"")
            }
            readsOverflowArea = try c.optional("readsOverflowArea") ?? true
            writeEvery = try c.optional("writeEvery") ?? 60
            guard writeEvery > 0, writeEvery.isFinite else {
                throw c.failure("writeEvery", "expected a positive number of seconds between writes")
            }
            return
        }
        for key in ["lookingFor", "readsOverflowArea", "writeEvery"] where c.contains(AnyKey(key)) {
            throw c.failure(key, "only allowed with \"role\": \"central\"")
        }
        guard !id.isEmpty else { throw c.failure("id", "expected a non-empty name") }
        position = try c.value("position")
        range = try c.optional("range") ?? 30
        guard range > 0, range.isFinite else { throw c.failure("range", "expected a positive number of metres") }
        sleepsAfterIdle = try c.optional("sleepsAfterIdle")
        if let idle = sleepsAfterIdle, !(idle > 0 && idle.isFinite) {
            throw c.failure(
                "sleepsAfterIdle",
                "expected a positive number of seconds (leave it out for an accessory that never sleeps)")
        }
        service = try c.value("service")
        guard !service.isEmpty else { throw c.failure("service", "expected a service UUID, e.g. \"FFE0\"") }
    }

    func accessory(_ projection: LocalProjection) -> WorldAccessory {
        var accessory = WorldAccessory(
            id: id, position: position.point(projection), range: range, sleepsAfterIdle: sleepsAfterIdle,
            service: service)
        accessory.role = role
        accessory.readsOverflowArea = readsOverflowArea
        accessory.writeEvery = writeEvery
        return accessory
    }

    /// Builds the accessories, refusing two with one name.
    static func accessories(
        _ documents: [AccessoryDocument], _ projection: LocalProjection, in c: KeyedDecodingContainer<AnyKey>
    ) throws -> [WorldAccessory] {
        var seen: [String] = []
        for document in documents {
            if seen.contains(document.id) {
                throw c.failure("accessories", "two accessories are named \"\(document.id)\"; names must be unique")
            }
            seen.append(document.id)
        }
        return documents.map { $0.accessory(projection) }
    }
}
