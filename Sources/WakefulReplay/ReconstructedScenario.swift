import Foundation
import Wakeful
import WakefulSimulator

/// A scenario rebuilt from a field timeline: the document to save, and the run it describes.
///
/// The scenario that is re-run is always decoded from ``data``, the exact bytes `--save-scenario`
/// writes, so `wakeful simulate --scenario bug.json --seed <seed>` replays the same run and writes
/// the same timeline, byte for byte.
public struct ReconstructedScenario: Sendable {
    /// The scenario file's bytes (pretty-printed JSON, keys in a fixed order, a final newline).
    public var data: Data
    /// The scenario decoded from ``data``.
    public var scenario: Scenario
    /// The iOS version re-run.
    public var ios: IOSVersion
    /// The configuration re-run (the scenario's only setup).
    public var setup: StrategySetup
    /// The seed of the re-run.
    public var seed: UInt64
    /// The device clock's value at scenario time 0; device times minus this are scenario times.
    public var timeOrigin: TimeInterval
    /// What was taken from where, and what could not be rebuilt.
    public var notes: [String]
}
