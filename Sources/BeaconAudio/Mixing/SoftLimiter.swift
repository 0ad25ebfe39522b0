import Foundation

/// Turns the mixer's floating-point sum into 16-bit samples without ever wrapping or hard-clipping.
///
/// Below the knee the signal passes unchanged (espeak-ng's speech peaks near 0.79 of full scale, so speech alone
/// is never touched); above it, the excess is bent by tanh towards full scale, which it approaches but never reaches.
enum SoftLimiter {
    static let knee: Float = 0.85

    /// Converts interleaved samples in −1…1 full scale (beyond it when sounds pile up) to Int16.
    static func convert(_ input: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Int16>) {
        let headroom = 1 - knee
        for index in 0..<min(input.count, output.count) {
            let value = input[index], magnitude = abs(value)
            var limited = value
            if magnitude > knee {
                let bent = knee + headroom * tanhf((magnitude - knee) / headroom)
                limited = value < 0 ? -bent : bent
            }
            output[index] = Int16((limited * 32767).rounded())
        }
    }
}
