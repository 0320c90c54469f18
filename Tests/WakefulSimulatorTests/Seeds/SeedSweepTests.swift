import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

@Suite("Many seeds: ranges, shards, percentiles and merging", .watchdog, .cpuBound)
struct SeedSweepTests {
    @Test("--seeds takes N or A-B", arguments: [("1000", 1, 1000), ("500-599", 500, 599), ("7-7", 7, 7), ("1", 1, 1)])
    func parsesRanges(text: String, first: UInt64, last: UInt64) throws {
        let range = try #require(SeedRange(parsing: text))
        #expect(range.first == first && range.last == last)
        #expect(range.count == Int(last - first) + 1)
        #expect(SeedRange(parsing: range.description) == range)
    }

    @Test("--seeds refuses anything else", arguments: ["", "0", "-5", "5-", "9-3", "1-2-3", "ten", "+4", " 4"])
    func refusesRanges(text: String) {
        #expect(SeedRange(parsing: text) == nil)
    }

    @Test(
        "--shard takes K/N with 1 ≤ K ≤ N",
        arguments: ["0/4", "5/4", "1/0", "-1/4", "1/", "/4", "1/4/2", "a/b", "+1/4"])
    func refusesShards(text: String) {
        #expect(Shard(parsing: text) == nil)
        #expect(Shard(parsing: "3/4") == Shard(3, of: 4))
    }

    @Test("the shards of a sweep are disjoint, together cover it, and each counts its own runs", arguments: [1, 3, 7])
    func shardsPartition(count: Int) throws {
        let dealt = (1...count).flatMap { Array(Shard($0, of: count).positions(in: 100)) }
        #expect(dealt.sorted() == Array(0..<100))
        let scenario = try BuiltinScenarios.resolve("gas-station")
        let comparison = Comparison(scenarios: [scenario], versions: [IOSVersion(17)], setups: [.none], seed: 1)
        let runs = (1...count).map {
            SeedSweep(comparison: comparison, seeds: SeedRange(1, 100), shard: Shard($0, of: count)).shardRuns
        }
        #expect(runs == (1...count).map { Array(Shard($0, of: count).positions(in: 100)).count })
        #expect(runs.reduce(0, +) == 100)
    }

    @Test("percentiles are nearest-rank: values a seed really gave")
    func percentiles() throws {
        let spread = try #require(SeedSummary.Spread((1...100).map(Double.init).reversed()))
        #expect(spread.p5 == 5 && spread.median == 50 && spread.p95 == 95 && spread.count == 100)
        let one = try #require(SeedSummary.Spread([42]))
        #expect(one.p5 == 42 && one.median == 42 && one.p95 == 42)
        #expect(SeedSummary.Spread([]) == nil)
        let three = try #require(SeedSummary.Spread([3, 1, 2]))
        #expect(three.p5 == 1 && three.median == 2 && three.p95 == 3)
    }

    static func comparison() throws -> Comparison {
        let scenario = try BuiltinScenarios.resolve("gas-station")
        return Comparison(
            scenarios: [scenario], versions: [IOSVersion(12), IOSVersion(17)], setups: Array(scenario.setups.prefix(2)),
            seed: 1)
    }

    @Test("a sweep gives the same samples with one worker or several, and each seed is its own run")
    func deterministic() async throws {
        let sweep = SeedSweep(comparison: try Self.comparison(), seeds: SeedRange(1, 6))
        let one = await sweep.run(workers: 1)
        let four = await sweep.run(workers: 4)
        #expect(one == four)
        #expect(one.count == 4 * 6)
        #expect(one.map(\.seed) == Array(repeating: Array(1...6).map(UInt64.init), count: 4).flatMap { $0 })
        let scenario = try BuiltinScenarios.resolve("gas-station")
        let direct = Simulator.run(scenario, ios: IOSVersion(17), setup: scenario.setups[1], seed: 5)
        #expect(one.contains(SeedSample(direct, configuration: 3)))
    }

