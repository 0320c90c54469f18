import CoreLocation

/// Finds the venue the user is at, with one location fix.
final class VenueFinder: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()

    func locate() {
        manager.delegate = self
        manager.requestLocation()
    }
}
