/// The background launches a user force-quit blocks until the next manual launch (TERM-1).
///
/// Location relaunches are governed by ``LocationRules/forceQuitRelaunch`` and VoIP pushes by
/// ``VoIPRules/pushLaunchesAfterForceQuit``; neither is listed by TERM-1.
///
/// ```swift
/// let blocks = ForceQuitBlocks.defaults(for: IOSVersion(17))
/// blocks.contains(.taskScheduler)   // true from 13 (TERM-1)
/// ```
public struct ForceQuitBlocks: OptionSet, Sendable, Hashable {
    /// The bit pattern.
    public let rawValue: Int

    /// Creates a set from its bit pattern.
    ///
    /// - Parameter rawValue: The bit pattern.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Silent-push launches (PUSH-7).
    public static let silentPush = ForceQuitBlocks(rawValue: 1 << 0)
    /// Background fetch (BGT-1).
    public static let backgroundFetch = ForceQuitBlocks(rawValue: 1 << 1)
    /// Background URL-session transfers; their tasks are cancelled (URLS-5).
    public static let urlSession = ForceQuitBlocks(rawValue: 1 << 2)
    /// Core Bluetooth state-restoration relaunches (BLE-4).
    public static let bluetoothRestoration = ForceQuitBlocks(rawValue: 1 << 3)
    /// `BGAppRefreshTask` and `BGProcessingTask` launches (13+); from 18.3 a processing task still
    /// runs, constrained (``SchedulerRules/processingRunsAfterForceQuit``, BGT-15, CONF-19).
    public static let taskScheduler = ForceQuitBlocks(rawValue: 1 << 4)

    /// Every member with its name, in declaration order (deterministic, for descriptions).
    public static let namedMembers: [(name: String, member: ForceQuitBlocks)] = [
        ("silentPush", .silentPush),
        ("backgroundFetch", .backgroundFetch),
        ("urlSession", .urlSession),
        ("bluetoothRestoration", .bluetoothRestoration),
        ("taskScheduler", .taskScheduler),
    ]

    /// Names of the members this set contains, in declaration order.
    public var memberNames: [String] {
        Self.namedMembers.filter { contains($0.member) }.map(\.name)
    }

    /// TERM-1's list for `version`: silent push, fetch, URL session and BLE restoration, plus the
    /// task scheduler from 13. iOS 6 is n/c → the 7–12 set (assumption).
    ///
    /// - Parameter version: The simulated iOS release.
    /// - Returns: The blocked launch kinds.
    public static func defaults(for version: IOSVersion) -> ForceQuitBlocks {
        var blocks: ForceQuitBlocks = [.silentPush, .backgroundFetch, .urlSession, .bluetoothRestoration]
        if version >= IOSVersion(13) { blocks.insert(.taskScheduler) }
        return blocks
    }
}
