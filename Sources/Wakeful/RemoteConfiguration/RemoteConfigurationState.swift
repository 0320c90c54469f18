import Foundation

/// The agent's remote configurations, with the rules that change them: the configuration in force
/// (the last good one), the newest version refused, and a verified offer waiting for a safe point.
///
/// It only decides: ``offer(_:via:verifier:)`` and ``apply(to:scheduler:)`` return the decision to
/// record, and the ``Agent`` records it and saves ``savedState`` with the event's writes.
struct RemoteConfigurationState: Sendable {
    /// The name its saved state is kept under beside the strategies' (``StrategyState``).
    static let stateName = "Wakeful.RemoteConfiguration"

    /// The configuration in force, nil for the app's own (version 0).
    private(set) var inForce: RemoteConfiguration?
    /// The newest version that was signed but refused or rolled back: the server is told of it, so
    /// that it sends no version up to it again.
    private(set) var refusedVersion = 0
    /// A verified configuration waiting for the next safe point.
    private(set) var pending: RemoteConfiguration?
    /// The last offer refused, as it came: the same offer again is a resend, refused without a
    /// second record. A server that cannot tell (a wrong key, an app without one) resends it with
    /// every answer, and each refusal recorded would be a record to upload, whose answer would
    /// carry it again: an upload every few seconds for as long as the app runs. Kept for the
    /// process only: a new process records the refusal once more.
    private var lastRefusedOffer: JSONValue?
    /// Whether ``savedState`` changed since the agent last saved it.
    var changed = false
    /// The app's own job intervals and strategy options, taken before the first configuration is
    /// applied: every configuration applies over these, not over the one before.
    private var baseline: RemoteConfigurationBaseline?

    /// The version in force, 0 for the app's own.
    var versionInForce: Int { inForce?.version ?? 0 }

    /// The version the device reports to the server (`Wakeful-Configuration-Version`): the newest
    /// it has applied, refused, or holds for the next safe point.
    var reportedVersion: Int { max(versionInForce, refusedVersion, pending?.version ?? 0) }

    /// Takes an offered configuration: verifies its signature, reads it and holds it for the next
    /// safe point. A version the device already has, refused or holds is ignored (a resend), and
    /// so is the offer refused last.
    ///
    /// - Returns: The decision to record (`configurationOffered` or `configurationRefused`), or nil
    ///   for a resend.
    mutating func offer(
        _ wire: JSONValue, via source: String, verifier: (any ConfigurationSignatureVerifier)?
    ) -> SystemDecision? {
        guard wire != lastRefusedOffer else { return nil }
        let signed: SignedRemoteConfiguration
        do {
            signed = try SignedRemoteConfiguration.parse(wire, path: "configuration")
        } catch {
            return refusal(of: wire, version: nil, via: source, error)
        }
        guard let verifier else {
            return refusal(
                of: wire, version: nil, via: source,
                RemoteConfigurationError(
                    path: "signature",
                    message: "the app has no configuration key; give the Agent a ConfigurationSignatureVerifier"))
        }
        guard verifier.isValidSignature(signed.signature, of: signed.signedMessage) else {
            // Not the server's: nothing of it is believed, not even its version.
            return refusal(
                of: wire, version: nil, via: source,
                RemoteConfigurationError(path: "signature", message: "does not verify with the app's configuration key")
            )
        }
        let configuration: RemoteConfiguration
        do {
            configuration = try RemoteConfiguration.parse(signed.payload)
        } catch {
            refuse(Self.version(in: signed.payload))
            return refusal(of: wire, version: Self.version(in: signed.payload), via: source, error)
        }
        guard configuration.version > reportedVersion else { return nil }
        pending = configuration
        return SystemDecision(
            name: "configurationOffered",
            fields: [Field("version", .int(configuration.version)), Field("via", .string(source))])
    }

    /// Whether a configuration waits for a safe point.
    var hasPending: Bool { pending != nil }

