import Foundation
import Wakeful

/// xoshiro256** seeded by SplitMix64 from a UInt64 seed. Deterministic across platforms.
///
/// The only source of randomness in the simulator: the same seed gives the same integers and
/// doubles on every platform and Swift version, because every algorithm is written out here
/// (nothing goes through the standard library's or Foundation's unpinned random APIs).
/// ``gaussian(mean:standardDeviation:)`` also calls `log`, `sqrt`, `cos` and `sin`; `sqrt` is
/// exact everywhere, the others can differ in the last bit between C libraries.
///
/// Give each independent part of the world its own stream with ``derived(stream:)``, so that
/// adding draws in one part does not shift the numbers another part sees.
///
/// ```swift
/// var rng = SeededGenerator(seed: 42)
/// rng.nextDouble()                                  // in [0, 1)
/// rng.gaussian(mean: -70, standardDeviation: 4)     // one RSSI sample
/// var beacon7 = rng.derived(stream: 7)              // independent of rng's draws
/// ```
///
/// References: Blackman & Vigna, "Scrambled linear pseudorandom number generators" (2018);
/// Steele, Lea & Flood, "Fast splittable pseudorandom number generators" (SplitMix64, 2014).
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The seed this generator was created from; ``derived(stream:)`` derives from it.
    public let seed: UInt64

    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64
    /// The second value of the last Box–Muller pair, when not yet returned.
    private var spareGaussian: Double = 0
    private var hasSpareGaussian = false

    /// Creates a generator whose state is four SplitMix64 outputs from `seed`.
    ///
    /// Every seed, including 0, gives a valid (non-zero) state.
    public init(seed: UInt64) {
        self.seed = seed
        var splitMix = SplitMix64(seed: seed)
        s0 = splitMix.next()
        s1 = splitMix.next()
        s2 = splitMix.next()
        s3 = splitMix.next()
    }

    /// The next 64 random bits (xoshiro256**).
    ///
    /// - Complexity: O(1); does not allocate.
    public mutating func next() -> UInt64 {
        let result = Self.rotateLeft(s1 &* 5, by: 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = Self.rotateLeft(s3, by: 45)
        return result
    }

    /// A uniform double in [0, 1) with 53 random bits: `Double(next() >> 11) * 0x1.0p-53`.
    ///
    /// - Complexity: O(1); does not allocate.
    public mutating func nextDouble() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform double in `range`: `lowerBound + (upperBound - lowerBound) * nextDouble()`.
    ///
    /// The upper bound itself is returned only when the range is a single value.
    ///
    /// - Complexity: O(1); does not allocate.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextDouble()
    }

    /// A normally distributed double (Box–Muller; the second value of each pair is cached and
    /// returned by the next call).
    ///
    /// - Parameters:
    ///   - mean: The distribution's mean.
    ///   - standardDeviation: The distribution's standard deviation (0 returns `mean`, after
    ///     drawing as usual, so the stream stays aligned).
    /// - Complexity: O(1); does not allocate. Consumes two `next()` values every other call.
    public mutating func gaussian(mean: Double, standardDeviation: Double) -> Double {
        if hasSpareGaussian {
            hasSpareGaussian = false
            return mean + standardDeviation * spareGaussian
        }
        // 1 - u is in (0, 1], so the logarithm is finite.
        let u1 = 1 - nextDouble()
        let u2 = nextDouble()
        let radius = (-2 * log(u1)).squareRoot()
        let angle = 2 * Double.pi * u2
        spareGaussian = radius * sin(angle)
        hasSpareGaussian = true
        return mean + standardDeviation * (radius * cos(angle))
    }

    /// An exponentially distributed double of mean 1 (`-log(1 - nextDouble())`): the gap between
    /// events that come at random at a steady rate, in units of the mean gap.
    ///
    /// - Complexity: O(1); does not allocate. Consumes one `next()`.
    public mutating func exponential() -> Double {
        // 1 - u is in (0, 1], so the logarithm is finite.
        -log(1 - nextDouble())
    }

    /// `true` with probability `probability` (`nextDouble() < probability`).
    ///
    /// Always consumes exactly one `next()`, even for probabilities of 0 or 1, so the stream stays
    /// aligned whatever the probability.
    ///
    /// - Complexity: O(1); does not allocate.
    public mutating func bernoulli(_ probability: Double) -> Bool {
        nextDouble() < probability
    }

    /// An independent stream for a sub-component (e.g. one per beacon), derived deterministically from this generator's seed and `stream`.
    ///
    /// The result depends only on ``seed`` and `stream`, not on how many numbers this generator
    /// has drawn. Distinct streams of one seed get distinct seeds.
    public func derived(stream: UInt64) -> SeededGenerator {
        // Both mixes are bijections, so for a fixed seed distinct streams give distinct seeds.
        SeededGenerator(seed: SplitMix64.mix(seed ^ SplitMix64.mix(stream ^ 0xD1B5_4A32_D192_ED03)))
    }

    /// A version-4 UUID made of the next 128 random bits: an install ID that is the same for the same seed.
    public mutating func uuid() -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for half in 0..<2 {
            let value = next()
            for index in 0..<8 { bytes[half * 8 + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
        }
        bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80  // variant 10xx (RFC 9562)
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    // MARK: - Building blocks

    private static func rotateLeft(_ value: UInt64, by amount: UInt64) -> UInt64 {
        (value << amount) | (value >> (64 - amount))
    }
}
