import Foundation

/// Legacy VoIP keep-alive and PushKit VoIP push rules (reference §8, VOIP rules; TERM-2).
///
/// ```swift
/// VoIPRules.defaults(for: IOSVersion(9, 3)).keepAliveMinimum   // 600 (VOIP-1)
/// VoIPRules.defaults(for: IOSVersion(10)).keepAliveMinimum     // nil
/// ```
public struct VoIPRules: Sendable, Hashable {
    /// Smallest `setKeepAliveTimeout` interval; `nil` where the legacy keep-alive is gone (VOIP-1).
    public var keepAliveMinimum: TimeInterval?
    /// Whether PushKit VoIP pushes exist (VOIP-2).
    public var pushKitAvailable: Bool
    /// Whether a VoIP push must report a CallKit call or the app is terminated (VOIP-2).
    public var pushRequiresCallKit: Bool
    /// Whether a VoIP push still launches an app the user force-quit (TERM-2, CONF-12).
    public var pushLaunchesAfterForceQuit: Bool
    /// Whether `didReceiveIncomingVoIPPushWith:metadata:` exists (VOIP-4).
    public var metadataCallback: Bool
    /// Whether VoIP-flagged sockets get the app terminated (VOIP-3, CONF-17).
    public var voipSocketsTerminate: Bool
    /// Run time the `setKeepAliveTimeout` handler gets per wake (VOIP-1).
    public var keepAliveHandlerTime: TimeInterval
    /// Consecutive VoIP pushes left without a CallKit report after which VoIP pushes stop launching
    /// the app (VOIP-2); a reported call resets the count.
    public var callKitFailuresBeforeBlock: Int

    /// The reference's defaults for `version`, by family and then by exact version.
    ///
    /// - Parameter version: The simulated iOS release.
    /// - Returns: The VoIP rules the default profile uses on that release.
    public static func defaults(for version: IOSVersion) -> VoIPRules {
        VoIPRules(
            // VOIP-1: ≥600 s on 4–9 (documented; deprecated in 9); n/a from 10.
            keepAliveMinimum: version.major <= 9 ? 600 : nil,
            // VOIP-2: PushKit from 8.0 (documented).
            pushKitAvailable: version >= IOSVersion(8),
            // VOIP-2: CallKit report required from the iOS 13 SDK on (documented; modelled by OS version).
            pushRequiresCallKit: version >= IOSVersion(13),
            // TERM-2 / CONF-12 default: launches (folklore; TERM-1 does not list PushKit).
            pushLaunchesAfterForceQuit: true,
            // VOIP-4: metadata callback from 26.4 (documented).
            metadataCallback: version >= IOSVersion(26, 4),
            // VOIP-3 / CONF-17 default: not modelled.
            voipSocketsTerminate: false,
            // VOIP-1: the `setKeepAliveTimeout(_:handler:)` doc gives the handler at most 10 s (documented).
            keepAliveHandlerTime: 10,
            // VOIP-2: "if this keeps failing" gives no number; cfg, assumption: 3 in a row.
            callKitFailuresBeforeBlock: 3
        )
    }
}
