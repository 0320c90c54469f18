import Foundation
import WakefulSimulator

/// The releases tests name most, one per policy family and the versions around its changes.
extension IOSVersion {
    /// iOS 12: the last release with about 180 s of background task time (TASK-3).
    public static let v12 = IOSVersion(12)
    /// iOS 13: about 30 s of task time and `BGTaskScheduler` (TASK-6, BGT-4).
    public static let v13 = IOSVersion(13)
    /// iOS 16.
    public static let v16 = IOSVersion(16)
    /// iOS 17: `CLLocationUpdate` and `CLBackgroundActivitySession` (LOC-8).
    public static let v17 = IOSVersion(17)
    /// iOS 18: `CLServiceSession` and the sessions' diagnostics (LOC-9, LOC-31).
    public static let v18 = IOSVersion(18)
    /// iOS 26: the newest family, with continued processing tasks (BGT-13).
    public static let v26 = IOSVersion(26)
}
