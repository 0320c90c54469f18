import Foundation

/// A shard's results as JSON Lines: a header line that says which sweep and which slice, then one
/// ``SeedSample`` per line. ``merge(_:)`` refuses shards of different sweeps, a slice given twice
/// or missing, and a file cut short, so a batch system's lost job cannot pass as a result.
public enum ShardFile {
    /// The first line of a shard file.
    public struct Header: Sendable, Hashable, Codable {
        /// Always `wakeful.seedShard`, so that another JSON Lines file is refused by name.
        public var kind = ShardFile.kind
        /// The slice, `K/N`.
        public var shard: String
        /// The seeds of the whole sweep, `N` or `A-B`.
        public var seeds: String
        /// Every configuration of the sweep, `scenario | strategy | iOS`, in plan order.
        public var configurations: [String]
        /// How many sample lines follow.
        public var runs: Int
    }

    /// The header's `kind`.
    public static let kind = "wakeful.seedShard"

    /// A shard file that cannot be merged: the file, the line when one is to blame, and why.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file.
        public var file: String
        /// The 1-based line, when one is to blame.
        public var line: Int?
        /// What is wrong and what was expected.
        public var message: String

        public var description: String { line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)" }
    }

    /// The configurations of a sweep as the header names them.
    public static func configurations(of sweep: SeedSweep) -> [String] {
        sweep.comparison.jobs.map { "\($0.scenario.name) | \($0.setup.name) | \($0.ios)" }
    }

    /// The shard's file: the header, then the samples.
    public static func encode(_ samples: [SeedSample], of sweep: SeedSweep) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let header = Header(
            shard: sweep.shard.description, seeds: sweep.seeds.description, configurations: configurations(of: sweep),
            runs: samples.count)
        var lines = [String(decoding: try encoder.encode(header), as: UTF8.self)]
        for sample in samples { lines.append(String(decoding: try encoder.encode(sample), as: UTF8.self)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads shard files, given as (name, contents), and returns every sample in plan order.
    public static func merge(_ files: [(name: String, contents: Data)]) throws(Failure) -> [SeedSample] {
        guard let firstName = files.first?.name else {
            throw Failure(file: "merge", line: nil, message: "no shard files given")
        }
        var reference: (header: Header, file: String)?
        var seen: [Int: String] = [:]
        var samples: [SeedSample] = []
        var expectedCount: Int?
        let decoder = JSONDecoder()
        for (name, contents) in files {
            let lines = contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
            guard let headerLine = lines.first else {
                throw Failure(file: name, line: nil, message: "is empty; expected a shard file from `--shard K/N`")
            }
            guard let header = try? decoder.decode(Header.self, from: Data(headerLine)), header.kind == kind,
                let shard = Shard(parsing: header.shard)
            else {
                throw Failure(
                    file: name, line: 1,
                    message: "expected a shard header {\"kind\": \"\(kind)\", …}, as `--shard K/N` writes")
            }
            if let reference {
                let same =
                    header.seeds == reference.header.seeds && header.configurations == reference.header.configurations
                    && Shard(parsing: reference.header.shard)?.count == shard.count
                guard same else {
                    throw Failure(
                        file: name, line: 1,
                        message:
                            "belongs to another sweep than \(reference.file): the seeds, the configurations or the number of shards differ"
                    )
                }
            } else {
                reference = (header, name)
                expectedCount = SeedRange(parsing: header.seeds).map { $0.count * header.configurations.count }
            }
            if let other = seen[shard.index] {
                throw Failure(file: name, line: 1, message: "shard \(shard) was already read from \(other)")
            }
            seen[shard.index] = name
            guard lines.count - 1 == header.runs else {
                throw Failure(
                    file: name, line: nil,
                    message:
                        "holds \(lines.count - 1) runs, its header says \(header.runs): the file was cut short or appended to"
                )
            }
            for (offset, line) in lines.dropFirst().enumerated() {
                guard let sample = try? decoder.decode(SeedSample.self, from: Data(line)),
                    header.configurations.indices.contains(sample.configuration)
                else {
                    throw Failure(
                        file: name, line: offset + 2, message: "expected one run's sample as `--shard` writes it")
                }
                samples.append(sample)
            }
        }
        let count = Shard(parsing: reference!.header.shard)!.count
        let missing = (1...count).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            throw Failure(
                file: firstName, line: nil,
                message:
                    "shards \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) are missing; give every shard of the sweep"
            )
        }
        if let expectedCount, samples.count != expectedCount {
            throw Failure(
                file: firstName, line: nil,
                message: "the shards hold \(samples.count) runs; the sweep has \(expectedCount)")
        }
        // Plan order: configuration, then seed.
        return samples.sorted { ($0.configuration, $0.seed) < ($1.configuration, $1.seed) }
    }
}
