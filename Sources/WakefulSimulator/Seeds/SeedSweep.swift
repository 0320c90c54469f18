import Foundation

/// Runs every configuration of a ``Comparison`` with every seed of a range, on every core.
///
/// The plan is configurations × seeds in a fixed order (configuration outermost); a ``Shard``
/// takes every N-th run of it. Results come back in plan order whatever finished first, so the same
/// sweep prints the same table on any machine and with any number of shards.
public struct SeedSweep: Sendable {
    /// The configurations.
    public var comparison: Comparison
    /// The seeds.
    public var seeds: SeedRange
    /// The slice this process runs.
    public var shard: Shard

    /// Plans a sweep.
    public init(comparison: Comparison, seeds: SeedRange, shard: Shard = .all) {
        self.comparison = comparison
        self.seeds = seeds
        self.shard = shard
    }

    /// The number of runs in the whole sweep, every shard together.
    public var plannedRuns: Int { comparison.jobs.count * seeds.count }

    /// The runs of this process's slice.
    public var shardRuns: Int { shard.positions(in: plannedRuns).underestimatedCount }

    /// Runs this shard's part and returns its samples in plan order. `progress` is called after each
    /// run with the number done so far, from whichever thread finished it.
    public func run(
        workers: Int = ProcessInfo.processInfo.activeProcessorCount, progress: (@Sendable (Int) -> Void)? = nil
    ) async -> [SeedSample] {
        let jobs = comparison.jobs
        let seeds = seeds
        let positions = Array(shard.positions(in: plannedRuns))
        let workers = max(1, min(workers, positions.count))
        let done = Counter()
        let claimed = Counter()
        // Each worker claims the next run when it finishes one: runs of one configuration can differ
        // tenfold by seed, and a fixed share per worker can leave one idle while the other finishes
        // its long runs. A result goes to its run's slot, so the order of completion cannot change it.
        return await withTaskGroup(of: [(Int, SeedSample)].self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var samples: [(Int, SeedSample)] = []
                    while true {
                        let slot = claimed.increment() - 1
                        guard slot < positions.count else { break }
                        let position = positions[slot]
                        let configuration = position / seeds.count
                        let job = jobs[configuration]
                        let seed = seeds.first + UInt64(position % seeds.count)
                        let metrics = Simulator.run(job.scenario, ios: job.ios, setup: job.setup, seed: seed)
                        samples.append((slot, SeedSample(metrics, configuration: configuration)))
                        if let progress { progress(done.increment()) }
                    }
                    return samples
                }
            }
            var ordered = [SeedSample?](repeating: nil, count: positions.count)
            for await part in group {
                for (slot, sample) in part { ordered[slot] = sample }
            }
            return ordered.compactMap { $0 }
        }
    }
}

/// A count shared by the workers: the runs claimed, and the runs done (for progress).
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    // @unchecked: `value` is only touched under `lock`.
    func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
