import Foundation

/// What `wakeful-server fleet` runs: how many simulated devices, for how long, against which server.
public struct FleetOptions: Sendable, Hashable {
    /// The server's base URL, e.g. `http://127.0.0.1:8080`.
    public var server: URL
    /// How many simulated devices.
    public var devices: Int
    /// Simulated hours each device lives.
    public var hours: Double
    /// The seed of the first device; device `i` uses `seed + i`.
    public var seed: UInt64
    /// Devices simulated at the same time (each blocks on its uploads).
    public var concurrency: Int
    /// How long, in real seconds, the drain keeps retrying while the server does not answer
    /// (a server being restarted).
    public var drainPatience: TimeInterval
    /// The server's admin token: when given, the fleet checks at the end that the server still holds
    /// every record it acknowledged (after a restart, say).
    public var adminToken: String?
    /// Seconds since 1970 of every device's simulated time 0, so the records' times land on real
    /// dates on the server (its upload lag and the dashboard's time filters depend on it); 0 keeps
    /// the fleet independent of the wall clock, as its tests want.
    public var clockOrigin: TimeInterval

    /// Creates options (1 simulated day, seed 1, two devices at a time per core, 120 s of patience).
    public init(
        server: URL, devices: Int, hours: Double = 24, seed: UInt64 = 1,
        concurrency: Int = 2 * ProcessInfo.processInfo.activeProcessorCount, drainPatience: TimeInterval = 120,
        adminToken: String? = nil, clockOrigin: TimeInterval = 0
    ) {
        self.server = server
        self.devices = devices
        self.hours = hours
        self.seed = seed
        self.concurrency = concurrency
        self.drainPatience = drainPatience
        self.adminToken = adminToken
        self.clockOrigin = clockOrigin
    }
}
