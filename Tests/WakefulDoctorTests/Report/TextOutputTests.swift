import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

/// The text report: errors and warnings in full, a line per note, baselines in the tally.
@Suite("Text output", .watchdog, .cpuBound)
struct TextOutputTests {
    @Test("notes collapse to one line each; errors and warnings stay in full")
    func collapsedNotes() {
        let text = ReportFixture.mixed.text(strict: false)
        #expect(
            text.contains(
                "\n\nerror: UIBackgroundModes: Audio is not a background mode iOS knows. Did you mean audio?\n"))
        #expect(
            text.contains(
                "warning: UIBackgroundModes: voip: high App Review risk, accepted only for VoIP calls through CallKit. Put the suggested reviewer note, filled in, under App Review Information in App Store Connect. [guideline 2.5.4; REVIEW-1]\n  Suggested reviewer note: The app places VoIP calls with CallKit."
            ))
        #expect(
            text.contains(
                "\n\nnote: UIBackgroundModes: audio: low App Review risk (guideline 2.5.4); --explain for the reviewer note\n\n2 errors, 2 warnings, 1 note; exit status 1"
            ))
        #expect(!text.contains("podcast episodes"))
    }

    @Test("--explain prints today's full paragraphs")
    func explain() {
        let text = ReportFixture.mixed.text(strict: false, explain: true)
        #expect(
            text.contains(
                "note: UIBackgroundModes: audio: low App Review risk, accepted when it plays audible content the user started. Put the suggested reviewer note, filled in, under App Review Information in App Store Connect. [guideline 2.5.4; REVIEW-1]\n  Suggested reviewer note: The app plays podcast episodes the user started."
            ))
        #expect(text == ReportFixture.mixed.text(strict: false, explain: true))
    }

    @Test("notes with no reviewer note point --explain at their details; several notes share a block")
    func otherNotes() {
        let pattern = Finding(
            .note, .identifierPattern, key: "BGTaskSchedulerPermittedIdentifiers", value: "com.example.refresh",
            message:
                "com.example.refresh, submitted by ScheduledRefresh, matches $(PRODUCT_BUNDLE_IDENTIFIER).refresh only through an unexpanded build setting. Pass --bundle-id.",
            rules: ["BGT-9"])
        let text = ReportFixture.report([ReportFixture.lowRisk, pattern]).text(strict: false)
        #expect(
            text.hasSuffix(
                """
                none

                note: UIBackgroundModes: audio: low App Review risk (guideline 2.5.4); --explain for the reviewer note
                note: BGTaskSchedulerPermittedIdentifiers: com.example.refresh, submitted by ScheduledRefresh, matches $(PRODUCT_BUNDLE_IDENTIFIER).refresh only through an unexpanded build setting; --explain for details

                0 errors, 0 warnings, 2 notes; exit status 0
                """))
    }

    @Test("without a baseline the tally reads as before")
    func tallyUnchanged() {
        #expect(
            ReportFixture.report([]).text(strict: true).hasSuffix(
                "\n0 errors, 0 warnings, 0 notes; exit status 0 (--strict: warnings fail)"))
    }

    @Test("accepted findings leave the output and the status; the tally counts them; stale entries are notes")
    func baseline() {
        let baseline = DoctorBaseline(
            file: "config/.wakeful-doctor.json", folder: "/work/checkout/config",
            entries: [
                .init(check: .reviewRisk, key: "UIBackgroundModes", value: "voip", reason: "Calling app"),
                .init(check: .duplicate, key: "UIBackgroundModes", value: "fetch", reason: "Generated file"),
                .init(check: .wrongType, key: "UIBackgroundModes", reason: "Fixed"),
            ])
        let report = baseline.apply(to: ReportFixture.mixed, workingDirectory: "/work/checkout")
        let text = report.text(strict: true)
        #expect(!text.contains("warning:"))
        #expect(
            text.contains(
                "\n\nnote: config/.wakeful-doctor.json: accepted[2] (wrong-type, UIBackgroundModes) matches no finding; remove it, so that it cannot hide a new one\n"
            ))
        #expect(
            text.hasSuffix(
                "\n2 errors, 0 warnings, 1 note; 2 accepted by .wakeful-doctor.json, 1 stale entry; exit status 1 (--strict: warnings fail)"
            ))
    }
}
