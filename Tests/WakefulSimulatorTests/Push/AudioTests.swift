import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// Background audio (AUDIO-1) and its review flag (REVIEW-4).
@Suite("Push: background audio (AUDIO-1, REVIEW-4)", .watchdog, .cpuBound)
struct AudioTests {
    static func player(audible: Bool, stopAfter: TimeInterval? = nil) -> Scripted {
        Scripted("Player", modes: [.audio]) { event, _ in
            switch event {
            case .didEnterBackground:
                return [.startAudio(audible: audible)]
                    + (stopAfter.map { [.setTimer(TimerRequest(id: "stop", interval: $0))] } ?? [])
            case .timerFired("stop"): return [.stopAudio]
            default: return []
            }
        }
    }

    static func trace(_ version: String, app: Scripted, modes: [BackgroundMode]? = nil) throws -> Trace {
        Trace(
            PushScenarios.make(pushes: [], duration: 3000, modes: modes), ios: try Versions.parse(version),
            setup: .custom(app))
    }

    @Test("playback with the audio mode keeps the app running, silent or not", arguments: ["6", "8", "12", "17", "26"])
    func keepsRunning(version: String) throws {
        for audible in [true, false] {
            let trace = try Self.trace(version, app: Self.player(audible: audible))
            #expect(trace.states(to: .suspended).isEmpty)
            #expect(trace.metrics.backgroundRunningSeconds == 2990)
        }
    }

    @Test("silence is flagged as a high review risk (REVIEW-4); audible playback is not", arguments: ["12", "17"])
    func reviewFlag(version: String) throws {
        let silent = try Self.trace(version, app: Self.player(audible: false))
        #expect(silent.metrics.reviewRisk.level == .high)
        #expect(silent.metrics.reviewRisk.findings.contains(.silentAudio))
        #expect(silent.decisions("silentAudio").first?.decision.rules == ["AUDIO-1", "REVIEW-2", "REVIEW-4"])
        let audible = try Self.trace(version, app: Self.player(audible: true))
        #expect(!audible.metrics.reviewRisk.findings.contains(.silentAudio))
    }

    @Test("stopping playback suspends the app (AUDIO-1)", arguments: ["8", "17"])
    func stopSuspends(version: String) throws {
        let trace = try Self.trace(version, app: Self.player(audible: true, stopAfter: 100))
        let suspension = try #require(trace.states(to: .suspended).first)
        #expect(
            suspension.time == 110 && suspension.change.cause == "audioEnded"
                && suspension.change.rules.contains("AUDIO-1"))
    }

    @Test("without the audio mode playback does not keep the app running", arguments: ["8", "17"])
    func needsTheMode(version: String) throws {
        let trace = try Self.trace(version, app: Self.player(audible: true), modes: [])
        #expect(same(trace.states(to: .suspended).first?.time, 15))
        #expect(trace.decisions("backgroundAudioUnavailable").count == 1)
    }
}
