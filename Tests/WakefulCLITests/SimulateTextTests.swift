import Foundation
import Testing
import WakefulTestSupport

@Suite("wakeful simulate: text output", .hangLimit, .watchdog)
struct SimulateTextTests {
    /// The rows of the table: the lines after the dashed rule up to the first blank line.
    static func tableRows(_ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let rule = lines.firstIndex(where: { $0.hasPrefix("---") }) else { return [] }
        return Array(lines[(rule + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
    }

    @Test("with no arguments it runs the gas station offline: 12 rows, 3 setups × iOS 8, 12, 17, 26")
    func defaultRun() async throws {
        let result = try await Executable.wakeful.run(["simulate"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("gas-station: "))
        #expect(result.stderr.isEmpty, "no invariant warnings expected: \(result.stderr)")

        let rows = Self.tableRows(result.stdout)
        #expect(rows.count == 12, "\(rows)")
        let cells = rows.map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        var pairs: [String] = []
        for row in cells where row.count >= 2 { pairs.append("\(row[0]) \(row[1])") }
        var expected: [String] = []
        for setup in ["none", "TaskExtension", "LowPowerLocationKeepAlive"] {
            for ios in ["8", "12", "17", "26"] { expected.append("\(setup) \(ios)") }
        }
        #expect(pairs == expected)
    }

    @Test("the explanation starts with Why: and cites the task and beacon rules")
    func explanationCitesRules() async throws {
        let result = try await Executable.wakeful.run(["simulate"])
        #expect(result.status == 0, "\(result)")
        let why = try #require(
            result.stdout.split(separator: "\n").first { $0.hasPrefix("Why:") }.map(String.init),
            "no line starts with Why: \(result)")
        #expect(why.contains("TASK-"))
        #expect(why.contains("BEACON-5"))
        #expect(why.contains("TaskExtension"))
        #expect(why.contains("LowPowerLocationKeepAlive"))
        // REVIEW-3: the keep-alive's review risk is explained too.
        #expect(why.contains("REVIEW-3"))
    }

    @Test(
        "the table shows what the seed showed: TaskExtension triggers on iOS 8 and 12 only, the keep-alive everywhere")
    func outcomesPerSetup() async throws {
        let result = try await Executable.wakeful.run(["simulate"])
        let rows = Self.tableRows(result.stdout)
        try #require(rows.count == 12)
        func outcome(_ setup: String, _ ios: String) -> String? {
            rows.first { row in
                let cells = row.split(separator: " ").map(String.init)
                return cells.count > 2 && cells[0] == setup && cells[1] == ios
            }
        }
        for ios in ["8", "12", "17", "26"] {
            #expect(outcome("none", ios)?.contains("suspended at") == true)
            #expect(outcome("LowPowerLocationKeepAlive", ios)?.contains("triggered at") == true)
            #expect(outcome("LowPowerLocationKeepAlive", ios)?.contains("medium (location)") == true)
        }
        for ios in ["8", "12"] { #expect(outcome("TaskExtension", ios)?.contains("triggered at") == true) }
        for ios in ["17", "26"] { #expect(outcome("TaskExtension", ios)?.contains("suspended at") == true) }
    }

    @Test("--ios 17 --strategy TaskExtension runs exactly one run")
    func oneRun() async throws {
        let result = try await Executable.wakeful.run(["simulate", "--ios", "17", "--strategy", "TaskExtension"])
        #expect(result.status == 0, "\(result)")
        let rows = Self.tableRows(result.stdout)
        #expect(rows.count == 1)
        #expect(rows.first?.hasPrefix("TaskExtension ") == true)
        #expect(rows.first?.split(separator: " ").dropFirst().first == "17")
    }

    @Test("--strategy names one of the scenario's own setups: bike-rental's PushTrigger+upload")
    func scenariosOwnSetup() async throws {
        let result = try await Executable.wakeful.run([
            "simulate", "--scenario", "bike-rental", "--ios", "17", "--strategy", "PushTrigger+upload",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(Self.tableRows(result.stdout).first?.hasPrefix("PushTrigger+upload ") == true, "\(result.stdout)")
        let unknown = try await Executable.wakeful.run(["simulate", "--scenario", "bike-rental", "--strategy", "Bogus"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("or one of bike-rental's own setups: PushTrigger+upload"), "\(unknown.stderr)")
    }

    @Test("--debugger-attached keeps TaskExtension running on iOS 17 (CONF-13, TASK-14)")
    func debuggerAttached() async throws {
        let plain = try await Executable.wakeful.run(["simulate", "--ios", "17", "--strategy", "TaskExtension"])
        let attached = try await Executable.wakeful.run([
            "simulate", "--ios", "17", "--strategy", "TaskExtension", "--debugger-attached",
        ])
        #expect(attached.status == 0, "\(attached)")
        #expect(Self.tableRows(plain.stdout).first?.contains("suspended at") == true)
        #expect(Self.tableRows(attached.stdout).first?.contains("triggered at") == true, "\(attached)")
    }
}
