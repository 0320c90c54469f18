import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@testable import WakefulSimulator

/// The truth the `entries` measure scores against: when the device came into each fence.
@Suite("Fence entries along the world's path", .watchdog, .cpuBound)
struct FenceEntryTruthTests {
    static let world = WorldDescription(trajectory: .stationary(at: .zero))

    static func coordinate(east: Double, north: Double) -> Coordinate {
        world.projection.coordinate(for: LocalPoint(east: east, north: north))
    }

    /// A U open to the north: arms 100 m wide at east 0–100 and 200–300, joined below north 100.
    static let u = Geofence(
        id: "yard",
        polygon: [
            coordinate(east: 0, north: 0), coordinate(east: 300, north: 0), coordinate(east: 300, north: 300),
            coordinate(east: 200, north: 300), coordinate(east: 200, north: 100), coordinate(east: 100, north: 100),
            coordinate(east: 100, north: 300), coordinate(east: 0, north: 300),
        ])

    static func entries(walking from: LocalPoint, to: LocalPoint, into fence: Geofence) throws -> [FenceEntry] {
        var world = world
        world.trajectory = try Trajectory.route(from: from, startingAt: 0, legs: [RouteLeg(destination: to, speed: 1)])
        return FenceEntry.entries(into: [fence], along: world, until: 10_000)
    }

    @Test("a straight walk from inside one arm of a U, across the notch, into the other arm is a re-entry")
    func reentryWithinOnePiece() throws {
        let entries = try Self.entries(
            walking: LocalPoint(east: 50, north: 200), to: LocalPoint(east: 250, north: 200), into: Self.u)
        // Out of the first arm at east 100 (t = 50), into the second at east 200 (t = 150).
        #expect(entries.map(\.time) == [150])
    }

    @Test("a circle: one entry where the path meets it, none for a walk that starts inside")
    func circle() throws {
        let circle = Geofence(id: "c", center: Self.coordinate(east: 100, north: 0), radius: 50)
        let crossing = try Self.entries(
            walking: LocalPoint(east: 0, north: 0), to: LocalPoint(east: 200, north: 0), into: circle)
        #expect(crossing.count == 1)
        #expect(abs((crossing.first?.time ?? 0) - 50) < 0.01)
        let fromInside = try Self.entries(
            walking: LocalPoint(east: 100, north: 0), to: LocalPoint(east: 300, north: 0), into: circle)
        #expect(fromInside.isEmpty)
    }
}
