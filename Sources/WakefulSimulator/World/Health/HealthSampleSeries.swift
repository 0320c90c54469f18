import Foundation
import Wakeful

/// Samples another device saves to the phone's HealthKit store on a schedule: a continuous glucose
/// monitor's reading every 5 minutes, a watch's step count every few minutes.
///
/// In a scenario file, an entry of `world.health`:
/// `{"type": "bloodGlucose", "id": "glucose", "at": 300, "every": 300, "until": 28800, "value": 104}`.
/// Sample *n* (from 1) is saved at `at + (n − 1) · every` and named `id-n`.
public struct HealthSampleSeries: Sendable, Hashable {
    /// The HealthKit type the samples are of.
    public var type: HealthDataType
    /// The samples' name stem; the type's name when left out.
    public var id: String
    /// When the first sample is saved.
    public var at: TimeInterval
    /// Seconds between samples; nil for one sample.
    public var every: TimeInterval?
    /// The last time a sample may be saved; the end of the run when nil.
    public var until: TimeInterval?
    /// Each sample's value.
    public var value: Double

    /// Creates a series.
    public init(
        type: HealthDataType, id: String? = nil, at: TimeInterval, every: TimeInterval? = nil,
        until: TimeInterval? = nil, value: Double = 1
    ) {
        self.type = type
        self.id = id ?? type.rawValue
        self.at = at
        self.every = every
        self.until = until
        self.value = value
    }

    /// The samples saved up to `duration`, in time order.
    func samples(until duration: TimeInterval) -> [WorldHealthSample] {
        let last = min(until ?? duration, duration)
        guard let every, every > 0 else {
            return at <= last ? [WorldHealthSample(id: "\(id)-1", type: type, value: value, at: at)] : []
        }
        var samples: [WorldHealthSample] = []
        var time = at
        while time <= last + 1e-9 {
            samples.append(WorldHealthSample(id: "\(id)-\(samples.count + 1)", type: type, value: value, at: time))
            time = at + Double(samples.count) * every
        }
        return samples
    }
}

/// One sample of a ``HealthSampleSeries``, as HealthKit stores it.
struct WorldHealthSample: Sendable, Hashable {
    var id: String
    var type: HealthDataType
    var value: Double
    /// When it was saved (and its `startDate`).
    var at: TimeInterval
}
