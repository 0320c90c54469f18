/// One row of the policy's self-description, for `--list`-style output and docs.
///
/// ```swift
/// let row = BackgroundPolicy(version: IOSVersion(17)).parameters.first { $0.name == "execution.taskBudget" }!
/// row.value        // "30 s"
/// row.rules        // ["TASK-6"]
/// row.provenance   // .documented
/// ```
public struct PolicyParameter: Sendable, Hashable {
    /// Dotted path of the field: `"execution.taskBudget"`, `"termination.codes.watchdog"`, `"debuggerAttached"`.
    public var name: String
    /// The value as text: `"30 s"`, `"nil"`, `"true"`, `"1000"`, `"500 m"`.
    public var value: String
    /// Rule IDs from the reference that set the value, e.g. `["TASK-6"]`; a variant adds its `CONF-n`.
    public var rules: [String]
    /// How well the value is sourced on this policy's version and variants.
    public var provenance: Provenance

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - name: Dotted path of the field.
    ///   - value: The value as text.
    ///   - rules: Rule IDs that set the value.
    ///   - provenance: How well the value is sourced.
    public init(name: String, value: String, rules: [String], provenance: Provenance) {
        self.name = name
        self.value = value
        self.rules = rules
        self.provenance = provenance
    }
}
