import Foundation
import Wakeful

/// A leg of a hand-written route: walk/drive to `destination` at `speed` m/s, then stay `pause` seconds.
///
/// ```swift
/// // Walk 100 m east at 1 m/s, wait 30 s, then drive 2 km north at 15 m/s.
/// let legs = [
///     RouteLeg(destination: LocalPoint(east: 100, north: 0), speed: 1, pause: 30),
///     RouteLeg(destination: LocalPoint(east: 100, north: 2_000), speed: 15),
/// ]
/// ```
public struct RouteLeg: Sendable, Hashable {
    /// Where the leg ends.
    public var destination: LocalPoint
    /// Travel speed in metres per second; must be finite and greater than 0.
    public var speed: Double
    /// Seconds spent at ``destination`` after arriving; must be finite and at least 0.
    public var pause: TimeInterval

    /// Creates a leg to `destination` at `speed` m/s followed by a `pause` in seconds.
    public init(destination: LocalPoint, speed: Double, pause: TimeInterval = 0) {
        self.destination = destination
        self.speed = speed
        self.pause = pause
    }
}
