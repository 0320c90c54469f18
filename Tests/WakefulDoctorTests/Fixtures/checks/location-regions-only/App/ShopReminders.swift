import CoreLocation

/// Reminds the user of their list near a shop: geofences, visits and significant changes, all of
/// which relaunch the app without the location background mode.
final class ShopReminders: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()

    func start(shops: [CLCircularRegion]) {
        manager.delegate = self
        manager.requestAlwaysAuthorization()
        for shop in shops {
            manager.startMonitoring(for: shop)
        }
        manager.startMonitoringVisits()
        manager.startMonitoringSignificantLocationChanges()
    }

    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {}
}
