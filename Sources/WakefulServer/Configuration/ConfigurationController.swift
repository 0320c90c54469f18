import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Wakeful
import WakefulAPNs  // WallClock

/// Remote configurations (admin): set and read a device's or a cohort's, put a device in a cohort.
///
/// - `PUT /v1/devices/{id}/configuration`, `PUT /v1/cohorts/{name}/configuration`: a new version,
///   signed, kept with who set it, when and why; 201 with it.
/// - `GET /v1/devices/{id}/configuration`: the device's cohort, the configuration it is to run,
///   and the history of its own and its cohort's (the admin, or the device itself).
/// - `GET /v1/cohorts/{name}/configuration`: the cohort's current configuration and history.
/// - `PUT /v1/devices/{id}/cohort`: `{"cohort": "beta" | null, "author": "…"}`.
///
/// A device gets the configuration it is to run in the answer to its next upload that reports an
/// older version (``IngestController``).
struct ConfigurationController<Context: RequestContext>: Sendable {
    let storage: any ServerStorage
    let configurations: (any ConfigurationStorage)?
    let signer: ConfigurationSigner?
    let authenticator: Authenticator
    let configuration: ServerConfiguration

    /// The most configurations a history lists.
    static var historyLimit: Int { 50 }

    func addRoutes(to router: Router<Context>) {
        router.put("/v1/devices/{id}/configuration", use: setDevice)
        router.get("/v1/devices/{id}/configuration", use: getDevice)
        router.put("/v1/cohorts/{name}/configuration", use: setCohortConfiguration)
        router.get("/v1/cohorts/{name}/configuration", use: getCohort)
        router.put("/v1/devices/{id}/cohort", use: setCohort)
    }

    @Sendable func setDevice(_ request: Request, context: Context) async throws -> Response {
        try await authenticator.caller(of: request).requireAdmin()
        let id = try PathParameter.deviceID(context)
        let body = try await ConfigurationRequest.read(request, limit: configuration.limits.maximumBodyBytes)
        guard try await storage.device(id: id) != nil else { throw APIError.notFound("no device \(id.uuidString)") }
        return try await store(body, for: .device(id), context: context)
    }

    @Sendable func setCohortConfiguration(_ request: Request, context: Context) async throws -> Response {
        try await authenticator.caller(of: request).requireAdmin()
        let name = try ConfigurationRequest.cohortName(context.parameters.get("name") ?? "", field: "name")
        let body = try await ConfigurationRequest.read(request, limit: configuration.limits.maximumBodyBytes)
        return try await store(body, for: .cohort(name), context: context)
    }

    /// Signs and stores a configuration under the next version; 503 without a signing key or a
    /// storage that keeps configurations.
    private func store(_ body: ConfigurationRequest, for target: ConfigurationTarget, context: Context) async throws
        -> Response
    {
        let configurations = try requireStorage()
        guard let signer else {
            throw APIError(
                .serviceUnavailable, "no_signing_key",
                "the server has no configuration signing key; start it with --configuration-key-file or WAKEFUL_CONFIGURATION_KEY"
            )
        }
        let unversioned = body.configuration
        let stored = try await configurations.insertConfiguration(
            target: target, author: body.author, note: body.note, at: configuration.clock.now.timeIntervalSince1970
        ) { version in
            var versioned = unversioned
            versioned.version = version
            return try signer.sign(versioned)
        }
        context.logger.info(
            "configuration set",
            metadata: [
                "version": .stringConvertible(stored.version), "target": .string("\(target.kind) \(target.name)"),
                "author": .string(body.author),
            ])
        return .json(stored.json, status: .created)
    }

    @Sendable func getDevice(_ request: Request, context: Context) async throws -> Response {
        let caller = try await authenticator.caller(of: request)
        let id = try PathParameter.deviceID(context)
        guard caller.mayRead(id), try await storage.device(id: id) != nil else {
            throw APIError.notFound("no device \(id.uuidString)")
        }
        let configurations = try requireStorage()
        let view = try await DeviceConfigurationView.load(configurations, deviceID: id, limit: Self.historyLimit)
        return .json([
            "device_id": .string(id.uuidString), "cohort": view.cohort.map(JSONValue.string) ?? .null,
            "effective": view.effective?.json ?? .null, "history": .array(view.history.map(\.json)),
        ])
    }

    @Sendable func getCohort(_ request: Request, context: Context) async throws -> Response {
        try await authenticator.caller(of: request).requireAdmin()
        let name = try ConfigurationRequest.cohortName(context.parameters.get("name") ?? "", field: "name")
        let history = try await requireStorage().configurations(target: .cohort(name), limit: Self.historyLimit)
        return .json([
            "cohort": .string(name), "current": history.first?.json ?? .null, "history": .array(history.map(\.json)),
        ])
    }

    @Sendable func setCohort(_ request: Request, context: Context) async throws -> Response {
        try await authenticator.caller(of: request).requireAdmin()
        let id = try PathParameter.deviceID(context)
        let body = try await JSONRequest.body(of: request, limit: configuration.limits.maximumBodyBytes)
        if let unknown = body.object.members.first(where: { !["cohort", "author"].contains($0.key) }) {
            throw APIError.invalid(unknown.key, "unknown member; expected only cohort, author")
        }
        let author = try body.string("author", maximumLength: 128)
        let cohort: String?
        switch body.object["cohort"] {
        case .null?: cohort = nil
        case .string(let text)?: cohort = try ConfigurationRequest.cohortName(text, field: "cohort")
        case let other?: throw APIError.invalid("cohort", "expected a cohort name or null, found \(other.kindName)")
        case nil: throw APIError.invalid("cohort", "missing; expected a cohort name, or null to take the device out")
        }
        guard try await storage.device(id: id) != nil else { throw APIError.notFound("no device \(id.uuidString)") }
        try await requireStorage().setCohort(
            cohort, deviceID: id, author: author, at: configuration.clock.now.timeIntervalSince1970)
        return .json(["device_id": .string(id.uuidString), "cohort": cohort.map(JSONValue.string) ?? .null])
    }

    private func requireStorage() throws(APIError) -> any ConfigurationStorage {
        guard let configurations else {
            throw APIError(
                .serviceUnavailable, "no_configuration_storage", "this server's storage keeps no configurations")
        }
        return configurations
    }
}

/// What a device's configuration page and route show: its cohort, the configuration it is to
/// run, and its own and its cohort's configurations, newest first.
struct DeviceConfigurationView: Sendable {
    var cohort: String?
    var effective: StoredConfiguration?
    var history: [StoredConfiguration]

    static func load(_ storage: any ConfigurationStorage, deviceID: UUID, limit: Int) async throws
        -> DeviceConfigurationView
    {
        let cohort = try await storage.cohort(deviceID: deviceID)
        var history = try await storage.configurations(target: .device(deviceID), limit: limit)
        if let cohort { history += try await storage.configurations(target: .cohort(cohort), limit: limit) }
        history.sort { $0.version > $1.version }
        return DeviceConfigurationView(
            cohort: cohort, effective: try await storage.effectiveConfiguration(deviceID: deviceID),
            history: Array(history.prefix(limit)))
    }
}
