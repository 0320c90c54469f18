import Foundation

/// What the server changes on a device without an app release: job intervals and the options of
/// strategies that take them (tracking windows, accuracies, radii …), under a version.
///
/// Each configuration is whole: what it does not name is as the app built it, so version 3 need
/// not repeat version 2. Versions only grow; a device takes a configuration only when its version
/// is newer than every one it has applied or refused. It travels signed
/// (``SignedRemoteConfiguration``), in the ingest answer or a silent push, as this JSON:
///
/// ```json
/// {"version":3,
///  "jobs":{"sample":{"interval":300}},
///  "strategies":{"ScheduledTracking":{"desiredAccuracy":5,"distanceFilter":10}}}
/// ```
///
/// The agent applies it at the next safe point and records it in the timeline (see
/// ``Agent/remoteConfigurationVersion``).
public struct RemoteConfiguration: Sendable, Hashable {
    /// A new interval for one of the app's jobs.
    public struct JobInterval: Sendable, Hashable {
        /// The job's ``Job/id``.
        public var job: String
        /// Seconds from one completion until the job is due again (``Job/interval``).
        public var interval: TimeInterval

        /// Creates a job interval.
        public init(job: String, interval: TimeInterval) {
            self.job = job
            self.interval = interval
        }
    }

    /// Options for one strategy that takes them (``RemotelyConfigurable``): the members to change,
    /// named as the strategy's `Options` encodes them.
    public struct StrategyOptions: Sendable, Hashable {
        /// The strategy's ``Strategy/name``.
        public var strategy: String
        /// The options to change; the others keep the app's values.
        public var options: JSONObject

        /// Creates strategy options.
        public init(strategy: String, options: JSONObject) {
            self.strategy = strategy
            self.options = options
        }
    }

    /// The version, 1 or more; the app's own configuration is version 0.
    public var version: Int
    /// New job intervals, in the order given.
    public var jobIntervals: [JobInterval]
    /// Strategy options, in the order given.
    public var strategyOptions: [StrategyOptions]

    /// Creates a configuration.
    public init(version: Int, jobIntervals: [JobInterval] = [], strategyOptions: [StrategyOptions] = []) {
        self.version = version
        self.jobIntervals = jobIntervals
        self.strategyOptions = strategyOptions
    }

    /// The members a configuration document may have.
    static let members = ["version", "jobs", "strategies"]

    /// The configuration as JSON, members in the documented order.
    public var jsonValue: JSONValue {
        var root: JSONObject = ["version": .int(version)]
        if !jobIntervals.isEmpty {
            root.members.append(
                JSONMember(
                    key: "jobs",
                    value: .object(
                        JSONObject(
                            jobIntervals.map {
                                JSONMember(key: $0.job, value: .object(["interval": .double($0.interval)]))
                            }))))
        }
        if !strategyOptions.isEmpty {
            root.members.append(
                JSONMember(
                    key: "strategies",
                    value: .object(
                        JSONObject(strategyOptions.map { JSONMember(key: $0.strategy, value: .object($0.options)) }))))
        }
        return .object(root)
    }

    /// The configuration as compact JSON bytes: what the server signs.
    public var jsonBytes: [UInt8] {
        var bytes: [UInt8] = []
        jsonValue.encode(into: &bytes)
        return bytes
    }

    /// Reads a configuration document, refusing anything it does not know: a configuration is
    /// applied whole or not at all, so a misspelt member must not be skipped silently.
    ///
    /// - Throws: ``RemoteConfigurationError`` naming the field and the expected form.
    public static func parse(_ bytes: some Collection<UInt8>) throws(RemoteConfigurationError) -> RemoteConfiguration {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            throw RemoteConfigurationError(path: "", message: "not valid JSON: \(error.description)")
        }
        return try parse(root)
    }

    /// Reads a parsed configuration document, with the same checks as reading its bytes.
    public static func parse(_ root: JSONValue) throws(RemoteConfigurationError) -> RemoteConfiguration {
        let object = try Self.object(root, path: "")
        for member in object where !members.contains(member.key) {
            throw RemoteConfigurationError(
                path: member.key, message: "unknown member; expected version, jobs or strategies")
        }
        guard case .int(let version)? = object["version"], version >= 1 else {
            throw RemoteConfigurationError(
                path: "version",
                message: "expected a whole number, 1 or more, found \(object["version"]?.summary ?? "nothing")")
        }
        var configuration = RemoteConfiguration(version: version)
        if let jobs = object["jobs"] {
            for member in try Self.object(jobs, path: "jobs") {
                configuration.jobIntervals.append(try jobInterval(member))
            }
        }
        if let strategies = object["strategies"] {
            for member in try Self.object(strategies, path: "strategies") {
                configuration.strategyOptions.append(
                    StrategyOptions(
                        strategy: member.key, options: try Self.object(member.value, path: "strategies.\(member.key)")))
            }
        }
        return configuration
    }

    private static func jobInterval(_ member: JSONMember) throws(RemoteConfigurationError) -> JobInterval {
        let path = "jobs.\(member.key)"
        let job = try object(member.value, path: path)
        for field in job where field.key != "interval" {
            throw RemoteConfigurationError(path: "\(path).\(field.key)", message: "unknown member; expected interval")
        }
        let seconds: Double? =
            switch job["interval"] {
            case .int(let value)?: Double(value)
            case .double(let value)?: value
            default: nil
            }
        guard let seconds, seconds > 0, seconds.isFinite else {
            throw RemoteConfigurationError(
                path: "\(path).interval",
                message: "expected a number of seconds > 0, found \(job["interval"]?.summary ?? "nothing")")
        }
        return JobInterval(job: member.key, interval: seconds)
    }

    private static func object(_ value: JSONValue, path: String) throws(RemoteConfigurationError) -> JSONObject {
        guard case .object(let object) = value else {
            throw RemoteConfigurationError(path: path, message: "expected an object, found \(value.summary)")
        }
        return object
    }
}
