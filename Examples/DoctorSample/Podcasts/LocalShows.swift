import CoreLocation

/// Suggests shows made near the listener.
final class LocalShows: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()

    func suggest() {
        manager.delegate = self
        manager.requestWhenInUseAuthorization()
        manager.requestLocation()
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
}
