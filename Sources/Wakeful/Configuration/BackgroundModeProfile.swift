import Foundation

/// What one `UIBackgroundModes` value is for and what it asks of the app: purpose strings, task
/// identifiers, App Review's view of it and a note for the reviewer.
///
/// Strategies declare the modes they need (``Requirements``); the profile is what the rest of the
/// Info.plist must say for such a mode to work and to pass review.
public struct BackgroundModeProfile: Sendable, Hashable {
    /// The mode.
    public var mode: BackgroundMode
    /// Its name in Xcode's Background Modes capability.
    public var title: String
    /// What it lets the app do in the background.
    public var purpose: String
    /// Purpose strings the frameworks behind the mode need.
    public var usageDescriptions: [UsageDescription]
    /// The scheduled tasks it permits; they also need `BGTaskSchedulerPermittedIdentifiers` (BGT-9).
    public var scheduledTasks: [ScheduledTaskKind]
    /// Why the mode is obsolete, with what replaces it; nil when it is current.
    public var deprecation: String?
    /// What App Review may object to (REVIEW-1 to REVIEW-5); nil when it draws no objection.
    public var review: ReviewFinding?
    /// A suggested note for App Review Information in App Store Connect; fill in the `<…>` parts.
    public var reviewerNote: String
    /// Policy rule IDs behind the mode's behaviour.
    public var rules: [String]
}

