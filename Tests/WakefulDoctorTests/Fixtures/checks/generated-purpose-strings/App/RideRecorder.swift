import CoreLocation

/// Records a ride's route, also with the screen locked.
final class RideRecorder: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()

    func start() {
        manager.delegate = self
        manager.requestWhenInUseAuthorization()
        manager.allowsBackgroundLocationUpdates = true
        manager.startUpdatingLocation()
    }

    func askToRecordLockedRides() {
        manager.requestAlwaysAuthorization()
    }
}
