import Foundation
import Wakeful

/// Where the server keeps remote configurations and cohorts: the configuration side of the
/// storage seam, on SQLite and PostgreSQL like ``ServerStorage``.
///
/// Every configuration ever set is kept, never changed: the table is the audit trail (who set what
/// for whom, when and why). Versions are server-wide and only grow, so a device's reported version
/// compares with any configuration, its own or its cohort's.
public protocol ConfigurationStorage: Sendable {
    /// Stores a configuration for `target` under the next version, one more than the highest
    /// stored, in one transaction that serialises writers (two servers never hand out one version).
    ///
    /// - Parameter sign: Makes the signed configuration for the version chosen (the version is
    ///   part of what is signed).
    /// - Returns: What was stored.
    func insertConfiguration(
        target: ConfigurationTarget, author: String, note: String?, at time: TimeInterval,
        sign: @escaping @Sendable (Int) throws -> SignedRemoteConfiguration
    ) async throws -> StoredConfiguration

    /// The configurations set for `target`, newest first, at most `limit`.
    func configurations(target: ConfigurationTarget, limit: Int) async throws -> [StoredConfiguration]

    /// The configuration a device is to run: the newest set for the device itself, else the
    /// newest set for its cohort; nil when neither exists.
    func effectiveConfiguration(deviceID: UUID) async throws -> StoredConfiguration?

    /// Puts the device in `cohort`, or in none when nil, noting who did it and when.
    func setCohort(_ cohort: String?, deviceID: UUID, author: String, at time: TimeInterval) async throws

    /// The device's cohort, or nil.
    func cohort(deviceID: UUID) async throws -> String?
}

/// Whom a configuration is for: one device, or every device of a cohort.
public enum ConfigurationTarget: Sendable, Hashable {
    case device(UUID)
    case cohort(String)

    /// `device` or `cohort`, as stored.
    public var kind: String {
        switch self {
        case .device: "device"
        case .cohort: "cohort"
        }
    }

    /// The device ID (upper-case) or the cohort's name, as stored.
    public var name: String {
        switch self {
        case .device(let id): id.uuidString
        case .cohort(let name): name
        }
    }

    /// Reads a stored kind and name.
    init?(kind: String, name: String) {
        switch kind {
        case "device": guard let id = UUID(uuidString: name) else { return nil }; self = .device(id)
        case "cohort": self = .cohort(name)
        default: return nil
        }
    }
}

/// One configuration as stored: the signed configuration with its audit facts.
public struct StoredConfiguration: Sendable, Hashable {
    /// The version (server-wide).
    public var version: Int
    /// Whom it is for.
    public var target: ConfigurationTarget
    /// The configuration as signed.
    public var signed: SignedRemoteConfiguration
    /// Who set it (the admin's `author`).
    public var author: String
    /// Why, as the author said; nil when not said.
    public var note: String?
    /// When it was set (seconds since 1970).
    public var createdAt: TimeInterval

    /// Creates a stored configuration.
    public init(
        version: Int, target: ConfigurationTarget, signed: SignedRemoteConfiguration, author: String, note: String?,
        createdAt: TimeInterval
    ) {
        self.version = version
        self.target = target
        self.signed = signed
        self.author = author
        self.note = note
        self.createdAt = createdAt
    }

    /// The configuration, read from its signed payload (which the server wrote).
    public var configuration: RemoteConfiguration? { try? RemoteConfiguration.parse(signed.payload) }
}
