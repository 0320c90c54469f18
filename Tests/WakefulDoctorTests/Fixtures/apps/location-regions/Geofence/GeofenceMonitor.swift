import CoreLocation

/// Wakes the app at the stores' geofences and on significant moves; never streams locations.
final class GeofenceMonitor: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()

    func start(stores: [Store]) {
        manager.delegate = self
        manager.allowsBackgroundLocationUpdates = false
        manager.requestAlwaysAuthorization()
        for store in stores {
            let region = CLCircularRegion(center: store.center, radius: 150, identifier: store.id)
            region.notifyOnEntry = true
            manager.startMonitoring(for: region)
        }
        manager.startMonitoringSignificantLocationChanges()
    }

    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {}
}
