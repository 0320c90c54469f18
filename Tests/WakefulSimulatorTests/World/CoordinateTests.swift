import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("Coordinate great-circle distance", .watchdog, .cpuBound)
struct CoordinateTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let from: Coordinate
        let to: Coordinate
        let metres: Double
        let relativeTolerance: Double
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "1° of latitude", from: .init(latitude: 10, longitude: 20), to: .init(latitude: 11, longitude: 20),
            metres: 111_195.08, relativeTolerance: 1e-6),
        Case(
            label: "1° of longitude on the equator", from: .init(latitude: 0, longitude: 0),
            to: .init(latitude: 0, longitude: 1), metres: 111_195.08, relativeTolerance: 1e-6),
        Case(
            label: "1° of longitude at 60° N is half", from: .init(latitude: 60, longitude: 0),
            to: .init(latitude: 60, longitude: 1), metres: 55_597.0, relativeTolerance: 1e-3),
        Case(
            label: "Paris to London", from: .init(latitude: 48.8566, longitude: 2.3522),
            to: .init(latitude: 51.5074, longitude: -0.1278), metres: 343_500, relativeTolerance: 0.005),
        Case(
            label: "antipodes: half the circumference", from: .init(latitude: 0, longitude: 0),
            to: .init(latitude: 0, longitude: 180), metres: 20_015_114.44, relativeTolerance: 1e-9),
        Case(
            label: "across the antimeridian", from: .init(latitude: 0, longitude: 179.5),
            to: .init(latitude: 0, longitude: -179.5), metres: 111_195.08, relativeTolerance: 1e-6),
    ]

    @Test("haversine matches known distances", arguments: cases)
    func knownDistance(_ testCase: Case) {
        let distance = testCase.from.distance(to: testCase.to)
        #expect(
            abs(distance - testCase.metres) <= testCase.metres * testCase.relativeTolerance,
            "\(testCase.label): got \(distance) m, expected \(testCase.metres) m")
        #expect(testCase.to.distance(to: testCase.from) == distance, "distance is symmetric")
    }

    @Test("a point is 0 m from itself")
    func zeroDistance() {
        let point = Coordinate(latitude: 37.3317, longitude: -122.0302)
        #expect(point.distance(to: point) == 0)
    }

    @Test("Coordinate round-trips through JSON with its field names")
    func codable() throws {
        let point = Coordinate(latitude: 1.5, longitude: -2.25)
        let data = try JSONEncoder().encode(point)
        let json = try #require(String(data: data, encoding: .utf8))
        #expect(json.contains("\"latitude\":1.5") && json.contains("\"longitude\":-2.25"))
        #expect(try JSONDecoder().decode(Coordinate.self, from: data) == point)
    }
}
