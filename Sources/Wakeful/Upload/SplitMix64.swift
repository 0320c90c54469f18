import Foundation

/// SplitMix64 (Steele, Lea & Flood, 2014): the uploader's jitter source.
///
/// The core may not use the system's random source (same events, same commands), and jitter
/// needs only a few well-spread draws, so a 64-bit state and three multiplications suffice. Two
/// devices with different seeds spread their retries apart; one seed always gives the same delays.
struct SplitMix64: Sendable, Hashable {
    private var state: UInt64

    /// Creates a generator; every seed, 0 included, is valid.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1) from the top 53 bits.
    mutating func nextDouble() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
