// One seeded random generator for the tests and benchmarks: a randomised test that fails can be
// run again with the same numbers, and a benchmark lays out the same data on every run.

/// SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast, and the same stream on every platform
/// for a given seed. For tests and benchmarks only: its numbers are easy to predict.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (a little biased for huge bounds; fine for tests).
    public mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
