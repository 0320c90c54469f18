import Foundation

/// Silent (background) push rules: `content-available: 1` notifications (reference §5, PUSH rules).
/// Silent push does not exist on iOS 6; there ``available`` is false and the other fields are inert.
///
/// ```swift
/// PushRules.defaults(for: IOSVersion(13)).requiresPushTypeHeader   // true (PUSH-2)
/// ```
public struct PushRules: Sendable, Hashable {
    /// Whether silent pushes can wake or launch the app (PUSH-1).
    public var available: Bool
    /// Wall-clock time the handler has to call its completion handler (PUSH-6).
    public var handlerTime: TimeInterval
    /// Silent pushes per rolling hour before the simulator throttles delivery (PUSH-4).
    public var throttlePerHour: Int
    /// How long the device must go without a user action before a priority-5 push to an app that
    /// is not running is grouped with later work instead of delivered at once (PUSH-8; APNs: priority
    /// 5 is sent "based on power considerations" and may be delivered in bursts).
    public var idleBeforeGrouping: TimeInterval
    /// How late a grouped push is delivered, drawn per push (stream 72) uniformly in this range (PUSH-8).
    public var groupedDelay: ClosedRange<TimeInterval>
    /// Whether a silent push can reach an app off screen at all (PUSH-4, PUSH-8); false under
    /// CONF-PUSH-4, where the system disallows every background launch ("pushDisallowed").
    public var deliveredInBackground: Bool
    /// Pushes the system holds back at most; a newer one replaces the held one (PUSH-5).
    public var heldPushes: Int
    /// Whether the push needs the `apns-push-type: background` header (PUSH-2).
    public var requiresPushTypeHeader: Bool
    /// The `apns-priority` a silent push must carry (PUSH-3).
    public var requiredPriority: Int
    /// Whether app usage is a delivery-scheduling factor for pushes (PUSH-8).
    public var appUsageAffectsDelivery: Bool
    /// Whether silent pushes still launch an app the user force-quit (PUSH-7, TERM-1, CONF-7).
    public var deliveredAfterForceQuit: Bool
    /// Whether Low Power Mode holds back silent pushes (PUSH-9, CONF-11).
    public var suppressedInLowPowerMode: Bool
    /// Whether a held push is handed over once the hourly budget has room again (PUSH-4, PUSH-5);
    /// when false it waits for the user to open the app. cfg: the reference gives no release rule.
    public var releasesHeldWhenBudgetAllows: Bool
    /// Whether a silent push launches an app that is not running before the first unlock after a
    /// restart (DATA-8: an iOS 9 report and production logs of many users say so; obs:
    /// data-silent-push-before-first-unlock-keychain).
    public var launchesBeforeFirstUnlock: Bool

    /// The reference's defaults for `version`, by family and then by exact version.
    ///
    /// - Parameter version: The simulated iOS release.
    /// - Returns: The push rules the default profile uses on that release.
    public static func defaults(for version: IOSVersion) -> PushRules {
        PushRules(
            // PUSH-1: silent push from 7.0; n/a on 6.
            available: version >= IOSVersion(7),
            // PUSH-6: 30 s (documented); 26+ as 13–18 (assumption).
            handlerTime: 30,
            // PUSH-4: Apple's guidance to senders is 2–3 per hour; the device's own limit is
            // fitted to a stream of pushes every 90 s: about 6 delivered in the first 8–10 min, then
            // none for about an hour (obs: push-stream-delivered-first-10-min,
            // push-stream-then-an-hour-of-nothing). A rolling budget of 6 per hour gives both.
            throttlePerHour: 6,
            // PUSH-8: priority-5 pushes are power-aware. Pushes every 90 s went out at once in the
            // first 10 min after the Home press (obs: push-stream-delivered-first-10-min), while
            // hourly pushes to an app idle for 55 min and more came 7 and 10 min late (obs:
            // push-hourly-delivered-7-to-10-min-late). The threshold between the two, 30 min, is
            // an assumption; the delay is the log's 7–10 min.
            idleBeforeGrouping: 1800, groupedDelay: 420...600,
            // PUSH-4, PUSH-8: delivered off screen unless CONF-PUSH-4 (push-testflight-never-in-background).
            deliveredInBackground: true,
            // PUSH-5: 1 on 13–18 (documented); 7–12 n/c → 13–18 value, assumption.
            heldPushes: 1,
            // PUSH-2: `apns-push-type: background` from 13.0 (documented via vendor).
            requiresPushTypeHeader: version >= IOSVersion(13),
            // PUSH-3: priority 5 (documented).
            requiredPriority: 5,
            // PUSH-8: every BGT-11 factor except app usage (documented via notes).
            appUsageAffectsDelivery: false,
            // PUSH-7, TERM-1: blocked until manual launch or reboot (documented); var. CONF-7.
            deliveredAfterForceQuit: false,
            // PUSH-9: Low Power Mode blocks silent pushes (inference; var. CONF-11). Low Power Mode is 9+.
            suppressedInLowPowerMode: true,
            // PUSH-4, PUSH-5: when a held push goes out is not stated; cfg, assumption: as soon as the
            // rolling hour has room (and Low Power Mode is off), else when the user opens the app.
            releasesHeldWhenBudgetAllows: true,
            // DATA-8: the reference had only one iOS 9 report (folklore) and modelled no launch;
            // production logging of a Keychain library's users then showed AfterFirstUnlock reads
            // failing in silent-push and fetch launches, which only happen before the first unlock
            // (obs: data-silent-push-before-first-unlock-keychain). Field logs outweigh the
            // reference's cautious default, so a silent push launches the app.
            launchesBeforeFirstUnlock: true
        )
    }
}
