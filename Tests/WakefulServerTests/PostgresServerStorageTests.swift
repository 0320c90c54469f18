import Foundation
import HTTPTypes
import PostgresNIO
import Testing
import Wakeful
@testable import WakefulServer
import WakefulTestSupport

/// What only the PostgreSQL engine promises: several servers on one database, durable commits,
/// migrations under a lock. The shared behaviour is in ``ServerStorageConformanceTests``.
@Suite(
    "PostgresServerStorage", .hangLimit,
    .enabled(if: PostgresTestDatabase.isEnabled, PostgresTestDatabase.unavailableMessage), .watchdog)
struct PostgresServerStorageTests {
    static let registration = DeviceRegistration(
        installID: UUID(), bundleID: "com.example.app", appVersion: "1.0", osVersion: "17.4")

    @Test("two servers on one database ingesting the same batches at once store every record exactly once")
    func concurrentIngest() async throws {
        try await StorageEngine.postgres.withStore { store in
            let servers = [try await store.open(), try await store.open()]
            let device = try await servers[0].register(Self.registration, tokenHash: "h", at: 10)
            let batches = (0..<12).map { index in
                (
                    id: UUID(),
                    records: makeRecords(install: Self.registration.installID, from: Int64(index * 40 + 1), count: 50)
                )
            }
            // Consecutive batches overlap by 10 records, so the servers also race on rows of other batches.
            let answers = try await withThrowingTaskGroup(of: (Int, IngestOutcome).self) { group in
                for (index, batch) in batches.enumerated() {
                    for server in servers {
                        group.addTask {
                            let outcome = try await server.ingest(
                                deviceID: device, batchID: batch.id, digest: "d\(index)", records: batch.records,
                                receivedAt: 20)
                            return (index, outcome)
                        }
                    }
                }
                return try await group.reduce(into: [Int: [IngestOutcome]]()) { $0[$1.0, default: []].append($1.1) }
            }
            var acceptedInAll = 0
            for (index, outcomes) in answers {
                #expect(outcomes.count == 2)
                for outcome in outcomes {
                    guard case .stored(let accepted, let duplicates, _) = outcome else {
                        Issue.record("batch \(index): \(outcome)")
                        continue
                    }
                    #expect(accepted + duplicates == 50, "batch \(index)")
                    acceptedInAll += accepted
                }
            }
            let distinct = Set(batches.flatMap { $0.records.map(\.uuid) })
            #expect(acceptedInAll == distinct.count)
            for server in servers {
                let stored = try await server.records(deviceID: device, matching: RecordQuery(limit: 10_000))
                #expect(stored.count == distinct.count)
                #expect(Set(stored.map(\.record.uuid)) == distinct)
            }
        }
    }

    @Test("one install registering on two servers at once gets one device")
    func concurrentRegistration() async throws {
        try await StorageEngine.postgres.withStore { store in
            let servers = [try await store.open(), try await store.open()]
            let ids = try await withThrowingTaskGroup(of: UUID.self) { group in
                for attempt in 0..<16 {
                    let server = servers[attempt % 2]
                    group.addTask { try await server.register(Self.registration, tokenHash: "hash-\(attempt)", at: 10) }
                }
                return try await group.reduce(into: Set<UUID>()) { $0.insert($1) }
            }
            #expect(ids.count == 1)
            #expect(try await servers[1].deviceSummaries().count == 1)
            var holders = 0
            for attempt in 0..<16 {
                if try await servers[0].device(tokenHash: "hash-\(attempt)") != nil { holders += 1 }
            }
            #expect(holders == 1)
        }
    }

    @Test("two servers starting on an empty database at once apply each migration once")
    func concurrentStart() async throws {
        try await StorageEngine.postgres.withStore { store in
            async let first = store.open()
            async let second = store.open()
            _ = try await (first, second)
            guard case .postgres(let url) = store.location else { return }
            let storage = try await store.openPostgres(url)
            let versions = try await storage.client.query(
                "SELECT version FROM wakeful_schema_migrations ORDER BY version"
            )
            .decode(Int.self).reduce(into: [Int]()) { $0.append($1) }
            #expect(versions == PostgresServerStorage.migrations.map(\.version))
        }
    }

