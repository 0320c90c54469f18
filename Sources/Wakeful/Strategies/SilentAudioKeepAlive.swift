import Foundation

/// The silent-audio keep-alive, modelled as the anti-pattern it is: declare the `audio` mode and
/// play silence from the moment the app leaves the foreground, so that iOS never suspends it.
///
/// At run time it works on every family: with the `audio` mode, playback keeps the app running
/// until it stops (AUDIO-1), and the OS does not check whether anyone can hear it. It costs the
/// audio hardware and a CPU that never sleeps for as long as it runs. App Review is where it fails:
/// the `audio` mode needs audible background content (AUDIO-1, REVIEW-2), and the simulator flags
/// silent playback as high risk (REVIEW-4). Playback stops when the app becomes active again; an
/// app relaunched in the background starts it again. ``Options/audible`` plays real sound instead,
/// which passes the audibility rule but still serves no purpose the user asked for (REVIEW-1).
///
/// What it loses under When-In-Use or with Precise Location off: nothing of its own, as it uses
/// no location service (``Requirements/locationCapabilities`` is empty); the app's features may.
public struct SilentAudioKeepAlive: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// Play something audible rather than silence.
        public var audible: Bool

        /// Creates options.
        public init(audible: Bool = false) {
            self.audible = audible
        }
    }

    /// The configuration.
    public var options: Options
    private var playing = false

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "SilentAudioKeepAlive" }
    public var requirements: Requirements { Requirements(backgroundModes: [.audio]) }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didEnterBackground where !playing:
            playing = true
            return [.startAudio(audible: options.audible)]
        case .didFinishLaunching(let reason) where !reason.isForeground && !playing:
            playing = true
            return [.startAudio(audible: options.audible)]
        case .didBecomeActive where playing:
            playing = false
            return [.stopAudio]
        default:
            return []
        }
    }
}
