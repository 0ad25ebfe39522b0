import CFFmpeg

/// A flag FFmpeg polls inside blocking reads (AVIOInterruptCB), raised from another thread to stop them.
///
/// `@unchecked Sendable`: the int is only read and written through the atomic helpers in shim.h.
final class InterruptFlag: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int32>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: 0)
    }

    deinit { pointer.deallocate() }

    func raise() { beacon_request_interrupt(pointer) }

    var isRaised: Bool { beacon_interrupt_requested(pointer) != 0 }

    /// The callback to put in AVFormatContext.interrupt_callback; valid while this flag is alive.
    var callback: AVIOInterruptCB {
        AVIOInterruptCB(callback: beacon_interrupt_requested, opaque: UnsafeMutableRawPointer(pointer))
    }
}
