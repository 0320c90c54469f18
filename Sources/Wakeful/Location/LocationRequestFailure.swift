import Foundation

/// Why a one-shot fix (``Command/requestLocation``) failed: the `CLError` code of
/// `locationManager(_:didFailWithError:)` (CLError.h).
public enum LocationRequestFailure: String, Sendable, Hashable, Codable, CaseIterable {
    /// `kCLErrorLocationUnknown`: "If no location can be determined, the locationManager:didFailWithError:
    /// delegate callback will be delivered with error location unknown" (CLLocationManager.h, `requestLocation`).
    case locationUnknown
    /// `kCLErrorDenied`: "Access to location or ranging has been denied by the user".
    case denied
    /// `kCLErrorNetwork`: "general, network-related error".
    case network
    /// Any other code.
    case other
}
