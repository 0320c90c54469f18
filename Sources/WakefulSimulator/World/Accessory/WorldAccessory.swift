import Foundation

/// A Bluetooth LE peripheral placed in the world: seed 003's motorcycle dongle.
///
/// While awake it advertises its service and accepts connections from a phone within range. It
/// goes to sleep `sleepsAfterIdle` seconds after the last poll (a write); asleep it neither
/// advertises nor accepts connections and drops any connection, and it does not wake by itself
/// (seed 003: "after sleep the dongle does not wake") until the scenario wakes it (the
/// `wakeAccessory` action, e.g. the engine starts). It starts awake.
public struct WorldAccessory: Sendable, Hashable {
    /// The peripheral's identifier, as the app names it in commands.
    public var id: String
    /// Where it is.
    public var position: LocalPoint
    /// How far it can be seen and connected, in metres.
    public var range: Double
    /// Seconds without a poll after which it sleeps; nil for never.
    public var sleepsAfterIdle: TimeInterval?
    /// The service UUID it advertises.
    public var service: String

    /// Creates an accessory.
    public init(id: String, position: LocalPoint, range: Double = 30, sleepsAfterIdle: TimeInterval? = nil, service: String) {
        self.id = id
        self.position = position
        self.range = range
        self.sleepsAfterIdle = sleepsAfterIdle
        self.service = service
    }
}
