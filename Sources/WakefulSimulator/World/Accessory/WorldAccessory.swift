import Foundation
import Wakeful

/// A Bluetooth LE peripheral placed in the world: seed 003's motorcycle dongle.
///
/// While awake it advertises its service and accepts connections from a phone within range. It
/// goes to sleep `sleepsAfterIdle` seconds after the last poll (a write); asleep it neither
/// advertises nor accepts connections and drops any connection, and it does not wake by itself
/// (seed 003: "after sleep the dongle does not wake") until the scenario wakes it (the
/// `wakeAccessory` action, e.g. the engine starts). It starts awake.
///
/// With `role` `central` it is the other side: a device (a reader, a kiosk) that scans for the
/// service the app advertises (`lookingFor`), connects when it finds it in range and writes to it
/// every `writeEvery` seconds while connected. It finds a background advertisement only if it reads
/// the overflow area (BLE-3).
public struct WorldAccessory: Sendable, Hashable {
    /// The peripheral's identifier, as the app names it in commands.
    public var id: String
    /// Where it is.
    public var position: LocalPoint
    /// How far it can be seen and connected, in metres.
    public var range: Double
    /// Seconds without a poll after which it sleeps; nil for never.
    public var sleepsAfterIdle: TimeInterval?
    /// The service UUID it advertises; for a central, the service it looks for (`lookingFor`).
    public var service: String

    // Accessories (BLE-1, BLE-3)
    /// Which side of the link the device plays.
    public enum Role: String, Sendable, Hashable, Codable {
        /// It advertises and the app connects to it as a central (the default).
        case peripheral
        /// It scans for the app's advertised service, connects and writes (the app is the peripheral).
        case central
    }
    /// Its role; `.central` scans for ``service`` and writes to the app.
    public var role: Role = .peripheral
    /// A central reads the advertisement's overflow area, as iOS centrals do; false models a
    /// non-iOS central that does not find a background advertisement (BLE-3).
    public var readsOverflowArea = true
    /// A central writes to the app every this many seconds while connected.
    public var writeEvery: TimeInterval = 60

    /// Creates a central that looks for `service` and writes every `writeEvery` seconds while connected.
    public static func central(
        id: String, position: LocalPoint, range: Double = 30, lookingFor service: String,
        readsOverflowArea: Bool = true,
        writeEvery: TimeInterval = 60
    ) -> WorldAccessory {
        var accessory = WorldAccessory(id: id, position: position, range: range, service: service)
        accessory.role = .central
        accessory.readsOverflowArea = readsOverflowArea
        accessory.writeEvery = writeEvery
        return accessory
    }

    /// Creates an accessory.
    public init(
        id: String, position: LocalPoint, range: Double = 30, sleepsAfterIdle: TimeInterval? = nil, service: String
    ) {
        self.id = id
        self.position = position
        self.range = range
        self.sleepsAfterIdle = sleepsAfterIdle
        self.service = service
    }
}
