import Foundation
import Wakeful

/// The system's `CLMonitor` state for the app: the conditions of every monitor, which outlive the
/// process and persist until removed (CLMON-2), and the events waiting for a monitor (CLMON-3) or
/// for the app to be opened (CLMON-4, CONF-22).
struct ConditionMonitors {
    /// One condition and the system's view of it.
    struct Condition {
        /// The monitor it belongs to.
        var monitor: String
        var condition: MonitorCondition
        /// The crossing state, as for a circular region (LOC-19).
        var watch: RegionWatch
        /// Added over the limit: it gets no updates (CLMON-1).
        var limited: Bool
    }

    /// An event not yet delivered.
    struct Pending {
        var serial: Int
        var event: MonitorEvent
    }

    var conditions: [Condition] = []
    var pending: [Pending] = []
    var pendingSerial = 0

    /// The index of the condition `id` of `monitor`.
    func index(of id: RegionID, in monitor: String) -> Int? {
        conditions.firstIndex { $0.monitor == monitor && $0.condition.id == id }
    }
}
