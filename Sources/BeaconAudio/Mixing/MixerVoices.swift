import Foundation

/// The sounds a `CueMixer` holds, each placed on the mixer's timeline in frames.

/// An earcon clip waiting or playing.
struct EarconVoice {
    /// Mono, −1…1 full scale; shared with the synthesizer's cache (arrays are copied only on write).
    let clip: [Float]
    let startFrame: Int
    /// Pan and gain folded together, per channel.
    let leftGain: Float
    let rightGain: Float

    var endFrame: Int { startFrame + clip.count }

    /// Adds the part of the clip that falls in the buffer starting at `bufferStart`, scaled per frame by `gains`
    /// (ducking, a stop fade), into the interleaved stereo `mix`.
    func mix(into mix: UnsafeMutableBufferPointer<Float>, bufferStart: Int, frameCount: Int,
             gains: UnsafeBufferPointer<Float>) {
        let first = max(startFrame, bufferStart), last = min(endFrame, bufferStart + frameCount)
        guard first < last else { return }
        clip.withUnsafeBufferPointer { clip in
            for frame in first..<last {
                let local = frame - bufferStart
                let sample = clip[frame - startFrame] * gains[local]
                mix[2 * local] += sample * leftGain
                mix[2 * local + 1] += sample * rightGain
            }
        }
    }
}

/// One utterance waiting or playing, mono at the mixer's rate, placed in the middle.
struct SpeechVoice {
    let id: Int
    let samples: [Float]
    /// Frames (into `samples`) where words start, ascending: the only places it may be stopped early.
    let wordStarts: [Int]
    let startFrame: Int
    /// Frames of `samples` that will sound: all of them, or fewer once interrupted at a word start.
    var playedFrames: Int
    /// Frames of the fade-out that ends at `playedFrames` when interrupted; 0 when it plays to its natural end.
    var fadeFrames = 0

    var endFrame: Int { startFrame + playedFrames }
    var wasInterrupted: Bool { playedFrames < samples.count }

    /// Adds the part that falls in the buffer to both channels of `mix`, scaled by `volume` and per frame by
    /// `gains`, and marks in `speaking` the frames where it sounds (for ducking).
    func mix(into mix: UnsafeMutableBufferPointer<Float>, speaking: UnsafeMutableBufferPointer<Bool>,
             bufferStart: Int, frameCount: Int, volume: Float, gains: UnsafeBufferPointer<Float>?) {
        let first = max(startFrame, bufferStart), last = min(endFrame, bufferStart + frameCount)
        guard first < last else { return }
        let fadeStart = playedFrames - fadeFrames
        samples.withUnsafeBufferPointer { samples in
            for frame in first..<last {
                let local = frame - bufferStart, index = frame - startFrame
                var gain = volume * (gains?[local] ?? 1)
                if index >= fadeStart {
                    gain *= RaisedCosine.fall(Float(index - fadeStart) / Float(fadeFrames))
                }
                let sample = samples[index] * gain
                mix[2 * local] += sample
                mix[2 * local + 1] += sample
                speaking[local] = true
            }
        }
    }
}

enum RaisedCosine {
    /// 1 at x ≤ 0 falling smoothly to 0 at x ≥ 1: a fade with no corner at either end, so no click.
    @inline(__always)
    static func fall(_ x: Float) -> Float {
        x <= 0 ? 1 : (x >= 1 ? 0 : 0.5 + 0.5 * cosf(.pi * x))
    }
}
