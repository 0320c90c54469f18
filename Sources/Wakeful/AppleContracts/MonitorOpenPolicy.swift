import Foundation

/// Whether a `CLMonitor` is opened now or refused until protected data is available.
///
/// CLMonitor.h: "The conditions are stored in an opaque file at ~/Library/CoreLocation/BundleId (or
/// Process name)/`name`.monitor. Note that for containerized Apps this will be inside the Data
/// container. Apps need to observe when protected data becomes available using
/// `UIApplicationProtectedDataDidBecomeAvailable` before creating a `CLMonitor` instance." And:
/// "CoreLocation will stop monitoring conditions if an event is pending for them, but no `CLMonitor`
/// has been configured to receive it."
///
/// Between the two: before the first unlock after a restart the conditions' file cannot be read (it
/// is taken to have the container's default class, `completeUntilFirstUserAuthentication`: an
/// inference, as in the simulator's CLMON-2), and a monitor opened then may see none of its
/// conditions (field report B-CLMON-4), so that the core would add them all again; the open is
/// refused with ``MonitorOpenFailure/protectedDataUnavailable`` and the core opens it again at
/// `protectedDataDidBecomeAvailable`. After the first unlock the file is readable even on a locked
/// phone, and waiting for the next unlock would leave the event that relaunched the app without a
/// monitor, so the monitor is opened at once.
public enum MonitorOpenPolicy {
    /// What to do with ``Command/openMonitor(name:)``.
    public enum Decision: Sendable, Hashable {
        /// Create the `CLMonitor` now.
        case open
        /// Answer ``Event/monitorOpenFailed(name:reason:)`` with `protectedDataUnavailable`.
        case refuseUntilProtectedData
    }

    /// The decision for an open.
    ///
    /// - Parameters:
    ///   - protectedDataAvailable: `UIApplication.isProtectedDataAvailable`.
    ///   - unlockedSinceBoot: Whether the phone has been unlocked since it started, as a file of
    ///     ``firstUnlockMarkerProtection`` being readable tells.
    public static func decision(protectedDataAvailable: Bool, unlockedSinceBoot: Bool) -> Decision {
        protectedDataAvailable || unlockedSinceBoot ? .open : .refuseUntilProtectedData
    }

    /// The class of the marker file whose readability says that the first unlock has happened: the
    /// class the conditions' file is taken to have.
    public static let firstUnlockMarkerProtection = DataProtectionClass.completeUntilFirstUserAuthentication
}
