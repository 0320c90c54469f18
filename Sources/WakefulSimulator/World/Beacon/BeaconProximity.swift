import Foundation

/// CoreLocation's proximity classes for a ranged beacon.
///
/// Classified from the reported accuracy (estimated distance in metres) using CoreLocation's
/// published meaning of each class. The thresholds are this simulator's assumption: Apple
/// documents the classes, not the cut-off distances.
public enum BeaconProximity: String, Sendable, Hashable, Codable {
    /// The distance could not be estimated (accuracy below 0, e.g. a missed sample).
    case unknown
    /// Accuracy under 0.5 m: the phone is practically touching the beacon.
    case immediate
    /// Accuracy from 0.5 m up to (not including) 3 m.
    case near
    /// Accuracy of 3 m or more.
    case far

    /// Upper bound (exclusive) of ``immediate``, in metres.
    public static let immediateLimit: Double = 0.5
    /// Upper bound (exclusive) of ``near``, in metres.
    public static let nearLimit: Double = 3

    /// Classifies an accuracy in metres: immediate < 0.5 m, near < 3 m, far otherwise; unknown when
    /// accuracy < 0 (or NaN).
    public init(accuracy: Double) {
        if !(accuracy >= 0) {
            self = .unknown
        } else if accuracy < Self.immediateLimit {
            self = .immediate
        } else if accuracy < Self.nearLimit {
            self = .near
        } else {
            self = .far
        }
    }
}
