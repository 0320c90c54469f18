import Foundation
import Testing
import WakefulTestSupport

@Suite("wakeful simulate/compare --seeds and wakeful merge", .hangLimit, .watchdog)
struct SeedsCommandTests {
    @Test("simulate --seeds prints one row per setup and version with the share of seeds that succeeded")
    func simulateSeeds() async throws {
        let result = try await Executable.wakeful.run([
            "simulate", "--seeds", "5", "--ios", "12", "--ios", "17", "--strategy", "TaskExtension",
        ])
        #expect(result.status == 0, "\(result)")
        let rows = result.stdout.split(separator: "\n").filter { $0.hasPrefix("TaskExtension") }
        #expect(rows.count == 2)
        #expect(rows[0].contains("12   5      100 %"), "\(result.stdout)")
        #expect(rows[1].contains("17   5      0 %"), "\(result.stdout)")
        #expect(result.stdout.contains("a seed succeeds with a score of at least 90 %"))
    }

    @Test("--format csv gives one line per seed")
    func csvPerSeed() async throws {
        let result = try await Executable.wakeful.run([
            "simulate", "--seeds", "10-13", "--ios", "17", "--strategy", "none", "--format", "csv",
        ])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("scenario,strategy,ios,seed,score") == true)
        #expect(lines.dropFirst().map { $0.split(separator: ",")[3] } == ["10", "11", "12", "13"])
    }

    @Test("shards of compare, merged, print what the whole run prints")
    func shardsAndMerge() async throws {
        let base = ["compare", "--scenario", "gas-station", "--ios", "17", "--seeds", "6"]
        let whole = try await Executable.wakeful.run(base)
        #expect(whole.status == 0, "\(whole)")
        try await withTemporaryDirectory { folder in
            var paths: [String] = []
            for index in 1...3 {
                let shard = try await Executable.wakeful.run(base + ["--shard", "\(index)/3"])
                #expect(shard.status == 0, "\(shard)")
                #expect(shard.stdout.hasPrefix("{\"configurations\":"), "\(shard.stdout.prefix(200))")
                paths.append(try ScenarioFile.write(shard.stdout, as: "shard-\(index).jsonl", in: folder))
            }
            let merged = try await Executable.wakeful.run(["merge"] + paths.reversed())
            #expect(merged.status == 0, "\(merged)")
            #expect(merged.stdout == whole.stdout)
            let missing = try await Executable.wakeful.run(["merge", paths[0], paths[2]])
            #expect(missing.status == 65, "\(missing)")
            #expect(missing.stderr.contains("shards 2/3 are missing"), "\(missing.stderr)")
        }
    }

    @Test(
        "bad many-seed options are refused with the expected form",
        arguments: [
            (["simulate", "--seeds", "0"], "--seeds 0: expected a count N ≥ 1"),
            (["simulate", "--seeds", "9-3"], "--seeds 9-3: expected"),
            (["compare", "--shard", "1/2"], "--shard 1/2 slices a many-seed run: pass --seeds too"),
            (["compare", "--seeds", "4", "--shard", "5/4"], "--shard 5/4: expected K/N"),
            (["simulate", "--seeds", "4", "--seed", "7"], "--seed 7 and --seeds: give one"),
            (["simulate", "--seeds", "4", "--pass-score", "2"], "--pass-score 2.0: expected a score from 0 to 1"),
            (["merge"], "Missing expected argument '<file> ...'"),
        ])
    func badOptions(_ arguments: [String], _ message: String) async throws {
        let result = try await Executable.wakeful.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
