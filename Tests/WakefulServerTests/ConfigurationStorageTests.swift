import Crypto
import Foundation
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

/// What every ``ConfigurationStorage`` engine must do, on SQLite and on PostgreSQL like
/// ``ServerStorageConformanceTests``.
@Suite("configurations in storage: versions, targets, cohorts and the audit trail", .hangLimit, .watchdog)
struct ConfigurationStorageTests {
    static let signer = ConfigurationSigner()
    static let registration = DeviceRegistration(installID: UUID(), bundleID: "b", appVersion: "1", osVersion: "17")

    static func insert(
        _ storage: any ConfigurationStorage, _ target: ConfigurationTarget, interval: Double, author: String = "alice"
    ) async throws -> StoredConfiguration {
        try await storage.insertConfiguration(target: target, author: author, note: "because", at: 100) { version in
            try signer.sign(
                RemoteConfiguration(version: version, jobIntervals: [.init(job: "sample", interval: interval)]))
        }
    }

    static func configurations(_ storage: any ServerStorage) throws -> any ConfigurationStorage {
        try #require(storage as? any ConfigurationStorage)
    }

    @Test(
        "a device runs its own newest configuration, else its cohort's; every one stays listed",
        arguments: StorageEngine.allCases)
    func effectiveAndHistory(engine: StorageEngine) async throws {
        try await engine.withStorage { storage in
            let configurations = try Self.configurations(storage)
            let device = try await storage.register(Self.registration, tokenHash: "h", at: 0)
            #expect(try await configurations.effectiveConfiguration(deviceID: device) == nil)
            let first = try await Self.insert(configurations, .cohort("beta"), interval: 600)
            #expect(first.version == 1)
            // Not in the cohort yet.
            #expect(try await configurations.effectiveConfiguration(deviceID: device) == nil)
            try await configurations.setCohort("beta", deviceID: device, author: "bob", at: 110)
            #expect(try await configurations.cohort(deviceID: device) == "beta")
            #expect(try await configurations.effectiveConfiguration(deviceID: device)?.version == 1)
            let own = try await Self.insert(configurations, .device(device), interval: 300, author: "carol")
            #expect(own.version == 2)
            _ = try await Self.insert(configurations, .cohort("beta"), interval: 900)
            let effective = try #require(try await configurations.effectiveConfiguration(deviceID: device))
            #expect(effective == own)
            #expect(effective.author == "carol" && effective.note == "because" && effective.createdAt == 100)
            #expect(effective.configuration?.jobIntervals == [.init(job: "sample", interval: 300)])
            #expect(
                try await configurations.configurations(target: .cohort("beta"), limit: 10).map(\.version) == [3, 1])
            #expect(try await configurations.configurations(target: .device(device), limit: 10).map(\.version) == [2])
            // What was stored still verifies with the server's public key.
            let key = try Curve25519.Signing.PublicKey(
                rawRepresentation: try #require(Data(base64Encoded: Self.signer.publicKeyBase64)))
            #expect(key.isValidSignature(Data(effective.signed.signature), for: Data(effective.signed.signedMessage)))
            try await configurations.setCohort(nil, deviceID: device, author: "bob", at: 120)
            #expect(try await configurations.cohort(deviceID: device) == nil)
        }
    }

    @Test(
        "two servers setting configurations at once never hand out one version twice", arguments: StorageEngine.allCases
    )
    func concurrentVersions(engine: StorageEngine) async throws {
        try await engine.withStore { store in
            let instances = [
                try Self.configurations(try await store.open()), try Self.configurations(try await store.open()),
            ]
            let versions = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<16 {
                    group.addTask {
                        try await Self.insert(
                            instances[index % 2], .cohort("c\(index % 3)"), interval: Double(60 + index)
                        ).version
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(versions) == Set(1...16))
        }
    }
}