extension BackgroundMode {
    /// What the mode is for and what it needs.
    public var profile: BackgroundModeProfile {
        switch self {
        case .audio:
            BackgroundModeProfile(
                mode: self, title: "Audio, AirPlay, and Picture in Picture",
                purpose: "keeps the app running while it plays or records audible content", usageDescriptions: [],
                scheduledTasks: [],
                review: ReviewFinding(
                    subject: rawValue, level: .high, guideline: "2.5.4", rules: ["REVIEW-2", "REVIEW-4", "AUDIO-1"],
                    note: "rejected unless the app plays audible content in the background"),
                reviewerNote:
                    "The app plays <what: music, podcasts, a workout coach> in the background. To hear it: open <screen>, start playback, then lock the phone; playback continues and is controlled from the Lock Screen.",
                rules: ["AUDIO-1"])
        case .location:
            BackgroundModeProfile(
                mode: self, title: "Location updates",
                purpose: "keeps standard location updates flowing while the app is in the background",
                usageDescriptions: [.locationWhenInUse], scheduledTasks: [],
                review: ReviewFinding(
                    subject: rawValue, level: .medium, guideline: "2.5.4, 5.1.5",
                    rules: ["REVIEW-1", "REVIEW-3", "REVIEW-5"],
                    note:
                        "needs a visible, user-facing reason to use location in the background; using it only to stay alive is rejected"
                ),
                reviewerNote:
                    "The app uses location in the background to <user-facing feature, e.g. record a trip / prompt at the pump>. To see it: <steps>, then lock the phone and move; <where the result appears>. iOS shows the location indicator while it runs.",
                rules: ["LOC-1", "LOC-2", "LOC-4"])
        case .voip:
            BackgroundModeProfile(
                mode: self, title: "Voice over IP",
                purpose: "lets PushKit VoIP pushes launch the app for incoming calls, which it must report to CallKit",
                usageDescriptions: [],
                scheduledTasks: [],
                review: ReviewFinding(
                    subject: rawValue, level: .high, guideline: "2.5.4", rules: ["REVIEW-1", "REVIEW-2", "VOIP-2"],
                    note: "only for apps that place and receive calls through CallKit"),
                reviewerNote:
                    "The app places and receives internet calls through CallKit. To test: sign in with <demo account>, call <second demo account or number>; the call rings on the Lock Screen.",
                rules: ["VOIP-1", "VOIP-2"])
        case .fetch:
            BackgroundModeProfile(
                mode: self, title: "Background fetch",
                purpose:
                    "lets iOS launch the app for BGAppRefreshTask (and the legacy background fetch, deprecated in iOS 13)",
                usageDescriptions: [], scheduledTasks: [.appRefresh, .backgroundFetch],
                reviewerNote:
                    "The app refreshes <content> in the background with BGAppRefreshTask so that it is current when opened; there is nothing to see beyond up-to-date content.",
                rules: ["BGT-1", "BGT-4", "BGT-9"])
        case .remoteNotification:
            BackgroundModeProfile(
                mode: self, title: "Remote notifications",
                purpose: "lets a silent push (content-available) wake or launch the app for about 30 s",
                usageDescriptions: [],
                scheduledTasks: [],
                reviewerNote:
                    "The server sends silent pushes when <event> so that <content> is ready before the user opens the app; they have no visible effect of their own.",
                rules: ["PUSH-1", "PUSH-6"])
        case .processing:
            BackgroundModeProfile(
                mode: self, title: "Background processing",
                purpose: "lets iOS launch the app for BGProcessingTask, usually overnight on the charger",
                usageDescriptions: [], scheduledTasks: [.processing, .continuedProcessing],
                reviewerNote:
                    "The app uses BGProcessingTask for <maintenance work, e.g. syncing and compacting its database> while the phone charges; nothing is visible.",
                rules: ["BGT-5", "BGT-9"])
        case .bluetoothCentral:
            BackgroundModeProfile(
                mode: self, title: "Uses Bluetooth LE accessories",
                purpose: "wakes the app for Core Bluetooth events from its accessories",
                usageDescriptions: [.bluetoothAlways],
                scheduledTasks: [], review: Self.accessoryReview(self),
                reviewerNote:
                    "The app stays connected to <accessory> in the background to <feature>. The accessory is <where to buy it>; a video of the feature is attached because the reviewer may not have one.",
                rules: ["BLE-1", "BLE-4"])
        case .bluetoothPeripheral:
            BackgroundModeProfile(
                mode: self, title: "Acts as a Bluetooth LE accessory",
                purpose: "keeps the app advertising and serving as a peripheral in the background",
                usageDescriptions: [.bluetoothAlways],
                scheduledTasks: [], review: Self.accessoryReview(self),
                reviewerNote:
                    "The app acts as a Bluetooth LE accessory for <what connects to it> so that <feature>. To test: <steps with a second device>.",
                rules: ["BLE-1", "BLE-3"])
        case .externalAccessory:
            BackgroundModeProfile(
                mode: self, title: "External accessory communication",
                purpose: "keeps the app talking to an MFi accessory in the background", usageDescriptions: [],
                scheduledTasks: [],
                review: Self.accessoryReview(self),
                reviewerNote:
                    "The app talks to <MFi accessory> in the background to <feature>. A video is attached because the reviewer may not have the accessory.",
                rules: [])
        case .newsstandContent:
            BackgroundModeProfile(
                mode: self, title: "Newsstand downloads",
                purpose: "let Newsstand apps download issues in the background", usageDescriptions: [],
                scheduledTasks: [],
                deprecation:
                    "NewsstandKit is deprecated since iOS 9 and Newsstand is gone; download issues with a background URLSession instead (URLS-1)",
                review: Self.purposeOnlyReview(self),
                reviewerNote: "Remove this mode: Newsstand no longer exists.",
                rules: ["URLS-1"])
        case .nearbyInteraction:
            BackgroundModeProfile(
                mode: self, title: "Nearby Interaction",
                purpose: "keeps Nearby Interaction sessions with accessories running in the background",
                usageDescriptions: [.nearbyInteraction], scheduledTasks: [], review: Self.purposeOnlyReview(self),
                reviewerNote:
                    "The app measures distance to <accessory> with Nearby Interaction in the background to <feature>. A video is attached because the reviewer may not have the accessory.",
                rules: [])
        case .pushToTalk:
            BackgroundModeProfile(
                mode: self, title: "Push to Talk",
                purpose: "lets the PushToTalk framework launch the app to play and transmit audio",
                usageDescriptions: [.microphone],
                scheduledTasks: [], review: Self.purposeOnlyReview(self),
                reviewerNote:
                    "The app is a walkie-talkie built on the PushToTalk framework. To test: sign in with <demo account> on two devices, join <channel>, and talk from the system UI.",
                rules: [])
        case .networkAuthentication:
            BackgroundModeProfile(
                mode: self, title: "Network authentication",
                purpose: "lets a hotspot helper (NEHotspotHelper) answer Wi-Fi authentication in the background",
                usageDescriptions: [],
                scheduledTasks: [], review: Self.purposeOnlyReview(self),
                reviewerNote:
                    "The app is a hotspot helper for <network operator> and holds the HotspotHelper entitlement granted by Apple on <date>.",
                rules: [])
        }
    }

    private static func accessoryReview(_ mode: BackgroundMode) -> ReviewFinding {
        ReviewFinding(
            subject: mode.rawValue, level: .low, guideline: "2.5.4", rules: ["REVIEW-1"],
            note: "expected to talk to a real accessory the reviewer can see described")
    }

    private static func purposeOnlyReview(_ mode: BackgroundMode) -> ReviewFinding {
        ReviewFinding(
            subject: mode.rawValue, level: .medium, guideline: "2.5.4", rules: ["REVIEW-1", "REVIEW-2"],
            note: "only for the purpose the mode names")
    }
}
