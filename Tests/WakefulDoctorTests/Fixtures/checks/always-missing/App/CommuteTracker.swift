import CoreLocation

final class CommuteTracker: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()

    func start() {
        manager.delegate = self
        manager.requestWhenInUseAuthorization()
        manager.allowsBackgroundLocationUpdates = true
        manager.startUpdatingLocation()
    }

    /// Asked for once the user turns on arrival alerts.
    func enableArrivalAlerts() {
        manager.requestAlwaysAuthorization()
    }
}
