import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Time spent on some records: wall time, and the process's CPU time, which other work on a busy
/// machine disturbs much less.
public struct Timing: Sendable {
    /// Records timed.
    public var records = 0
    /// Wall-clock seconds.
    public var seconds = 0.0
    /// CPU seconds of the whole process.
    public var cpuSeconds = 0.0

    public init() {}

    /// Records per wall-clock second.
    public var rate: Double { seconds > 0 ? Double(records) / seconds : 0 }
    /// Records per CPU second.
    public var cpuRate: Double { cpuSeconds > 0 ? Double(records) / cpuSeconds : 0 }

    /// Adds `count` records that took `sample`.
    public mutating func add(_ count: Int, _ sample: Sample) {
        records += count
        seconds += sample.wall
        cpuSeconds += sample.cpu
    }

    /// How many times faster than `rhs`, in CPU time.
    public static func / (lhs: Timing, rhs: Timing) -> Double { rhs.cpuRate > 0 ? lhs.cpuRate / rhs.cpuRate : 0 }

    /// The wall and CPU seconds of one measured piece of work.
    public struct Sample: Sendable {
        /// Wall-clock seconds.
        public var wall: Double
        /// CPU seconds of the whole process.
        public var cpu: Double

        /// Runs `body` and measures it.
        public static func measure(_ body: () throws -> Void) rethrows -> Sample {
            let start = Start()
            try body()
            return start.sample()
        }

        /// Runs `body` and measures it.
        public static func measure(_ body: () async throws -> Void) async rethrows -> Sample {
            let start = Start()
            try await body()
            return start.sample()
        }

        private struct Start {
            let clock = ContinuousClock()
            let wall: ContinuousClock.Instant
            let cpu: Double

            init() {
                wall = clock.now
                cpu = Self.processCPUSeconds()
            }

            func sample() -> Sample {
                let elapsed = clock.now - wall
                let wallSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                return Sample(wall: wallSeconds, cpu: Self.processCPUSeconds() - cpu)
            }

            /// The CPU time the process has used.
            static func processCPUSeconds() -> Double {
                var time = timespec()
                clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
                return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
            }
        }
    }
}
