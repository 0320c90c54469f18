import Foundation

/// The seeds a sweep runs: `--seeds 1000` is seeds 1 to 1000, `--seeds 500-599` is 500 to 599.
public struct SeedRange: Sendable, Hashable, CustomStringConvertible {
    /// The first seed.
    public var first: UInt64
    /// The last seed, included.
    public var last: UInt64

    /// The form ``init(parsing:)`` accepts, for error messages.
    public static let expectedForm = "a count N ≥ 1 (seeds 1 to N) or a range A-B with A ≤ B, e.g. 1000 or 500-599"

    /// Seeds `first` through `last`.
    public init(_ first: UInt64, _ last: UInt64) {
        precondition(first <= last, "a seed range runs upwards")
        self.first = first
        self.last = last
    }

    /// Parses `N` or `A-B`; nil for anything else, a count of 0 or a range that runs backwards.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            guard let count = Self.number(parts[0]), count >= 1 else { return nil }
            self.init(1, count)
        case 2:
            guard let first = Self.number(parts[0]), let last = Self.number(parts[1]), first <= last else { return nil }
            self.init(first, last)
        default:
            return nil
        }
    }

    private static func number(_ text: Substring) -> UInt64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return UInt64(text)
    }

    /// How many seeds; a range of every UInt64 is not a sweep anyone runs, so the count saturates.
    public var count: Int { Int(clamping: last - first) + 1 }

    /// The seeds in order.
    public var seeds: ClosedRange<UInt64> { first...last }

    /// `1000` style when it starts at 1, else `A-B`.
    public var description: String { first == 1 ? "\(last)" : "\(first)-\(last)" }
}

/// One of N disjoint slices of a sweep: `--shard 2/8`.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    /// The number of slices.
    public var count: Int

    /// The form ``init(parsing:)`` accepts.
    public static let expectedForm = "K/N with 1 ≤ K ≤ N, e.g. 2/8"

    /// Slice `index` of `count`.
    public init(_ index: Int, of count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "a shard is K of N with 1 ≤ K ≤ N")
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index),
            parts.allSatisfy({ $0.first != "+" && $0.first != "-" })
        else { return nil }
        self.init(index, of: count)
    }

    /// The whole sweep as one slice.
    public static let all = Shard(1, of: 1)

    /// The positions (0-based, in plan order) of a sweep of `total` runs that fall to this slice.
    /// Dealt round robin, so every slice gets a share of every scenario and the slices take about
    /// as long.
    public func positions(in total: Int) -> StrideTo<Int> { stride(from: index - 1, to: total, by: count) }

    public var description: String { "\(index)/\(count)" }
}
