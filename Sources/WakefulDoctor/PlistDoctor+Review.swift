import Foundation
import Wakeful

extension PlistDoctor {
    /// App Review's view of every declared mode, with a suggested reviewer note, and of the
    /// techniques the configuration uses (REVIEW-1 to REVIEW-5).
    ///
    /// `audio` and `voip` are judged from the code when doctor has read it: legitimate use (a
    /// playback session with a player or Now Playing; PushKit VoIP pushes reported to CallKit) is a
    /// note, a silent or looped file or PushKit without CallKit is the warning. A mode no code uses
    /// at all gets no review finding here: ``sourceModeFindings(_:modesKnown:_:requirements:)``
    /// already warns, and a reviewer note for a mode to remove is noise.
    static func reviewFindings(_ modes: [BackgroundMode], _ requirements: AppRequirements?, code: SourceEvidence?)
        -> [Finding]
    {
        var findings: [Finding] = []
        for mode in modes {
            let profile = mode.profile
            // Modes with no known objection still serve only their purpose (REVIEW-1, 2.5.4).
            let review =
                profile.review
                ?? ReviewFinding(
                    subject: mode.rawValue, level: .low, guideline: "2.5.4", rules: ["REVIEW-1"],
                    note: "accepted when it \(profile.purpose)")
            let users = requirements.map { list($0.users(of: mode)) } ?? ""
            var severity: Finding.Severity = review.level == .high ? .warning : .note
            var evidence = users.isEmpty ? "" : " Used by \(users)."
            var rules = review.rules
            var location: Finding.Location?
            if let code, users.isEmpty, let entry = ModeEvidence.of(mode), code.uses(of: entry.uses).isEmpty {
                continue
            }
            if let code, judgedFromCode.contains(mode), users.isEmpty {
                guard let judged = judge(mode, code) else { continue }
                (severity, evidence, location) = (judged.severity, " " + judged.evidence, judged.location)
                rules = Array(Set(rules + judged.rules)).sorted()
            } else if code == nil, severity == .warning, users.isEmpty {
                evidence =
                    " Pass --sources with the app's code so doctor can look for the use, or accept this finding in .wakeful-doctor.json with the reason."
            }
            findings.append(
                Finding(
                    severity, .reviewRisk, key: modesKey, value: mode.rawValue,
                    message:
                        "\(mode.rawValue): \(review.level.rawValue) App Review risk, \(review.note).\(evidence) Put the suggested reviewer note, filled in, under App Review Information in App Store Connect.",
                    rules: rules, guideline: review.guideline, reviewerNote: profile.reviewerNote, location: location))
        }
        for entry in requirements?.entries ?? [] {
            for technique in entry.requirements.reviewFindings {
                findings.append(
                    Finding(
                        .warning, .techniqueReview, key: modesKey, value: technique.subject,
                        message:
                            "\(entry.name) uses \(technique.subject): \(technique.level.rawValue) App Review risk, \(technique.note). Prefer a technique App Review accepts, or be ready to justify it.",
                        rules: technique.rules, guideline: technique.guideline))
            }
        }
        return findings
    }

    /// The modes App Review judges by what the app does with them, so doctor does too.
    private static let judgedFromCode: Set<BackgroundMode> = [.audio, .voip]

    /// A mode of `judgedFromCode` judged from the code; nil when no code uses it at all (reported as unused).
    private static func judge(_ mode: BackgroundMode, _ code: SourceEvidence) -> (
        severity: Finding.Severity, evidence: String, location: Finding.Location?, rules: [String]
    )? {
        switch mode {
        case .audio:
            if let silent = code.uses(of: [.silentAudioFile]).first {
                return (
                    .warning,
                    "The code plays \(silent.api.phrase) (\(silent.place)): silence is not audible content, so keeping the app alive with it is rejected.",
                    silent.location, ["REVIEW-4", "AUDIO-1"]
                )
            }
            let session = code.uses(of: [.playbackCategory]).first
            let player = code.uses(of: [.audioPlayer, .nowPlaying]).first
            let loops = code.uses(of: [.loopForever]).first
            if let session, let player, loops == nil || !code.uses(of: [.nowPlaying]).isEmpty {
                return (
                    .note,
                    "Evidence of audible playback: \(session.api.phrase) (\(session.place)) and \(player.api.phrase) (\(player.place)).",
                    player.location, []
                )
            }
            if let loops {
                return (
                    .warning,
                    "The only playback found loops for ever (\(loops.api.phrase), \(loops.place)) with no Now Playing information: App Review reads that as a keep-alive.",
                    loops.location, ["REVIEW-4"]
                )
            }
            guard let any = session ?? player else { return nil }
            return (
                .warning,
                "Found \(any.api.phrase) (\(any.place)) but not both a playback session category and a player: show the reviewer the audible content, or remove the mode.",
                any.location, ["REVIEW-2"]
            )
        case .voip:
            guard let push = code.uses(of: [.voipPushType, .pushKitRegistry]).first else { return nil }
            if let callKit = code.uses(of: [.callKitProvider]).first {
                return (
                    .note,
                    "Evidence of calling: \(push.api.phrase) (\(push.place)) reported through \(callKit.api.phrase) (\(callKit.place)).",
                    push.location, []
                )
            }
            return (
                .warning,
                "The code uses \(push.api.phrase) (\(push.place)) but no CallKit provider: since the iOS 13 SDK a VoIP push that does not report a call terminates the app, and repeated failures stop VoIP pushes.",
                push.location, ["VOIP-2"]
            )
        default:
            return nil
        }
    }
}
