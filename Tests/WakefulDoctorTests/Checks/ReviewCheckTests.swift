import Testing
import WakefulDoctor
import WakefulTestSupport

/// App Review's view of `audio` and `voip`, judged from the code (REVIEW-4, VOIP-2).
@Suite("Checks: audio and voip judged from the code", .watchdog, .cpuBound)
struct ReviewCheckTests {
    @Test("a podcast player (playback, AVPlayer, Now Playing): audio is a note, and --strict passes")
    func podcast() throws {
        let run = try CheckRun.run("podcast")
        let audio = try run.only(.reviewRisk, value: "audio")
        #expect(audio.severity == .note)
        #expect(audio.message.contains("Evidence of audible playback"))
        #expect(run.problems.isEmpty, "\(run.problems.map(\.message))")
        #expect(try CheckRun.run("podcast", strict: true).status == 0)
    }

    @Test("the podcast's remaining findings accepted by a baseline: counted, not listed, exit 0")
    func podcastBaseline() throws {
        let run = try CheckRun.run("podcast", baseline: "podcast-reviewed.json", strict: true)
        #expect(run.findings.isEmpty, "\(run.findings.map(\.message))")
        #expect(run.accepted == 2)
        #expect(run.status == 0)
    }

    @Test("a silent file looped to stay alive: audio is a warning, REVIEW-4, at the file's name")
    func silentAudio() throws {
        let run = try CheckRun.run("silent-audio")
        let audio = try run.only(.reviewRisk, value: "audio")
        #expect(audio.severity == .warning)
        #expect(audio.rules.contains("REVIEW-4"))
        #expect(audio.place == "App/KeepAlive.swift:9")
    }

    @Test("audio with no audio code: unused, and no review finding on top")
    func audioWithoutCode() throws {
        let run = try CheckRun.run("audio-no-code")
        let unused = try run.only(.modeUnusedInSource, value: "audio")
        #expect(unused.severity == .warning)
        #expect(run.findings(.reviewRisk, value: "audio").isEmpty)
    }

    @Test("PushKit VoIP pushes reported to CallKit: voip is a note, and --strict passes")
    func callKitVoIP() throws {
        let run = try CheckRun.run("callkit-voip")
        let voip = try run.only(.reviewRisk, value: "voip")
        #expect(voip.severity == .note)
        #expect(run.problems.isEmpty, "\(run.problems.map(\.message))")
    }

    @Test("PushKit without CallKit: voip is a warning, VOIP-2")
    func pushKitWithoutCallKit() throws {
        let run = try CheckRun.run("pushkit-no-callkit")
        let voip = try run.only(.reviewRisk, value: "voip")
        #expect(voip.severity == .warning)
        #expect(voip.rules.contains("VOIP-2"))
        #expect(voip.place == "App/PushReceiver.swift:6")
    }
}
