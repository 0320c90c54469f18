import Foundation
import Wakeful

/// Audio playback as the app started it (AUDIO-1).
struct AudioPlayback {
    /// Whether anyone could hear it. The OS does not check; App Review does (REVIEW-4).
    var audible: Bool
    /// Whether playback keeps the app running: the `audio` mode is declared.
    var keepsAppRunning: Bool
}

extension SimulatedDevice {
    /// Starts playback. With the `audio` mode it keeps the app running until it stops, silent or
    /// not: the runtime does not listen (AUDIO-1). Silence is flagged for review (REVIEW-4).
    mutating func startAudio(audible: Bool) {
        let keeps = backgroundModes.contains(.audio)
        process.audio = AudioPlayback(audible: audible, keepsAppRunning: keeps)
        if !keeps {
            decide("backgroundAudioUnavailable", rules: ["AUDIO-1"], [Field("why", "UIBackgroundModes lacks audio")])
        }
        if !audible {
            tally.silentAudio = true
            decide(
                "silentAudio", rules: ["AUDIO-1", "REVIEW-2", "REVIEW-4"],
                [
                    Field("keepsAppRunning", .bool(keeps)),
                    Field("review", "high risk: the audio mode needs audible content"),
                ])
        }
    }

    /// Stops playback (AUDIO-1).
    mutating func stopAudio() {
        process.audio = nil
    }

    /// The App Review assessment of the run: the declared modes, plus what the app did (REVIEW-4).
    var reviewAssessment: ReviewAssessment {
        var assessment = ReviewAssessment(modes: backgroundModes, techniques: install.requirements.reviewFindings)
        if tally.silentAudio { assessment.add(.silentAudio) }
        return assessment
    }
}
