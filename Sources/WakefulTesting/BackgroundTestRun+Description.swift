import Foundation
import Wakeful
import WakefulSimulator

#if canImport(Testing)
    import Testing
#endif

/// A run in one line: `#expect` and `#require` print the values of their expression when it fails,
/// and a run's default description is its whole device, timeline and all (hundreds of kilobytes
/// for a trip). ``timelineText(from:to:)`` and ``writeReport(to:)`` are there for the timeline.
extension BackgroundTestRun: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `BackgroundTestRun(TaskExtension, iOS 17, "gas-station", at 18 min 20 s, suspended)`.
    public var description: String {
        "BackgroundTestRun(\(device.setup.name), iOS \(device.policy.version), \"\(device.scenario.name)\", "
            + "at \(SimulatedTime.describe(device.now)), \(appState.rawValue))"
    }

    /// The same line as ``description``.
    public var debugDescription: String { description }

    /// The run's time and the app's state, instead of the device's every stored property.
    public var customMirror: Mirror {
        Mirror(self, children: ["now": now, "appState": appState], displayStyle: .struct)
    }
}

#if canImport(Testing)
    extension BackgroundTestRun: CustomTestStringConvertible {
        /// The same line as ``description``, for a failed `#expect`.
        public var testDescription: String { description }
    }
#endif
