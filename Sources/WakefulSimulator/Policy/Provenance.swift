/// How well a policy value is sourced, using the reference's confidence levels.
public enum Provenance: String, Sendable, Hashable, Codable {
    /// Apple documentation or technical notes, a WWDC session, or a statement by an Apple DTS engineer.
    case documented
    /// Measured by a named developer who published logs or the test setup.
    case observed
    /// A modelling conclusion the reference draws from other rules.
    case inference
    /// No source: a configurable default chosen by the simulator (cfg, n/c, "as 13–18", §12.3 gaps).
    case assumption
    /// Repeated without a primary source, or impossible to check.
    case folklore
}
