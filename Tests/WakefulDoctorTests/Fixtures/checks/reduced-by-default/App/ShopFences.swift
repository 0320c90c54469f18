import CoreLocation

final class ShopFences: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()

    func start(_ shop: CLCircularRegion) {
        manager.delegate = self
        manager.requestAlwaysAuthorization()
        manager.startMonitoring(for: shop)
    }
}
