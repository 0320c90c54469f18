import Foundation

/// What an app's launch costs before `didFinishLaunching` returns: the wall-clock time its main
/// thread is busy and how much of one CPU it uses meanwhile. In a scenario file:
/// `"launch": {"duration": 25, "cpuLoad": 0.9}` under `app`.
///
/// The watchdog kills a launch that outlasts its wall-clock allowance (20 s, foreground or
/// background), and a background launch on iOS 13+ whose CPU time exceeds the scene-create
/// allowance (4.68 s), with `0x8badf00d` (TERM-6, STATE-7). The simulated app still receives its
/// events during the launch: only the watchdog reads the cost.
public struct LaunchCost: Sendable, Hashable {
    /// Seconds from the process's start until `didFinishLaunching` returns.
    public var duration: TimeInterval
    /// Share of one CPU used during the launch, 0…1.
    public var cpuLoad: Double

    /// Creates a launch cost.
    public init(duration: TimeInterval, cpuLoad: Double = 1) {
        self.duration = duration
        self.cpuLoad = cpuLoad
    }
}

/// `{"duration": 25, "cpuLoad": 0.9}`.
struct LaunchCostDocument: Decodable {
    var cost: LaunchCost

    init(from decoder: any Decoder) throws {
        let c = try decoder.fields(allowed: ["duration", "cpuLoad"])
        let duration: Double = try c.value("duration")
        guard duration.isFinite, duration > 0 else {
            throw c.failure("duration", "expected the seconds the launch takes, above 0")
        }
        let load = try c.optional("cpuLoad", as: Double.self) ?? 1
        guard (0...1).contains(load) else {
            throw c.failure("cpuLoad", "\(load) is outside 0…1; expected a share of one CPU, e.g. 0.5")
        }
        cost = LaunchCost(duration: duration, cpuLoad: load)
    }
}
