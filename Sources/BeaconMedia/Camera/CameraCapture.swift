import BeaconCore
import Foundation

/// Runs a camera's FFmpeg decoder on a thread of its own, publishing every picture into a `NewestValueSlot`.
///
/// A Thread, not a Task: FFmpeg's reads block, and a blocked Task would hold one of the cooperative pool's few
/// threads (two on this machine) for as long as the camera runs.
///
/// `@unchecked Sendable`: the decoder is touched only by the capture thread once `start()` has run (apart from
/// `interrupt()`, which is thread-safe), the slot is itself thread-safe, and `finished` is a semaphore.
final class CameraCapture: @unchecked Sendable {
    let slot = NewestValueSlot<Frame, MediaError>()
    private let decoder: FFmpegVideoDecoder
    private let device: String
    private let finished = DispatchSemaphore(value: 0)

    init(decoder: FFmpegVideoDecoder, device: String) {
        self.decoder = decoder
        self.device = device
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "beacon-camera"
        thread.start()
    }

    /// Asks the capture thread to stop and waits up to `timeout` seconds for it to release the device. A thread
    /// stuck in a driver call is left to finish on its own; it holds its own references, so nothing dangles.
    func stop(timeout: Double) {
        slot.end(nil)
        decoder.interrupt()
        _ = finished.wait(timeout: .now() + timeout)
    }

    private func run() {
        var index = 0
        while !slot.hasEnded {
            do {
                guard let picture = try decoder.next() else { break }
                slot.publish(Frame(width: picture.width, height: picture.height, rgb: picture.rgb,
                                   timestamp: picture.seconds, index: index))
                index += 1
            } catch {
                slot.end(.cameraLost(device))
            }
        }
        decoder.close()
        slot.end(nil)
        finished.signal()
    }
}
