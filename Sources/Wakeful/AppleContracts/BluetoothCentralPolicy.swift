import Foundation

/// When Wakeful creates its Bluetooth central, and when Core Bluetooth relaunches the app for it.
///
/// - The prompt. From iOS 13 the first `CBCentralManager` of an app that has not been answered shows
///   the Bluetooth permission alert, so a central created in `didFinishLaunching` asks at the first
///   launch, before the app has explained anything. CBManager.h, `authorization` (class property,
///   iOS 13.1): "You can also use it to check authorization status before allocating CBManager."
///   While it is `notDetermined` the user has never answered, so no central of this app ever ran and
///   there is nothing to restore: the central waits until the app asks
///   (`WakefulApp.requestBluetoothAuthorization()`), and Bluetooth commands wait with it. An app
///   that sets up its accessories with AccessorySetupKit ("Discover, select, and set up a specific
///   Bluetooth accessory without requesting permission to use Bluetooth", Apple's sample
///   *Setting up and authorizing a Bluetooth accessory*) is not prompted, so its central is created
///   at once.
/// - The relaunch. QA1962's table: no relaunch after "App Force Quit by the user" nor after
///   "Bluetooth power toggled"; TN3115 adds "Starting in iOS 26 and iPadOS 26, only apps that use
///   AccessorySetupKit to setup Bluetooth accessories will be relaunched", read here (as in the
///   simulator's BLE-4) as covering those two rows. The module cannot change this; it reports it.
public enum BluetoothCentralPolicy {
    /// `CBManager.authorization` (CBManagerAuthorization, CBManager.h).
    public enum Authorization: String, Sendable, Hashable, CaseIterable {
        /// The user has not answered: creating a central shows the prompt.
        case notDetermined
        /// Not authorized, and the user cannot change it.
        case restricted
        /// The user said no.
        case denied
        /// Allowed.
        case allowedAlways
    }

    /// When the central is created.
    public enum Creation: Sendable, Hashable {
        /// In `didFinishLaunching`, so state restoration reaches it (CBCentralManager.h: `willRestoreState`
        /// "is the first method invoked when your app is relaunched into the background").
        case atLaunch
        /// When the app asks for Bluetooth, after explaining why; commands wait until then.
        case whenTheAppAsks
    }

    /// When to create the central with state restoration.
    ///
    /// - Parameters:
    ///   - authorization: `CBManager.authorization` at launch.
    ///   - accessorySetupKit: The app sets up its Bluetooth accessories with AccessorySetupKit
    ///     (``InfoPlistGuard/setsUpBluetoothAccessoriesWithAccessorySetupKit``).
    public static func creation(authorization: Authorization, accessorySetupKit: Bool) -> Creation {
        authorization == .notDetermined && !accessorySetupKit ? .whenTheAppAsks : .atLaunch
    }

    /// Whether Core Bluetooth relaunches the app for its restored state after the user force-quit it
    /// or switched Bluetooth off: never before iOS 26 (QA1962), from 26 only for AccessorySetupKit
    /// apps (TN3115). Any other removal by the system relaunches it on every version from 7.
    public static func relaunchesAfterForceQuitOrBluetoothOff(iOSMajor: Int, accessorySetupKit: Bool) -> Bool {
        iOSMajor >= 26 && accessorySetupKit
    }

    /// What to log at launch on iOS 26 and later for an app that does not use AccessorySetupKit, so
    /// a missing relaunch is not taken for a bug; nil otherwise (before 26 nothing changed).
    public static func relaunchNotice(iOSMajor: Int, accessorySetupKit: Bool) -> String? {
        guard iOSMajor >= 26, !accessorySetupKit else { return nil }
        return "Core Bluetooth relaunches only AccessorySetupKit apps after a force-quit or Bluetooth "
            + "switched off (iOS 26, TN3115); this app declares no NSAccessorySetupKitSupports Bluetooth"
    }
}
