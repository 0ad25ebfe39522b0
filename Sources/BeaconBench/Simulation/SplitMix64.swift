import Foundation

/// A small, fast, seedable random number generator (Steele, Lea and Flood's SplitMix64), so every simulated run is
/// reproducible from its seed on every platform. Not for anything secret.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A generator for one part of a larger experiment: the same seed and parts always give the same stream, and
    /// changing one part (another start position, say) gives an unrelated one.
    public init(seed: UInt64, parts: [UInt64]) {
        var mixer = SplitMix64(seed: seed)
        var state = mixer.next()
        for part in parts {
            var step = SplitMix64(seed: state ^ part &* 0x9E37_79B9_7F4A_7C15)
            state = step.next()
        }
        self.init(seed: state)
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    /// Normally distributed (Box–Muller), for perception noise and timing jitter.
    public mutating func normal(mean: Double = 0, standardDeviation: Double) -> Double {
        let u1 = Double.random(in: Double.ulpOfOne...1, using: &self)
        let u2 = Double.random(in: 0...1, using: &self)
        let standard = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
        return mean + standardDeviation * standard
    }

    /// −1 or +1 with equal chance.
    public mutating func sign() -> Double { Bool.random(using: &self) ? 1 : -1 }
}
