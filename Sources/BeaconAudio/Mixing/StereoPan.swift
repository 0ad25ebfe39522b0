import Foundation

/// Equal-power panning: left = cos θ, right = sin θ with θ = (pan + 1)·π/4, so left² + right² = 1 and a sound
/// keeps its loudness as it moves; the middle is 0.707 on each side (−3 dB), not 0.5, which would dip.
public struct StereoPan: Sendable, Hashable {
    public let left: Double
    public let right: Double

    /// - Parameter pan: −1 full left … 0 middle … +1 full right; values outside are clamped.
    public init(_ pan: Double) {
        let angle = (min(max(pan.isFinite ? pan : 0, -1), 1) + 1) * .pi / 4
        left = cos(angle)
        right = sin(angle)
    }
}
