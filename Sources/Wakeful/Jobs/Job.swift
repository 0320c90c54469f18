import Foundation

/// Work the app wants done in the background, declared once and run by the ``JobScheduler`` on
/// whatever wake iOS grants: foreground, a background-task window, a region, significant-change,
/// visit, beacon or Bluetooth event, a silent push, a scheduled task, a URL-session relaunch.
///
/// A job says what it needs, not when to run: a cadence (``interval``) or a one-off ``deadline``,
/// how long it expects to take, whether it needs the network or external power, how often it may
/// run at most and how much it matters. The scheduler fits due jobs into the time the current wake
/// really gives (TASK-6, TASK-10, BGT-4), with a safety margin, and asks for the wakes the jobs
/// need when no other wake is expected.
///
/// ```swift
/// let upload = Job(id: "sensors", interval: 900, deadline: 3600, expectedDuration: 4,
///                  requiresNetwork: false, priority: .high)
/// ```
public struct Job: Sendable, Hashable, Codable {
    /// A stable identifier; job state is kept under it across launches.
    public var id: String
    /// Seconds from one completion until the job is due again; nil for a job that runs once.
    public var interval: TimeInterval?
    /// Seconds after it falls due by which it must have completed; a later completion (or none) is
    /// a missed deadline, reported with the reason. Nil: no deadline.
    public var deadline: TimeInterval?
    /// Seconds of work one run takes, as far as the app knows: the scheduler starts a run only
    /// when the wake leaves this much time (or the job can checkpoint).
    public var expectedDuration: TimeInterval
    /// The shortest time between two starts, whatever the wakes (protects the battery and the
    /// CPU monitor, TERM-4).
    public var minimumInterval: TimeInterval
    /// Whether the job needs a network path.
    public var requiresNetwork: Bool
    /// Whether the job needs external power (long work, like `BGProcessingTaskRequest`, BGT-5).
    public var requiresExternalPower: Bool
    /// Which due job goes first when the time is short.
    public var priority: JobPriority
    /// Whether the job can stop early and resume from a checkpoint; one that cannot is started
    /// only when the wake leaves its whole expected duration.
    public var checkpointable: Bool
    /// What one run costs and produces in the simulator; ignored on a device.
    public var cost: JobCost?

    /// Creates a job.
    public init(
        id: String, interval: TimeInterval? = nil, deadline: TimeInterval? = nil, expectedDuration: TimeInterval = 1,
        minimumInterval: TimeInterval = 0, requiresNetwork: Bool = false, requiresExternalPower: Bool = false,
        priority: JobPriority = .normal, checkpointable: Bool = false, cost: JobCost? = nil
    ) {
        self.id = id
        self.interval = interval
        self.deadline = deadline
        self.expectedDuration = expectedDuration
        self.minimumInterval = minimumInterval
        self.requiresNetwork = requiresNetwork
        self.requiresExternalPower = requiresExternalPower
        self.priority = priority
        self.checkpointable = checkpointable
        self.cost = cost
    }
}

/// How much a job matters when the time is short: higher runs first.
public enum JobPriority: Int, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case low = 0
    case normal = 1
    case high = 2

    public static func < (lhs: JobPriority, rhs: JobPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A job's cost model in the simulator: how long one run takes while the app executes, how busy it
/// keeps the CPU (TERM-4, energy), how many bytes it moves over the network, and the records it
/// produces.
///
/// Records are spread evenly over the run, so a run stopped at half way has produced half of them;
/// each carries `job` and `sample` (a per-job counter that survives relaunches through the job's
/// checkpoint), which is how a duplicate would be recognised downstream.
public struct JobCost: Sendable, Hashable, Codable {
    /// Seconds of execution one whole run needs.
    public var duration: TimeInterval
    /// CPU load while it runs, 0 to 1.
    public var cpuLoad: Double
    /// Bytes moved over the network by one run (0: none).
    public var networkBytes: Int
    /// Records one whole run produces.
    public var records: Int
    /// Payload bytes per record.
    public var recordBytes: Int

    /// Creates a cost model (cfg, assumption: a light job, 0.2 load, one 200-byte record).
    public init(
        duration: TimeInterval, cpuLoad: Double = 0.2, networkBytes: Int = 0, records: Int = 1, recordBytes: Int = 200
    ) {
        self.duration = duration
        self.cpuLoad = cpuLoad
        self.networkBytes = networkBytes
        self.records = records
        self.recordBytes = recordBytes
    }
}
