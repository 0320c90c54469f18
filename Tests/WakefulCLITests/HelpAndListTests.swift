import Foundation
import Testing
import WakefulTestSupport

@Suite("wakeful --help and simulate --list", .hangLimit, .watchdog)
struct HelpAndListTests {
    @Test("--list names the built-in scenario, both strategies and the policy variants")
    func list() async throws {
        let result = try await Executable.wakeful.run(["simulate", "--list"])
        #expect(result.status == 0, "\(result)")
        let text = result.stdout
        #expect(text.contains("gas-station"))
        #expect(text.contains("TaskExtension"))
        #expect(text.contains("LowPowerLocationKeepAlive"))
        #expect(text.contains("CONF-13"))
        #expect(text.contains("CONF-8:lowPowerMode"))
        #expect(text.contains("iOS 7–12"))
        // --list only lists: no simulation table.
        #expect(!text.contains("Why:"))
    }

    @Test(
        "help exits 0 and shows usage",
        arguments: [["--help"], ["simulate", "--help"], ["compare", "--help"], ["help", "simulate"]])
    func helpExitsZero(_ arguments: [String]) async throws {
        let result = try await Executable.wakeful.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("USAGE: wakeful"))
    }

    @Test("simulate --help shows examples of real invocations")
    func simulateExamples() async throws {
        let result = try await Executable.wakeful.run(["simulate", "--help"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("wakeful simulate --scenario my-app.json --format json"))
        #expect(result.stdout.contains("wakeful simulate --list"))
    }

    @Test(
        "the benchmarks are not subcommands: they live in the Benchmarks package",
        arguments: ["bench", "bench-store", "bench-server", "bench-push"])
    func noBenchmarkCommands(_ name: String) async throws {
        let overview = try await Executable.wakeful.run(["--help"])
        #expect(!overview.stdout.contains("  \(name) "), "\(overview.stdout)")
        let result = try await Executable.wakeful.run([name])
        #expect(result.status != 0, "\(result)")
    }

    @Test(
        "wakeful --help and compare --help have an Examples section like simulate --help",
        arguments: [
            (["--help"], "wakeful simulate --"), (["compare", "--help"], "wakeful compare --"),
        ])
    func examplesSection(_ arguments: [String], _ example: String) async throws {
        let result = try await Executable.wakeful.run(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains(example))
    }

    @Test(
        "every subcommand that wakeful --help and wakeful-server --help list has an Examples section that runs it",
        arguments: [(Executable.wakeful, 6), (Executable.server, 3)])
    func everySubcommandHasExamples(_ executable: Executable, atLeast minimum: Int) async throws {
        let overview = try await executable.run(["--help"])
        // The SUBCOMMANDS section: a name starts each "  name   abstract" line; the abstract's
        // wrapped lines are indented further.
        let section = try #require(overview.stdout.components(separatedBy: "SUBCOMMANDS:").last)
        let names = section.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            .prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names.count >= minimum, "\(names)")
        for name in names {
            let help = try await executable.run([name, "--help"])
            #expect(help.status == 0, "\(name): \(help)")
            #expect(help.stdout.contains("Examples:"), "\(name) --help has no Examples section")
            #expect(
                help.stdout.contains("\(executable.name) \(name)"),
                "\(name) --help shows no invocation of \(executable.name) \(name)")
        }
    }

    @Test(
        "help text is not wrapped twice (hard line breaks inside the discussion)",
        arguments: [["--help"], ["simulate", "--help"], ["plist", "--help"]])
    func noDoubleWrapping(_ arguments: [String]) async throws {
        let result = try await Executable.wakeful.run(arguments)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // A line of one or two words in the middle of a paragraph (prose before and after it) is
        // the mark of text wrapped at ~100 columns in the source and again at 80 by ArgumentParser.
        var orphans: [String] = []
        for index in lines.indices.dropFirst().dropLast() {
            let (before, line, after) = (lines[index - 1], lines[index], lines[index + 1])
            let isProse = { (text: String) in !text.isEmpty && !text.hasPrefix(" ") && !text.hasSuffix(":") }
            if isProse(before), isProse(line), isProse(after), line.split(separator: " ").count <= 2 {
                orphans.append(line)
            }
        }
        #expect(orphans.isEmpty, "\(orphans)")
    }
}
