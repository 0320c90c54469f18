import Foundation
import Wakeful

/// Contexts for driving strategies by hand.
enum Contexts {
    static func foreground(_ now: TimeInterval = 0) -> Context { Context(now: now, appState: .active) }
    static func background(_ now: TimeInterval = 0, remaining: TimeInterval = Context.unlimited) -> Context {
        Context(now: now, appState: .background, backgroundTimeRemaining: remaining)
    }
    static func inactive(_ now: TimeInterval = 0) -> Context { Context(now: now, appState: .inactive) }
}

/// Test beacons and constraints.
enum Beacons {
    static let uuid = UUID(uuidString: "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6")!
    static let otherUUID = UUID(uuidString: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")!
    static let pump = BeaconIdentityConstraint(uuid: uuid, major: 1, minor: 4)

    static func ranged(_ accuracy: Double, rssi: Int = -65, minor: UInt16 = 4) -> RangedBeacon {
        RangedBeacon(
            uuid: uuid, major: 1, minor: minor, accuracy: accuracy, rssi: rssi,
            proximity: accuracy < 0 ? .unknown : .near)
    }
}

extension Array where Element == Command {
    /// The identifiers of the tasks these commands begin.
    var begunTasks: [BackgroundTaskID] {
        compactMap { if case .beginBackgroundTask(let id) = $0 { id } else { nil } }
    }

    /// The identifiers of the tasks these commands end.
    var endedTasks: [BackgroundTaskID] {
        compactMap { if case .endBackgroundTask(let id) = $0 { id } else { nil } }
    }

    /// The records these commands produce.
    var records: [Record] {
        compactMap { if case .record(let record) = $0 { record } else { nil } }
    }
}
