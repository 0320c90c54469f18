import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("GeofenceSelection", .watchdog, .cpuBound)
struct GeofenceSelectionTests {
    static let bounds = GeofenceSelection.Bounds(minimum: 100, maximum: 20_000, exitMargin: 200)

    @Test("20 fences or fewer: all of them, no swap fence (LOC-17)")
    func allFit() {
        let selection = GeofenceSelection.nearest(Fences.line(20), to: Fences.origin, slots: 20, bounds: Self.bounds)
        #expect(selection.fences == Array(0..<20))
        #expect(selection.swapCenter == nil)
    }

    @Test("more: the 19 nearest and a swap fence reaching to the first left out, less the exit margin (LOC-19)")
    func nearest() throws {
        let fences = Fences.line(300)
        let here = Fences.at(east: 50_000)  // on fence 100
        let selection = GeofenceSelection.nearest(fences, to: here, slots: 20, bounds: Self.bounds)
        #expect(selection.fences.count == 19)
        #expect(Set(selection.fences) == Set(91...109))
        #expect(selection.fences.first == 100)
        // The nearest left out (f90 or f110, 5 km away) has its edge at 4 900 m.
        let radius = try #require(selection.swapRadius)
        #expect(abs(radius - 4_700) < 1)
        #expect(selection.swapCenter == here)
    }

    @Test("moving, the radius shrinks by the distance covered in the exit's 20 s (LOC-19)")
    func moving() throws {
        let here = Fences.at(east: 50_000)
        let still = GeofenceSelection.nearest(Fences.line(300), to: here, slots: 20, bounds: Self.bounds)
        let driving = GeofenceSelection.nearest(
            Fences.line(300), to: here, slots: 20, bounds: Self.bounds, travel: 10 * 20)
        #expect(abs(try #require(still.swapRadius) - 200 - (try #require(driving.swapRadius))) < 0.001)
        #expect(driving.fences == still.fences)
    }

    @Test("ties are broken by identifier, so every process chooses alike")
    func ties() {
        let fences = Fences.line(30, spacing: 0)  // all at the origin
        let selection = GeofenceSelection.nearest(fences.reversed(), to: Fences.origin, slots: 20, bounds: Self.bounds)
        let ids = selection.fences.map { fences.reversed()[$0].id.rawValue }
        #expect(ids == ids.sorted())
    }

    @Test("the swap radius is bounded (LOC-20 below, LOC-17 above)")
    func bounded() {
        let packed = GeofenceSelection.nearest(
            Fences.line(40, spacing: 10), to: Fences.origin, slots: 20, bounds: Self.bounds)
        #expect(packed.swapRadius == 100)
        let sparse = GeofenceSelection.nearest(
            Fences.line(40, spacing: 50_000), to: Fences.origin, slots: 20, bounds: Self.bounds)
        #expect(sparse.swapRadius == 20_000)
    }

    @Test("first: registration order, no swap fence")
    func first() {
        let selection = GeofenceSelection.first(Fences.line(300), slots: 20)
        #expect(selection.fences == Array(0..<20))
        #expect(selection.swapCenter == nil)
    }
}
