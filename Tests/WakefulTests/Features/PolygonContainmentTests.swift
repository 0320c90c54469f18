import Foundation
import Testing
import Wakeful

@Suite("PolygonContainment")
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
}