    @Test("a migration numbered below the highest applied version, released later, is still applied once")
    func migrationFillingAGap() async throws {
        try await PostgresTestDatabase.withDatabase { url in
            let configuration = PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
                tls: .disable)
            let connection = try await PostgresConnection.connect(
                configuration: configuration, id: 2, logger: PostgresTestDatabase.logger)
            do {
                let all = PostgresServerStorage.migrations
                // A server built before the version-3 migration landed, though version 5 did.
                let early = try await PostgresServerStorage.migrate(
                    on: connection, logger: PostgresTestDatabase.logger, migrations: all.filter { $0.version != 3 })
                #expect(!early.contains(3) && early.contains(5))
                let later = try await PostgresServerStorage.migrate(
                    on: connection, logger: PostgresTestDatabase.logger, migrations: all)
                #expect(later == [3])
                let again = try await PostgresServerStorage.migrate(
                    on: connection, logger: PostgresTestDatabase.logger, migrations: all)
                #expect(again.isEmpty)
                let versions = try await connection.query(
                    "SELECT version FROM wakeful_schema_migrations ORDER BY version",
                    logger: PostgresTestDatabase.logger
                )
                .decode(Int.self).reduce(into: [Int]()) { $0.append($1) }
                #expect(versions == all.map(\.version))
            } catch {
                try? await connection.close()
                throw error
            }
            try await connection.close()
        }
    }

    @Test("every connection commits durably (synchronous_commit = on), whatever the database's default")
    func durability() async throws {
        try await StorageEngine.postgres.withStore { store in
            guard case .postgres(let url) = store.location else { return }
            try await PostgresTestDatabase.administer(
                url, "ALTER DATABASE \(url.database) SET synchronous_commit = off")
            // Opened after the change, so every connection is new.
            let storage = try await store.openPostgres(url)
            let setting = try await storage.withConnection("test") { connection in
                try await connection.query("SHOW synchronous_commit", logger: PostgresTestDatabase.logger).decode(
                    String.self
                )
                .first { _ in true }
            }
            #expect(setting == "on")
        }
    }

    @Test("a database failure during a request is a 503 with Retry-After, and nothing is stored")
    func failureDuringRequest() async throws {
        try await StorageEngine.postgres.withStore { store in
            guard case .postgres(let url) = store.location else { return }
            let storage = try await store.openPostgres(url)
            let device = try await storage.register(Self.registration, tokenHash: "h", at: 10)
            try await PostgresTestDatabase.administer(url, "ALTER TABLE records RENAME TO records_elsewhere")
            let batch = UUID()
            let records = makeRecords(install: Self.registration.installID, count: 3)
            let error = await #expect(throws: APIError.self) {
                try await storage.ingest(
                    deviceID: device, batchID: batch, digest: "d", records: records, receivedAt: 20)
            }
            #expect(error?.status == .serviceUnavailable)
            #expect(error?.headers[.retryAfter] == "1")
            try await PostgresTestDatabase.administer(url, "ALTER TABLE records_elsewhere RENAME TO records")
            // The failed attempt claimed nothing: the same batch is stored in full on retry.
            #expect(
                try await storage.ingest(
                    deviceID: device, batchID: batch, digest: "d", records: records, receivedAt: 21)
                    == .stored(accepted: 3, duplicates: 0))
        }
    }

    @Test("a start against a missing database names the URL without its password and says what to check")
    func missingDatabase() async throws {
        try await PostgresTestDatabase.withDatabase { url in
            var missing = url
            missing.database = url.database + "_missing"
            missing.password = "s3cret-password"
            let error = await #expect(throws: PostgresStorageStartError.self) {
                _ = try await PostgresServerStorage(url: missing, logger: PostgresTestDatabase.logger)
            }
            let message = try #require(error).description
            #expect(message.contains("postgres://\(url.user):***@\(url.host):\(url.port)/\(missing.database)"))
            #expect(message.contains("createdb"))
            #expect(!message.contains("s3cret-password"))
        }
    }

    @Test(
        "a request that gets no pooled connection within the lease timeout is a 503 with Retry-After, and the pool serves again once one is free"
    )
    func leaseTimeout() async throws {
        try await PostgresTestDatabase.withDatabase { url in
            let log = RecordedLog()
            let storage = try await PostgresServerStorage(
                url: url, logger: log.logger(level: .warning), maximumConnections: 1,
                leaseTimeout: .milliseconds(300))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await storage.run() }
                let (release, releasing) = AsyncStream.makeStream(of: Void.self)
                let (held, holding) = AsyncStream.makeStream(of: Void.self)
                // The only connection, held until the test lets it go. On a loaded machine the
                // pool's first connect can outlast the 300 ms lease timeout, so the hold is tried
                // again (up to 40 times, some 12 s) until it has the connection; a failure that
                // persists ends the wait below and is thrown by the group.
                group.addTask {
                    defer { holding.finish() }
                    for attempt in 1...40 {
                        do {
                            return try await storage.withConnection("hold") { _ in
                                holding.yield()
                                for await _ in release {}
                            }
                        } catch let error as APIError where error.status == .serviceUnavailable && attempt < 40 {
                            try Task.checkCancellation()
                        }
                    }
                }
                var isHeld = false
                for await _ in held { isHeld = true; break }
                guard isHeld else { return try await group.waitForAll() }
                let error = await #expect(throws: APIError.self) { _ = try await storage.device(id: UUID()) }
                // The lease timeout answered, not the pool, which gives up only after a minute.
                #expect(log.text.contains("no database connection within 0.3 seconds"), "\(log.text)")
                #expect(error?.status == .serviceUnavailable)
                #expect(error?.headers[.retryAfter] == "1")
                releasing.finish()
                let afterwards = try await storage.device(id: UUID())
                #expect(afterwards == nil)
                group.cancelAll()
            }
        }
    }
}
