#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Real-time scheduling for the audio thread, when the system grants it.
///
/// Detection keeps every core busy on a small machine; at normal priority the pump can then wake late and the
/// device runs dry (heard as a stutter in the beat, measured on a loaded 2-core machine). A low round-robin
/// priority puts it ahead of that work. Ordinary users get it only where limits allow (RLIMIT_RTPRIO, rtkit);
/// otherwise the thread stays as it was, which still works with the device's buffer as the cushion.
enum RealTimePriority {
    /// Low on the real-time scale: above all normal threads, below the sound server's own (rtkit gives it 5–20).
    static let priority: Int32 = 4

    /// Asks for round-robin real-time scheduling for the calling thread; true when it was granted.
    static func raiseCurrentThread() -> Bool {
        var parameters = sched_param()
        parameters.sched_priority = priority
        return pthread_setschedparam(pthread_self(), Int32(SCHED_RR), &parameters) == 0
    }
}
