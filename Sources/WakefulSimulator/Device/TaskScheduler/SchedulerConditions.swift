import Foundation
import Wakeful

/// What the task scheduler reads of the device and the world when it decides.
struct SchedulerConditions {
    /// The current simulated time.
    var now: TimeInterval
    /// The scheduler's rules in force.
    var rules: SchedulerRules
    /// What a force-quit stops (TERM-1).
    var forceQuitBlocks: ForceQuitBlocks
    /// The user force-quit the app and has not opened it since (TERM-1).
    var forceQuit: Bool
    var lowPowerMode: Bool
    /// Effective Background App Refresh (BGT-12).
    var backgroundRefreshAvailable: Bool
    /// `UIBackgroundModes` declares `fetch` (BGT-1, BGT-9).
    var fetchDeclared: Bool
    /// The world's clock, calendar and power, for the look-ahead.
    var world: WorldDescription
    var duration: TimeInterval
    /// Whether the timeline records: plans are only described when it does.
    var recording: Bool
}

extension SimulatedDevice {
    var schedulerConditions: SchedulerConditions {
        SchedulerConditions(
            now: now, rules: policy.scheduler, forceQuitBlocks: policy.termination.forceQuitBlocks,
            forceQuit: lifecycle.forceQuitFlag,
            lowPowerMode: lifecycle.lowPowerMode, backgroundRefreshAvailable: backgroundRefreshAvailable,
            fetchDeclared: backgroundModes.contains(.fetch), world: scenario.world, duration: scenario.duration,
            recording: timeline.isRecording)
    }
}
