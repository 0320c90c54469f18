import Foundation

/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", 2014): the
/// one small seeded generator of the package.
///
/// The core and the simulator may not use the system's random source (same scenario and seed, same
/// timeline), and most of their draws need only a few well-spread numbers, so a 64-bit state and
/// three multiplications suffice: the uploader's jitter, the mock APNs's probability faults, and
/// the seeding of the simulator's xoshiro256** generator. Every seed, 0 included, is valid.
///
/// ```swift
/// var generator = SplitMix64(seed: 42)
/// let jitter = generator.nextDouble()          // the same every run for seed 42
/// let coin = Bool.random(using: &generator)    // usable wherever Swift takes a generator
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// Creates a generator.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 bits: the state advanced by the golden gamma, then mixed.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A uniform double in [0, 1) from the top 53 bits.
    public mutating func nextDouble() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// SplitMix64's finaliser: a bijection on UInt64 that spreads nearby inputs far apart.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
