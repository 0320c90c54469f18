import CoreLocation

final class NearbyShops: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()

    func locate() {
        manager.delegate = self
        manager.requestWhenInUseAuthorization()
        manager.requestLocation()
    }
}
