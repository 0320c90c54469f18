import Foundation
import Wakeful

/// What in an app's sources shows that a background mode is in use, and which calls fail without it.
///
/// One entry per mode, so the "declared and unused" and "used and not declared" checks read the
/// same facts. Only what the frameworks document is encoded: a call that merely might run in the
/// background (a player, a central manager) is evidence of use, while only a call that fails or
/// crashes without the mode makes its absence an error.
struct ModeEvidence: Sendable {
    /// A call that needs the mode, and what happens without it.
    struct Need: Sendable {
        /// The call.
        var api: SourceAPI
        /// How much the missing mode matters.
        var severity: Finding.Severity
        /// What goes wrong, as a clause: "raises an exception when set to true (LOC-1)".
        var consequence: String
        /// Rule IDs behind it.
        var rules: [String]
    }

    /// The mode.
    var mode: BackgroundMode
    /// Calls that show the mode is used.
    var uses: Set<SourceAPI>
    /// Calls that need it.
    var needs: [Need]
    /// What to say when the mode is declared and only these calls are found: they work without it.
    var worksWithout: (apis: Set<SourceAPI>, advice: String, rules: [String])?

    /// The evidence for a mode; nil for a mode doctor cannot see in code (`newsstand-content`).
    static func of(_ mode: BackgroundMode) -> ModeEvidence? {
        table.first { $0.mode == mode }
    }

    /// Every mode doctor can look for in code.
    static let table: [ModeEvidence] = [
        ModeEvidence(
            mode: .location, uses: [.backgroundLocationUpdates, .backgroundActivitySession, .liveUpdates],
            needs: [
                Need(
                    api: .backgroundLocationUpdates, severity: .error,
                    consequence:
                        "setting allowsBackgroundLocationUpdates to true without the location mode is a programming error that raises an exception, and updates stop in the background anyway",
                    rules: ["LOC-1"]),
                Need(
                    api: .backgroundActivitySession, severity: .error,
                    consequence:
                        "a CLBackgroundActivitySession delivers nothing in the background without the location mode",
                    rules: ["LOC-1", "LOC-8"]),
            ],
            // LOC-13, LOC-16: significant changes, visits and regions relaunch the app without the mode.
            worksWithout: (
                [.significantLocationChanges, .visits, .regionMonitoring, .beaconRanging, .standardLocationUpdates],
                "significant-change, visit and region monitoring wake and relaunch the app without the location mode, and standard updates need allowsBackgroundLocationUpdates = true as well to continue in the background",
                ["LOC-1", "LOC-13", "LOC-16"]
            )),
        ModeEvidence(
            mode: .audio, uses: [.playbackCategory, .audioPlayer, .nowPlaying],
            needs: [
                Need(
                    api: .nowPlaying, severity: .error,
                    consequence:
                        "the app publishes Now Playing information, so it plays in the background, and without the audio mode playback stops when it leaves the foreground",
                    rules: ["AUDIO-1"])
            ], worksWithout: nil),
        ModeEvidence(
            mode: .voip, uses: [.pushKitRegistry, .voipPushType],
            needs: [
                Need(
                    api: .voipPushType, severity: .error,
                    consequence:
                        "PushKit delivers no VoIP push to an app without the voip mode, so incoming calls never ring",
                    rules: ["VOIP-2"])
            ], worksWithout: nil),
        ModeEvidence(
            mode: .fetch, uses: [.legacyFetchHandler, .legacyFetchInterval, .appRefreshRequest],
            needs: [
                Need(
                    api: .appRefreshRequest, severity: .error,
                    consequence: "submitting a BGAppRefreshTaskRequest fails with notPermitted without the fetch mode",
                    rules: ["BGT-9"]),
                Need(
                    api: .legacyFetchInterval, severity: .error,
                    consequence: "the legacy background fetch never runs without the fetch mode", rules: ["BGT-1"]),
            ], worksWithout: nil),
        ModeEvidence(
            mode: .processing, uses: [.processingRequest],
            needs: [
                Need(
                    api: .processingRequest, severity: .error,
                    consequence:
                        "submitting a BGProcessingTaskRequest fails with notPermitted without the processing mode",
                    rules: ["BGT-9"])
            ], worksWithout: nil),
        ModeEvidence(
            mode: .remoteNotification, uses: [.remoteNotificationHandler],
            needs: [
                Need(
                    api: .remoteNotificationHandler, severity: .warning,
                    consequence:
                        "the handler for silent pushes runs only while the app is in the foreground: without remote-notification iOS never wakes or launches the app for a content-available push",
                    rules: ["PUSH-1"])
            ], worksWithout: nil),
        ModeEvidence(
            mode: .bluetoothCentral, uses: [.centralManager],
            needs: [
                Need(
                    api: .centralRestoreIdentifier, severity: .error,
                    consequence:
                        "the central manager asks for state restoration, which only an app with bluetooth-central is relaunched for",
                    rules: ["BLE-1", "BLE-4"])
            ], worksWithout: nil),
        ModeEvidence(
            mode: .bluetoothPeripheral, uses: [.peripheralManager],
            needs: [
                Need(
                    api: .peripheralRestoreIdentifier, severity: .error,
                    consequence:
                        "the peripheral manager asks for state restoration, which only an app with bluetooth-peripheral is relaunched for",
                    rules: ["BLE-1", "BLE-4"])
            ], worksWithout: nil),
        ModeEvidence(mode: .externalAccessory, uses: [.externalAccessory], needs: [], worksWithout: nil),
        ModeEvidence(mode: .nearbyInteraction, uses: [.nearbyInteraction], needs: [], worksWithout: nil),
        ModeEvidence(
            mode: .pushToTalk, uses: [.pushToTalk],
            needs: [
                Need(
                    api: .pushToTalk, severity: .error,
                    consequence:
                        "Apple's Push to Talk framework requires the push-to-talk mode: without it the app neither receives nor transmits once it leaves the foreground",
                    rules: [])
            ], worksWithout: nil),
        ModeEvidence(
            mode: .networkAuthentication, uses: [.hotspotHelper],
            needs: [
                Need(
                    api: .hotspotHelper, severity: .error,
                    consequence:
                        "NEHotspotHelper requires the network-authentication mode (with its entitlement): without it the helper is never run to authenticate a network",
                    rules: [])
            ], worksWithout: nil),
    ]
}
