import Testing
import WakefulDoctor
import WakefulTestSupport

/// Declared modes against the calls in the app's sources: declared and unused (remove it), used
/// and not declared, and the legacy fetch handler that never runs.
@Suite("Checks: modes declared against the code that uses them", .watchdog, .cpuBound)
struct ModeUseCheckTests {
    @Test("processing declared, only refresh requests submitted: processing is unused, fetch is not")
    func processingUnused() throws {
        let run = try CheckRun.run("processing-unused")
        let unused = try run.only(.modeUnusedInSource)
        #expect(unused.severity == .warning)
        #expect(unused.value == "processing")
        #expect(unused.place == "Info.plist:10")
        #expect(unused.message.contains("Remove <string>processing</string>"))
        #expect(run.findings.filter { $0.value == "fetch" && $0.severity != .note }.isEmpty)
        #expect(run.findings(.reviewRisk, value: "processing").isEmpty, "no reviewer note for a mode to remove")
        #expect(run.problems.count == 1, "\(run.problems.map(\.message))")
    }

    @Test("fetch declared and no fetch code: remove the mode, not add an identifier")
    func fetchUnused() throws {
        let run = try CheckRun.run("fetch-unused")
        let unused = try run.only(.modeUnusedInSource, value: "fetch")
        #expect(unused.severity == .warning)
        #expect(unused.place == "Info.plist:9")
        #expect(unused.message.contains("Remove <string>fetch</string>"))
        #expect(run.findings(.taskModes).isEmpty, "the fix is to remove fetch, not to add an identifier")
        #expect(run.problems.count == 1)
    }

    @Test("fetch with a BGAppRefreshTask registered through SwiftUI and submitted: nothing to fix")
    func fetchWithRefreshTask() throws {
        let run = try CheckRun.run("fetch-refresh")
        #expect(run.problems.isEmpty, "\(run.problems.map(\.message))")
    }

    @Test("bluetooth-peripheral declared, only a central manager and a peripheral manager's type: unused")
    func peripheralUnused() throws {
        let run = try CheckRun.run("bluetooth-peripheral-unused")
        let unused = try run.only(.modeUnusedInSource, value: "bluetooth-peripheral")
        #expect(unused.place == "Info.plist:9")
        #expect(unused.message.contains("CBPeripheralManager"))
        #expect(run.problems.count == 1, "the central needs no mode of its own: \(run.problems.map(\.message))")
    }

    @Test("bluetooth-peripheral with a restoring peripheral manager: nothing to fix")
    func peripheralUsed() throws {
        let run = try CheckRun.run("bluetooth-peripheral-used")
        #expect(run.problems.isEmpty, "\(run.problems.map(\.message))")
    }

    @Test("a legacy fetch handler with no interval never runs")
    func legacyFetchNoInterval() throws {
        let run = try CheckRun.run("legacy-fetch-no-interval")
        let finding = try run.only(.legacyFetchNoInterval)
        #expect(finding.severity == .warning)
        #expect(finding.place == "App/AppDelegate.swift:10")
        #expect(finding.rules == ["BGT-1"])
        #expect(run.findings(.modeUnusedInSource).isEmpty, "the handler uses fetch")
    }

    @Test("a legacy fetch handler with setMinimumBackgroundFetchInterval runs")
    func legacyFetchWithInterval() throws {
        let run = try CheckRun.run("legacy-fetch-interval")
        #expect(run.findings(.legacyFetchNoInterval).isEmpty)
        #expect(run.findings(.modeUnusedInSource).isEmpty)
    }

    @Test("location declared, only regions, visits and significant changes: they work without the mode")
    func locationRegionsOnly() throws {
        let run = try CheckRun.run("location-regions-only")
        let unused = try run.only(.modeUnusedInSource, value: "location")
        #expect(unused.severity == .warning)
        #expect(unused.place == "App/ShopReminders.swift:12")
        #expect(unused.message.contains("relaunch the app without the location mode"))
        #expect(unused.rules.contains("LOC-13"))
        #expect(run.problems.count == 1, "\(run.problems.map(\.message))")
    }

    @Test("location with allowsBackgroundLocationUpdates = true: nothing to fix")
    func locationBackgroundUpdates() throws {
        let run = try CheckRun.run("location-background")
        #expect(run.problems.isEmpty, "\(run.problems.map(\.message))")
    }

    @Test("allowsBackgroundLocationUpdates = true without the location mode: an error at the assignment")
    func locationUndeclared() throws {
        let run = try CheckRun.run("location-undeclared")
        let finding = try run.only(.modeUsedNotDeclared, value: "location")
        #expect(finding.severity == .error)
        #expect(finding.place == "App/TrailTracker.swift:9")
        #expect(finding.rules == ["LOC-1"])
        #expect(run.status == 1)
    }

    @Test("a source file cut short by an unclosed #if 0: a note naming the line, and the rest still read")
    func sourceUnreadable() throws {
        let run = try CheckRun.run("source-unreadable")
        let note = try run.only(.sourceUnreadable)
        #expect(note.severity == .note)
        #expect(note.place == "App/AppDelegate.m:9")
        #expect(run.findings(.modeUnusedInSource).isEmpty, "the silent-push handler before it was read")
        #expect(run.status == 0)
    }
}
