import CoreLocation

struct Store {
    var id: String
    var center: CLLocationCoordinate2D
}
