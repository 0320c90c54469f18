import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("LocalProjection", .watchdog, .cpuBound)
struct LocalProjectionTests {
    static let origins: [Coordinate] = [
        Coordinate(latitude: 0, longitude: 0),
        Coordinate(latitude: 48.8566, longitude: 2.3522),  // Paris
        Coordinate(latitude: 37.3317, longitude: -122.0302),  // Cupertino
        Coordinate(latitude: -33.8688, longitude: 151.2093),  // Sydney
        Coordinate(latitude: 59.9139, longitude: 10.7522),  // Oslo
    ]

    @Test("the origin maps to zero and back", arguments: origins)
    func origin(_ origin: Coordinate) {
        let projection = LocalProjection(origin: origin)
        #expect(projection.point(for: origin) == .zero)
        #expect(projection.coordinate(for: .zero) == origin)
    }

    @Test("round trip near the origin is within 1 mm", arguments: origins)
    func roundTrip(_ origin: Coordinate) {
        let projection = LocalProjection(origin: origin)
        for east in stride(from: -2_000.0, through: 2_000, by: 250) {
            for north in stride(from: -2_000.0, through: 2_000, by: 250) {
                let point = LocalPoint(east: east, north: north)
                let back = projection.point(for: projection.coordinate(for: point))
                #expect(back.distance(to: point) < 0.001, "\(point) came back as \(back)")
            }
        }
    }

    @Test("north is metres along the meridian")
    func northScale() {
        let projection = LocalProjection(origin: Coordinate(latitude: 10, longitude: 20))
        let point = projection.point(for: Coordinate(latitude: 10.001, longitude: 20))
        #expect(abs(point.north - 111.195_08) < 1e-3)
        #expect(point.east == 0)
    }

    @Test("distances at 50 km agree with haversine within 0.5 %", arguments: origins)
    func fiftyKilometres(_ origin: Coordinate) {
        let projection = LocalProjection(origin: origin)
        for bearing in stride(from: 0.0, to: 360, by: 30) {
            let radians = bearing * Double.pi / 180
            let target = projection.coordinate(
                for: LocalPoint(east: 50_000 * sin(radians), north: 50_000 * cos(radians)))
            let truth = origin.distance(to: target)
            let projected = projection.point(for: target).distance(to: .zero)
            #expect(
                abs(projected - truth) / truth < 0.005,
                "bearing \(bearing)°: projected \(projected) m vs haversine \(truth) m")
            #expect(abs(truth - 50_000) / 50_000 < 0.005)
        }
    }

    @Test("longitudes wrap across the antimeridian")
    func antimeridian() {
        let projection = LocalProjection(origin: Coordinate(latitude: 0, longitude: 179.9999))
        let point = projection.point(for: Coordinate(latitude: 0, longitude: -179.9999))
        #expect(abs(point.east - 22.239) < 0.01, "0.0002° east of the origin, not 40 000 km west")
        let back = projection.coordinate(for: point)
        #expect(abs(back.longitude - -179.9999) < 1e-9)
    }

    @Test("changing the origin moves the east scale with it")
    func mutableOrigin() {
        var projection = LocalProjection(origin: Coordinate(latitude: 0, longitude: 0))
        projection.origin = Coordinate(latitude: 60, longitude: 0)
        let point = projection.point(for: Coordinate(latitude: 60, longitude: 0.001))
        #expect(abs(point.east - 55.5975) < 1e-3)
        #expect(projection == LocalProjection(origin: Coordinate(latitude: 60, longitude: 0)))
    }

    @Test("LocalPoint distance and interpolation")
    func localPoint() {
        let a = LocalPoint(east: 3, north: 4)
        #expect(a.distance(to: .zero) == 5)
        #expect(LocalPoint.zero.interpolated(to: a, fraction: 0.5) == LocalPoint(east: 1.5, north: 2))
    }
}
