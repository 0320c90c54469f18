import Foundation

/// Core Bluetooth LE background rules (reference §8, BLE rules).
///
/// ```swift
/// BluetoothRules.defaults(for: IOSVersion(26)).restorationAfterForceQuit   // .accessorySetupKitOnly (BLE-4)
/// ```
public struct BluetoothRules: Sendable, Hashable {
    /// Run time per Core Bluetooth wake (BLE-1).
    public var wakeWindow: TimeInterval
    /// Whether state restoration relaunches an app the system removed or that crashed (BLE-4).
    public var stateRestoration: Bool
    /// Which apps state restoration relaunches after a force-quit or Bluetooth off (BLE-4).
    public var restorationAfterForceQuit: BluetoothRestorationAfterForceQuit
    /// Whether restoration after a reboot waits for the first unlock (BLE-4).
    public var restorationWaitsForFirstUnlock: Bool
    /// Whether state restoration relaunches the app at all after a reboot (BLE-4): when false, a
    /// reboot clears what the app had outstanding, as on iOS 10 and earlier.
    public var restorationAfterReboot: Bool
    /// Time for a pending connect to complete once the peripheral is in range while the display is
    /// off (BLE-4, BLE-2); with the display lit it completes at once.
    public var screenOffConnectLatency: TimeInterval
    /// For this long after a peripheral starts advertising, a pending connect to it completes at
    /// once even with the display off (BLE-4): the accessory advertises at its fastest then.
    public var fastAdvertisingAfterWake: TimeInterval
    /// How long a pending connect stays pending before it silently lapses; nil: never (BLE-4).
    public var pendingConnectLifetime: TimeInterval?
    /// Whether background scans must name service UUIDs (BLE-2).
    public var backgroundScanNeedsServiceUUIDs: Bool
    /// Out of the foreground a scan listens only in windows of this length … (BLE-2).
    public var backgroundScanWindow: TimeInterval
    /// … once per this period, at a phase drawn per run (BLE-2).
    public var backgroundScanPeriod: TimeInterval
    /// A background advertisement (`bluetooth-peripheral` mode) stops this long after the app
    /// left the foreground: drawn per run between the bounds (BLE-3).
    public var backgroundAdvertisingLifetime: ClosedRange<TimeInterval>

    /// The reference's defaults for `version`, by family and then by exact version.
    ///
    /// - Parameter version: The simulated iOS release.
    /// - Returns: The Bluetooth rules the default profile uses on that release.
    public static func defaults(for version: IOSVersion) -> BluetoothRules {
        BluetoothRules(
            // BLE-1: ≈10 s per wake (documented, 5+); iOS 4 has no BLE modes (inert); 26+ as 13–18 (assumption).
            wakeWindow: 10,
            // BLE-4: state restoration from 7.0 (documented); n/a on 6.
            stateRestoration: version >= IOSVersion(7),
            // BLE-4: never after force-quit (QA1962); 26+ AccessorySetupKit apps only (TN3115).
            restorationAfterForceQuit: version.family == .iOS26 ? .accessorySetupKitOnly : .never,
            // BLE-4: waits for the first unlock after a reboot (documented).
            restorationWaitsForFirstUnlock: true,
            // BLE-4: QA1962's table gives "Device restarted: relaunch YES (after the first unlock)"
            // for iOS 11 and "NO" as the iOS 10 behaviour (documented); the radar of an app never
            // restored after a reboot since iOS 7 agrees (obs: ble-no-restoration-after-reboot).
            restorationAfterReboot: version >= IOSVersion(11),
            // BLE-4, BLE-2: a suspended, locked phone's pending connect completed ≈20 s after the
            // peer came back in range, while the phone's app connected at once with the screen on
            // (obs: ble-pending-connect-completes-20s; one timestamped log, 26). Assumption: with the
            // display off the controller looks for the peripheral at a low duty cycle, as BLE-2 says
            // scans happen less often (the locked-screen cycle of ble-bg-scan-duty-cycle-10min);
            // the same figure on every version (assumption).
            screenOffConnectLatency: 20,
            // BLE-4: Apple's Bluetooth accessory design guidelines ask an accessory to advertise
            // every 20 ms for at least the first 30 s before slower intervals, so a peripheral that
            // has just started (an engine that wakes its dongle, seed 003's ble-dongle) is found at
            // once; the bitchat peer had been advertising all along (assumption: the controller's
            // slow look catches a 20 ms advertiser in its first window; documented guideline).
            fastAdvertisingAfterWake: 30,
            // BLE-4: "a connect request has no timeout" (documented). CONF-BLE-4 sets 90 min.
            pendingConnectLifetime: nil,
            // BLE-2: nil service list not allowed in the background (documented, 5+).
            backgroundScanNeedsServiceUUIDs: true,
            // BLE-2, "scans less often in the background": a Google engineer's figure, the radio
            // wakes about every 10 min for 20–30 s (corpus: ble-bg-scan-duty-cycle-10min; iOS 16.6
            // still finds the peripheral, ble-bg-scan-works-ios16). Reports of nothing found for
            // 55 min or after the first 10 s conflict (ble-bg-scan-found-nothing-55min,
            // ble-bg-scan-only-10s). Observed, every family (assumption outside 9–16).
            backgroundScanWindow: 25,
            backgroundScanPeriod: 600,
            // BLE-3: background advertising gone ≈3 min after screen-off on 10.0.1
            // (ble-ios10-bg-advertising-gone-3min) and after 5–10 min in another report
            // (ble-bg-advertising-gone-5-10min): 3 to 10 min, drawn per run. Observed 8–10;
            // assumption elsewhere; a report of advertising for as long as the app stays in the
            // switcher (9.3–10.1) conflicts.
            backgroundAdvertisingLifetime: 180...600
        )
    }
}
