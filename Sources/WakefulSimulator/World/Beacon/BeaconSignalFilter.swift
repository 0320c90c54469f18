import Foundation

/// One beacon's per-sample state while ranging: draws noisy samples and smooths them like CoreLocation. No allocation per sample (fixed ring buffer).
///
/// Call ``sample(distance:measuredPower:using:)`` once per ranging callback (BEACON-5: about 1 Hz
/// while ranging). Each call, in order:
/// 1. computes the mean RSSI at the true distance; below the model's detection threshold the beacon
///    is out of range: the filter resets and returns nil (no random numbers are drawn);
/// 2. draws one Bernoulli trial: a miss returns ``BeaconSample/missed`` (rssi 0, accuracy -1);
/// 3. draws one Gaussian RSSI around the mean, rounds it to a whole dBm in -127…-1, adds it to the
///    window of the last ``BeaconRadioModel/smoothingSamples`` valid samples, and reports the
///    distance estimate of the window's mean RSSI as the accuracy.
///
/// The window lives inline in the struct (a fixed tuple of ``maximumSmoothingSamples`` slots), so
/// copying a filter copies its state and sampling never touches the heap.
///
/// ```swift
/// var rng = SeededGenerator(seed: 1).derived(stream: beaconIndex)
/// var filter = BeaconSignalFilter(model: .standard)
/// if let sample = filter.sample(distance: 2.5, measuredPower: -59, using: &rng), sample.accuracy <= 3 {
///     // close enough to the pump (seed 000)
/// }
/// ```
public struct BeaconSignalFilter: Sendable {
    /// The largest smoothing window the filter supports; larger model values are clamped to it.
    public static let maximumSmoothingSamples = 32

    /// The radio model the samples are drawn from.
    public let model: BeaconRadioModel
    /// The effective window size: the model's ``BeaconRadioModel/smoothingSamples`` clamped to
    /// 1…``maximumSmoothingSamples``.
    public let windowSize: Int

    private var window = RSSIWindow()

    /// Creates an empty filter for `model`.
    public init(model: BeaconRadioModel) {
        self.model = model
        self.windowSize = min(max(model.smoothingSamples, 1), Self.maximumSmoothingSamples)
    }

    /// How many valid samples the window holds (at most ``windowSize``).
    public var validSampleCount: Int { window.count }

    /// The mean RSSI of the window in dBm, or nil when it is empty.
    public var smoothedRSSI: Double? { window.count > 0 ? window.sum / Double(window.count) : nil }

    /// Draw one 1 Hz sample at the true `distance`. Returns nil when the beacon is out of range (mean RSSI below threshold — then the filter resets). Otherwise a sample: rssi (Int, 0 when missed) and accuracy (metres, -1 when missed or no valid samples yet).
    ///
    /// - Parameters:
    ///   - distance: True distance from phone to beacon in metres.
    ///   - measuredPower: The beacon's calibrated RSSI at 1 m, in dBm (e.g. -59).
    ///   - rng: The beacon's random stream; draws one value for the miss trial and, when not
    ///     missed, one Gaussian (two values every other call).
    /// - Complexity: O(1); does not allocate.
    public mutating func sample(
        distance: Double,
        measuredPower: Double,
        using rng: inout SeededGenerator
    ) -> BeaconSample? {
        let mean = model.meanRSSI(distance: distance, measuredPower: measuredPower)
        // `!(>=)` so that a NaN distance or power counts as out of range.
        guard mean >= model.detectionThreshold else {
            reset()
            return nil
        }
        if rng.bernoulli(model.missedSampleProbability) { return .missed }
        let noisy = rng.gaussian(mean: mean, standardDeviation: model.rssiNoiseStandardDeviation)
        // Whole dBm like CLBeacon.rssi; never 0, which means "missed".
        let rssi = min(max(noisy.rounded(), -127), -1)
        window.append(rssi, windowSize: windowSize)
        let accuracy = model.estimatedDistance(rssi: window.sum / Double(window.count), measuredPower: measuredPower)
        return BeaconSample(rssi: Int(rssi), accuracy: accuracy)
    }

    /// Forgets every smoothed sample, as when the beacon goes out of range or ranging stops.
    public mutating func reset() {
        window = RSSIWindow()
    }
}

/// A ring buffer of the last few RSSI values, stored inline so it never allocates.
private struct RSSIWindow: Sendable {
    // 32 slots: BeaconSignalFilter.maximumSmoothingSamples.
    private var slots:
        (
            Double, Double, Double, Double, Double, Double, Double, Double,
            Double, Double, Double, Double, Double, Double, Double, Double,
            Double, Double, Double, Double, Double, Double, Double, Double,
            Double, Double, Double, Double, Double, Double, Double, Double
        ) = (
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        )
    /// How many slots hold values.
    private(set) var count = 0
    /// The sum of the held values (exact: they are whole numbers of small magnitude).
    private(set) var sum = 0.0
    /// The slot the next value goes into.
    private var nextSlot = 0

    /// Adds `value`, dropping the oldest value once `windowSize` values are held.
    mutating func append(_ value: Double, windowSize: Int) {
        let offset = nextSlot * MemoryLayout<Double>.stride
        let evicted = withUnsafeMutableBytes(of: &slots) { bytes in
            let old = bytes.load(fromByteOffset: offset, as: Double.self)
            bytes.storeBytes(of: value, toByteOffset: offset, as: Double.self)
            return old
        }
        if count == windowSize {
            sum -= evicted
        } else {
            count += 1
        }
        sum += value
        nextSlot = nextSlot + 1 == windowSize ? 0 : nextSlot + 1
    }
}
