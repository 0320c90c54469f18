import Foundation

/// One 1 Hz ranging result for one beacon, as `CLBeacon` reports it.
public struct BeaconSample: Sendable, Hashable {
    /// Received signal strength in dBm, rounded to a whole number; 0 when the sample was missed.
    public var rssi: Int
    /// Estimated distance in metres from the smoothed RSSI; -1 when missed or not yet known.
    public var accuracy: Double
    /// The proximity class of ``accuracy``.
    public var proximity: BeaconProximity

    /// Creates a sample.
    public init(rssi: Int, accuracy: Double, proximity: BeaconProximity) {
        self.rssi = rssi
        self.accuracy = accuracy
        self.proximity = proximity
    }

    /// Creates a sample whose proximity is classified from `accuracy`.
    public init(rssi: Int, accuracy: Double) {
        self.init(rssi: rssi, accuracy: accuracy, proximity: BeaconProximity(accuracy: accuracy))
    }

    /// A missed sample: the beacon is in range but this second's advertisement was not received,
    /// so iOS reports rssi 0, accuracy -1 and unknown proximity.
    public static let missed = BeaconSample(rssi: 0, accuracy: -1, proximity: .unknown)

    /// Whether this is a missed sample (rssi 0).
    public var isMissed: Bool { rssi == 0 }
}