    @Test("shards written and merged give the whole sweep's samples, in plan order")
    func shardsMerge() async throws {
        let comparison = try Self.comparison()
        let whole = await SeedSweep(comparison: comparison, seeds: SeedRange(3, 7)).run()
        var files: [(name: String, contents: Data)] = []
        for index in [3, 1, 2] {
            let sweep = SeedSweep(comparison: comparison, seeds: SeedRange(3, 7), shard: Shard(index, of: 3))
            files.append(("shard-\(index).jsonl", Data(try ShardFile.encode(await sweep.run(), of: sweep).utf8)))
        }
        #expect(try ShardFile.merge(files) == whole)
        let report = SeedReport(samples: whole, passScore: 0.9)
        #expect(report.summaries.map(\.seeds) == [5, 5, 5, 5])
        #expect(report.csv.split(separator: "\n").count == 1 + 20)
    }

    @Test("merge refuses a missing, repeated, cut or foreign shard, naming the file")
    func mergeRefusesBadShards() async throws {
        let comparison = try Self.comparison()
        func shard(_ index: Int, of count: Int, seeds: SeedRange = SeedRange(1, 4)) async throws -> Data {
            let sweep = SeedSweep(comparison: comparison, seeds: seeds, shard: Shard(index, of: count))
            return Data(try ShardFile.encode(await sweep.run(), of: sweep).utf8)
        }
        let one = try await shard(1, of: 2), two = try await shard(2, of: 2)
        func failure(_ files: [(name: String, contents: Data)]) -> String {
            do {
                _ = try ShardFile.merge(files)
                return "merged"
            } catch {
                return error.description
            }
        }
        #expect(failure([("a", one)]).contains("shards 2/2 are missing"))
        #expect(failure([("a", one), ("b", one)]).contains("b:1: shard 1/2 was already read from a"))
        let cut = Data(
            String(decoding: two, as: UTF8.self).split(separator: "\n").dropLast().joined(separator: "\n").utf8)
        #expect(failure([("a", one), ("b", cut)]).contains("b: holds 7 runs, its header says 8"))
        let foreign = try await shard(2, of: 2, seeds: SeedRange(1, 5))
        #expect(failure([("a", one), ("c", foreign)]).contains("c:1: belongs to another sweep than a"))
        #expect(failure([("t", Data("{\"t\": 0}\n".utf8))]).contains("t:1: expected a shard header"))
        #expect(failure([]).contains("no shard files given"))
    }

    @Test("a verdict some seeds pass and some fail is named as seed-dependent")
    func seedDependentVerdicts() throws {
        let scenario = try BuiltinScenarios.resolve("gas-station")
        func sample(_ seed: UInt64, _ score: Double) -> SeedSample {
            var sample = SeedSample(
                Simulator.run(scenario, ios: IOSVersion(17), setup: .none, seed: seed), configuration: 0)
            sample.score = score
            return sample
        }
        let report = SeedReport(
            samples: [sample(1, 1), sample(2, 0.5), sample(3, 0.95), sample(4, 0.2)], passScore: 0.9)
        #expect(report.summaries.first?.succeeded == 2)
        #expect(report.seedDependent.count == 1)
        #expect(report.verdictNote.contains("The seed decides 1 of 1 verdicts"))
        #expect(report.verdictNote.contains("(50 %)"))
        // 999 of 1,000 rounds to 100 %, which would hide the failure: the count is shown instead.
        var nearlyAll = try #require(report.summaries.first)
        (nearlyAll.seeds, nearlyAll.succeeded) = (1000, 999)
        #expect(nearlyAll.successText == "999 of 1,000")
        (nearlyAll.seeds, nearlyAll.succeeded) = (1000, 1)
        #expect(nearlyAll.successText == "1 of 1,000")
        (nearlyAll.seeds, nearlyAll.succeeded) = (1000, 500)
        #expect(nearlyAll.successText == "50 %")
        #expect(SeedReport.cells(nearlyAll)[4] == "50 %")
    }
}