    /// Applies the pending configuration to the strategies and the jobs, whole or not at all.
    ///
    /// - Returns: `configurationApplied` with what changed, or `configurationRolledBack` naming the
    ///   field that could not be applied; the runtime and scheduler keep the last good
    ///   configuration then.
    mutating func apply(to runtime: inout Runtime, scheduler: inout JobScheduler?) -> SystemDecision? {
        guard let configuration = pending else { return nil }
        pending = nil
        changed = true
        let previous = versionInForce
        do {
            let changes = try install(configuration, runtime: &runtime, scheduler: &scheduler)
            inForce = configuration
            return SystemDecision(
                name: "configurationApplied",
                fields: [
                    Field("version", .int(configuration.version)), Field("previous", .int(previous)),
                    Field("changes", .string(changes.isEmpty ? "none" : changes.joined(separator: "; "))),
                ])
        } catch {
            refuse(configuration.version)
            return Self.rollback(of: configuration.version, to: previous, error)
        }
    }

    /// Sets the runtime's and scheduler's options to `configuration` over the baseline, on copies
    /// that replace the originals only when every part applied.
    ///
    /// - Returns: What changed, e.g. `jobs.sample.interval 900 → 300`.
    private mutating func install(
        _ configuration: RemoteConfiguration?, runtime: inout Runtime, scheduler: inout JobScheduler?
    ) throws(RemoteConfigurationError) -> [String] {
        let baseline: RemoteConfigurationBaseline
        if let known = self.baseline {
            baseline = known
        } else {
            baseline = try RemoteConfigurationBaseline(runtime: runtime, scheduler: scheduler)
            self.baseline = baseline
        }
        var newRuntime = runtime
        var newScheduler = scheduler
        let changes = try baseline.apply(
            configuration ?? RemoteConfiguration(version: 0), runtime: &newRuntime, scheduler: &newScheduler)
        runtime = newRuntime
        scheduler = newScheduler
        return changes
    }

    private mutating func refuse(_ version: Int?) {
        guard let version, version > refusedVersion else { return }
        refusedVersion = version
        changed = true
    }

    // MARK: Saving

    /// The state to save: the configuration in force and the newest version refused.
    var savedState: StrategyState {
        var object: JSONObject = ["refused": .int(refusedVersion)]
        if let inForce { object.members.append(JSONMember(key: "configuration", value: inForce.jsonValue)) }
        return StrategyState(strategy: Self.stateName, state: JSONValue.object(object).description)
    }

    /// Takes back what a previous process saved and applies its configuration to the new process's
    /// strategies and jobs (built with the app's own options).
    ///
    /// - Returns: `configurationRolledBack` when the saved configuration no longer applies (an app
    ///   update removed a job): the app's own options stay in force.
    mutating func restore(_ saved: String, runtime: inout Runtime, scheduler: inout JobScheduler?) -> SystemDecision? {
        guard case .object(let object)? = try? JSONValue.parse(Array(saved.utf8)) else { return nil }
        if case .int(let refused)? = object["refused"] { refusedVersion = refused }
        guard let value = object["configuration"], let configuration = try? RemoteConfiguration.parse(value) else {
            return nil
        }
        do {
            _ = try install(configuration, runtime: &runtime, scheduler: &scheduler)
            inForce = configuration
            return nil
        } catch {
            refuse(configuration.version)
            return Self.rollback(of: configuration.version, to: 0, error)
        }
    }

    // MARK: Decisions

    /// Refuses `wire`, remembered as the offer refused last.
    private mutating func refusal(
        of wire: JSONValue, version: Int?, via source: String, _ error: RemoteConfigurationError
    ) -> SystemDecision {
        lastRefusedOffer = wire
        return SystemDecision(
            name: "configurationRefused",
            fields: (version.map { [Field("version", .int($0))] } ?? []) + [
                Field("via", .string(source)), Field("reason", .string(error.description)),
            ])
    }

    private static func rollback(of version: Int, to previous: Int, _ error: RemoteConfigurationError)
        -> SystemDecision
    {
        SystemDecision(
            name: "configurationRolledBack",
            fields: [
                Field("version", .int(version)), Field("to", .int(previous)),
                Field("reason", .string(error.description)),
            ])
    }

    /// The version of a signed payload that did not read as a configuration, when it has one:
    /// the device refuses that version, so the server does not send it again.
    private static func version(in payload: [UInt8]) -> Int? {
        guard case .object(let object)? = try? JSONValue.parse(payload), case .int(let version)? = object["version"],
            version >= 1
        else { return nil }
        return version
    }
}
