import Foundation
import Wakeful

/// `app.outbox`: `{"upload": {…} | false, "retention": {…}, "timeline": "lifecycle", "writes": "beforeCommands" | {"deferred": 0.05}, "protection": "complete", "credential": "whenUnlocked"}`.
struct OutboxDocument: Decodable {
    var spec: OutboxSpec

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["upload", "retention", "timeline", "writes", "protection", "credential"])
        // The file's documented default, whatever the Swift defaults become: an outbox uploads.
        spec = OutboxSpec(upload: Uploader.Configuration())
        if let upload = try? c.optional("upload", as: Bool.self) {
            // `false` collects without uploading; `true` uploads with the defaults.
            if !upload { spec.upload = nil }
        } else if let upload = try c.optional("upload", as: UploadDocument.self) {
            spec.upload = upload.configuration
        }
        if let retention = try c.optional("retention", as: RetentionDocument.self) { spec.retention = retention.policy }
        spec.timeline = try c.optionalCase("timeline", as: TimelineUpload.self) ?? spec.timeline
        spec.protection = try c.optionalCase("protection", as: DataProtectionClass.self) ?? spec.protection
        spec.credential = try c.optionalCase("credential", as: KeychainAccessibility.self) ?? spec.credential
        if let text = try? c.optional("writes", as: String.self) {
            guard text == "beforeCommands" else {
                throw c.failure("writes", "\"\(text)\": expected \"beforeCommands\" or {\"deferred\": seconds}")
            }
        } else if let deferred = try c.optional("writes", as: DeferredDocument.self) {
            spec.writes = .deferred(deferred.seconds)
        }
    }
}

/// `app.outbox.upload`: the uploader's settings; every key optional.
private struct UploadDocument: Decodable {
    var configuration = Uploader.Configuration()

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: [
            "background", "batchRecords", "batchBytes", "requestTimeout", "backoffBase", "backoffCap",
            "minimumInterval",
        ])
        if let background = try c.optional("background", as: Bool.self) { configuration.background = background }
        if let records = try c.optional("batchRecords", as: Int.self) {
            guard records >= 1 else {
                throw c.failure("batchRecords", "\(records): expected a whole number of records, at least 1")
            }
            configuration.limits.maxRecords = records
        }
        if let bytes = try c.optional("batchBytes", as: Int.self) {
            guard bytes >= 1 else { throw c.failure("batchBytes", "\(bytes): expected a number of bytes, at least 1") }
            configuration.limits.maxBytes = bytes
        }
        configuration.requestTimeout = try c.positiveSeconds("requestTimeout") ?? configuration.requestTimeout
        configuration.backoffBase = try c.positiveSeconds("backoffBase") ?? configuration.backoffBase
        configuration.backoffCap = try c.positiveSeconds("backoffCap") ?? configuration.backoffCap
        if let interval = try c.optional("minimumInterval", as: Double.self) {
            guard interval >= 0, interval.isFinite else {
                throw c.failure("minimumInterval", "\(interval): expected seconds, 0 or more")
            }
            configuration.minimumInterval = interval
        }
    }
}

/// `app.outbox.retention`: `{"maxAge": s, "maxCount": n, "maxBytes": n}`, each optional (absent: the default).
private struct RetentionDocument: Decodable {
    var policy = RetentionPolicy()

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["maxAge", "maxCount", "maxBytes"])
        if let age = try c.positiveSeconds("maxAge") { policy.maxAge = age }
        if let count = try c.optional("maxCount", as: Int.self) {
            guard count >= 1 else { throw c.failure("maxCount", "\(count): expected a number of records, at least 1") }
            policy.maxCount = count
        }
        if let bytes = try c.optional("maxBytes", as: Int.self) {
            guard bytes >= 1 else { throw c.failure("maxBytes", "\(bytes): expected a number of bytes, at least 1") }
            policy.maxBytes = bytes
        }
    }
}

/// `{"deferred": seconds}`.
private struct DeferredDocument: Decodable {
    var seconds: TimeInterval

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["deferred"])
        guard let seconds = try c.positiveSeconds("deferred") else {
            throw c.failure(
                "deferred", "missing; expected the seconds a background-queue write holds the file, e.g. 0.05")
        }
        self.seconds = seconds
    }
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// A number of seconds above 0, or nil when absent.
    fileprivate func positiveSeconds(_ key: String) throws -> TimeInterval? {
        guard let seconds = try optional(key, as: Double.self) else { return nil }
        guard seconds > 0, seconds.isFinite else { throw failure(key, "\(seconds): expected seconds above 0") }
        return seconds
    }
}
