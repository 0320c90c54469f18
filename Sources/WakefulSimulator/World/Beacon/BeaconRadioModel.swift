import Foundation

/// How a beacon's signal is seen by a phone: log-distance path loss, Gaussian RSSI noise, occasional missed samples, and CoreLocation-style smoothing. Defaults are assumptions (state so in code) chosen so a beacon with measuredPower -59 dBm is detectable to ≈50 m (seed 000).
///
/// The mean RSSI at distance d is `measuredPower - 10 · n · log10(d)` (d in metres, clamped to at
/// least 0.1 m), where n is ``pathLossExponent``; the distance iOS reports is its inverse applied
/// to the mean of the last few RSSI samples. ``BeaconSignalFilter`` draws the samples.
///
/// ```swift
/// let model = BeaconRadioModel.standard
/// model.detectionRange(measuredPower: -59)                 // ≈ 50 m
/// model.meanRSSI(distance: 3, measuredPower: -59)          // ≈ -68.5 dBm
/// model.estimatedDistance(rssi: -68.5, measuredPower: -59) // ≈ 3 m
/// ```
///
/// When decoded (for instance from a scenario file) every field is optional and defaults as in
/// ``init(pathLossExponent:rssiNoiseStandardDeviation:detectionThreshold:missedSampleProbability:smoothingSamples:)``;
/// out-of-range values are rejected with a message naming the field and the expected form.
public struct BeaconRadioModel: Sendable, Hashable, Codable {
    /// The path-loss exponent n. Default 2.0: free space. Assumption: indoor and cluttered sites
    /// measure 1.6–3.5; 2.0 keeps the seed's ≈50 m range with the default threshold.
    public var pathLossExponent: Double
    /// Standard deviation of per-sample RSSI noise in dB. Default 4 dB. Assumption: BLE RSSI on
    /// phones typically fluctuates by a few dB second to second (body shadowing, multipath).
    public var rssiNoiseStandardDeviation: Double
    /// Mean RSSI in dBm below which the beacon is not heard at all. Default -93 dBm (≈50 m at
    /// -59 dBm with n = 2: seed 000 says beacons are typically detectable to about 50 m).
    public var detectionThreshold: Double
    /// Probability that a ranging sample of an in-range beacon is missed and reported with
    /// rssi 0 / accuracy -1, as iOS does. Default 0.05 (assumption).
    public var missedSampleProbability: Double
    /// How many of the last valid RSSI samples are averaged into the reported accuracy. Default 5
    /// (assumption: CoreLocation smooths over a few seconds of 1 Hz samples). Clamped to
    /// 1…``BeaconSignalFilter/maximumSmoothingSamples`` by the filter.
    public var smoothingSamples: Int

    /// Creates a radio model; every parameter defaults to the value documented on its property.
    public init(
        pathLossExponent: Double = 2.0,
        rssiNoiseStandardDeviation: Double = 4,
        detectionThreshold: Double = -93,
        missedSampleProbability: Double = 0.05,
        smoothingSamples: Int = 5
    ) {
        self.pathLossExponent = pathLossExponent
        self.rssiNoiseStandardDeviation = rssiNoiseStandardDeviation
        self.detectionThreshold = detectionThreshold
        self.missedSampleProbability = missedSampleProbability
        self.smoothingSamples = smoothingSamples
    }

    /// The default model: n = 2, 4 dB noise, -93 dBm threshold, 5 % missed samples, 5-sample smoothing.
    public static let standard = BeaconRadioModel()

    /// The distance below which distances are clamped, in metres.
    public static let minimumDistance: Double = 0.1

    /// Mean RSSI at `distance` metres for a beacon whose RSSI at 1 m is `measuredPower` (distance clamped to ≥ 0.1 m).
    ///
    /// - Complexity: O(1); does not allocate.
    public func meanRSSI(distance: Double, measuredPower: Double) -> Double {
        // Written so that a NaN distance stays NaN (and so is out of range) rather than clamping.
        let clamped = distance < Self.minimumDistance ? Self.minimumDistance : distance
        return measuredPower - 10 * pathLossExponent * log10(clamped)
    }

    /// Greatest distance at which the mean RSSI is at or above the detection threshold.
    ///
    /// Returns 0 when the beacon is not heard even at the minimum distance of 0.1 m.
    public func detectionRange(measuredPower: Double) -> Double {
        let range = estimatedDistance(rssi: detectionThreshold, measuredPower: measuredPower)
        return range >= Self.minimumDistance ? range : 0
    }

    /// Inverse of meanRSSI: the distance estimate iOS would report for an RSSI.
    ///
    /// - Complexity: O(1); does not allocate.
    public func estimatedDistance(rssi: Double, measuredPower: Double) -> Double {
        pow(10, (measuredPower - rssi) / (10 * pathLossExponent))
    }
}

extension BeaconRadioModel {
    private enum CodingKeys: String, CodingKey {
        case pathLossExponent, rssiNoiseStandardDeviation, detectionThreshold
        case missedSampleProbability, smoothingSamples
    }

    /// Decodes a model; missing fields take their defaults, out-of-range fields throw
    /// `DecodingError.dataCorrupted` naming the field and the expected form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = BeaconRadioModel.standard

        func decode<T: Decodable & Sendable>(
            _ key: CodingKeys, default value: T, expected: String, isValid: (T) -> Bool
        ) throws -> T {
            guard let decoded = try container.decodeIfPresent(T.self, forKey: key) else { return value }
            guard isValid(decoded) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "\(key.stringValue) is \(decoded); expected \(expected)"
                )
            }
            return decoded
        }

        self.init(
            pathLossExponent: try decode(
                .pathLossExponent, default: defaults.pathLossExponent,
                expected: "a finite number greater than 0 (2 is free space)"
            ) { $0.isFinite && $0 > 0 },
            rssiNoiseStandardDeviation: try decode(
                .rssiNoiseStandardDeviation, default: defaults.rssiNoiseStandardDeviation,
                expected: "a finite number of dB, 0 or more"
            ) { $0.isFinite && $0 >= 0 },
            detectionThreshold: try decode(
                .detectionThreshold, default: defaults.detectionThreshold,
                expected: "a finite RSSI in dBm, such as -93"
            ) { $0.isFinite },
            missedSampleProbability: try decode(
                .missedSampleProbability, default: defaults.missedSampleProbability,
                expected: "a probability between 0 and 1"
            ) { (0.0...1.0).contains($0) },
            smoothingSamples: try decode(
                .smoothingSamples, default: defaults.smoothingSamples,
                expected: "a whole number of samples from 1 to \(BeaconSignalFilter.maximumSmoothingSamples)"
            ) { (1...BeaconSignalFilter.maximumSmoothingSamples).contains($0) }
        )
    }

    /// Encodes every field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pathLossExponent, forKey: .pathLossExponent)
        try container.encode(rssiNoiseStandardDeviation, forKey: .rssiNoiseStandardDeviation)
        try container.encode(detectionThreshold, forKey: .detectionThreshold)
        try container.encode(missedSampleProbability, forKey: .missedSampleProbability)
        try container.encode(smoothingSamples, forKey: .smoothingSamples)
    }
}
