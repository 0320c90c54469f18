import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("PolygonContainment", .watchdog, .cpuBound)
struct PolygonContainmentTests {
    /// A 200 m square.
    static let square = [
        Fences.at(east: 0, north: 0), Fences.at(east: 200, north: 0), Fences.at(east: 200, north: 200),
        Fences.at(east: 0, north: 200),
    ]
    /// A U (concave): 300 × 300 m with a 100 m wide notch from the top down to 100 m.
    static let u = [
        Fences.at(east: 0, north: 0), Fences.at(east: 300, north: 0), Fences.at(east: 300, north: 300),
        Fences.at(east: 200, north: 300), Fences.at(east: 200, north: 100), Fences.at(east: 100, north: 100),
        Fences.at(east: 100, north: 300), Fences.at(east: 0, north: 300),
    ]

    @Test("inside and outside a square")
    func square() {
        #expect(PolygonContainment.contains(Fences.at(east: 100, north: 100), in: Self.square))
        #expect(!PolygonContainment.contains(Fences.at(east: 250, north: 100), in: Self.square))
        #expect(!PolygonContainment.contains(Fences.at(east: -1, north: 100), in: Self.square))
    }

    @Test("a concave polygon: the notch is outside, both arms inside")
    func concave() {
        #expect(!PolygonContainment.contains(Fences.at(east: 150, north: 200), in: Self.u))
        #expect(PolygonContainment.contains(Fences.at(east: 50, north: 250), in: Self.u))
        #expect(PolygonContainment.contains(Fences.at(east: 250, north: 250), in: Self.u))
        #expect(PolygonContainment.contains(Fences.at(east: 150, north: 50), in: Self.u))
        // On the ray through the notch's bottom vertices: crossings are counted once each.
        #expect(PolygonContainment.contains(Fences.at(east: 50, north: 100), in: Self.u))
        #expect(!PolygonContainment.contains(Fences.at(east: 350, north: 100), in: Self.u))
    }

    @Test("points on an edge or a vertex are inside")
    func boundary() {
        #expect(PolygonContainment.contains(Fences.at(east: 100, north: 0), in: Self.square))
        #expect(PolygonContainment.contains(Fences.at(east: 200, north: 200), in: Self.square))
        #expect(PolygonContainment.contains(Fences.at(east: 150, north: 100), in: Self.u))
        #expect(PolygonContainment.contains(Fences.at(east: 100, north: 200), in: Self.u))
    }

    @Test("fewer than three vertices contain nothing")
    func degenerate() {
        #expect(!PolygonContainment.contains(Fences.origin, in: [Fences.origin, Fences.at(east: 10)]))
    }

    @Test("the enclosing circle holds every vertex, and is not much larger than needed")
    func enclosingCircle() {
        for polygon in [Self.square, Self.u] {
            let circle = PolygonContainment.enclosingCircle(of: polygon)
            for vertex in polygon { #expect(circle.center.distance(to: vertex) <= circle.radius) }
        }
        let circle = PolygonContainment.enclosingCircle(of: Self.square)
        #expect(abs(circle.radius - 100 * 2.0.squareRoot()) < 1)
        #expect(circle.center.distance(to: Fences.at(east: 100, north: 100)) < 0.5)
    }

    @Test("a polygon fence is monitored as its circle and needs a fix to confirm")
    func fence() {
        let fence = Geofence(id: "yard", polygon: Self.u)
        #expect(fence.needsConfirmation)
        #expect(!Geofence(id: "c", center: Fences.origin, radius: 50).needsConfirmation)
        let circle = fence.monitoredCircle
        #expect(circle.center.distance(to: Fences.at(east: 150, north: 200)) < circle.radius)
        #expect(!fence.contains(Fences.at(east: 150, north: 200)))
    }

    @Test("the fence's circle is worked out with its shape: set at init, followed on change, not stored in files")
    func circleFollowsTheShape() throws {
        var fence = Geofence(id: "yard", polygon: Self.u)
        let u = PolygonContainment.enclosingCircle(of: Self.u)
        #expect(fence.monitoredCircle.center == u.center && fence.monitoredCircle.radius == u.radius)
        fence.shape = .polygon(Self.square)
        let square = PolygonContainment.enclosingCircle(of: Self.square)
        #expect(fence.monitoredCircle.center == square.center && fence.monitoredCircle.radius == square.radius)
        fence.shape = .circle(center: Fences.origin, radius: 70)
        #expect(fence.monitoredCircle.radius == 70)

        let data = try JSONEncoder().encode(fence)
        let keys = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys
        #expect(keys.sorted() == ["id", "shape"])
        #expect(try JSONDecoder().decode(Geofence.self, from: data) == fence)
    }

    @Test("a fence's own range checks, which the set's options report under fences[i]")
    func rangeViolations() {
        let bad = Geofence(id: "a", center: Fences.origin, radius: 0, dwell: -1)
        #expect(bad.rangeViolations.map(\.key) == ["radius", "dwell"])
        #expect(Geofence(id: "p", polygon: Array(Self.square.prefix(2))).rangeViolations.map(\.key) == ["polygon"])
        #expect(Geofence(id: "ok", polygon: Self.square, dwell: 60).rangeViolations.isEmpty)
        let options = GeofenceSet.Options(fences: [Geofence(id: "ok", polygon: Self.square), bad])
        #expect(options.rangeViolations.map(\.key) == ["fences[1].radius", "fences[1].dwell"])
    }
}
