#if canImport(Glibc)
import Glibc
#endif

/// Keeps Tesseract on the thread that calls it. Debian's libtesseract runs parts of its LSTM with OpenMP teams of
/// a fixed size (`num_threads(4)` in its source); on a shared 2-core machine that made one recognition swing from
/// 90 to 1285 ms, against a steady ~105 ms on one thread (io-stack.md §7).
///
/// Why not OMP_THREAD_LIMIT=1 set by the process itself: libgomp is linked into libtesseract, so it is loaded, and
/// reads its environment once, before `main` runs; a `setenv` in the composition root comes too late (measured:
/// `omp_get_thread_limit()` stayed unlimited and a `num_threads(4)` region still ran 4 threads). The variable only
/// works when the shell sets it. Instead, each recognising thread sets its own max-active-levels to 0, which by the
/// OpenMP rules makes every parallel region it starts inactive, that is run by itself alone; libgomp keeps this per
/// thread, so ONNX Runtime (its own thread pool) and other threads are untouched. It is looked up with dlsym
/// because no header of libgomp is on Swift's include path; when Tesseract was built without OpenMP it is absent
/// and there is nothing to limit.
enum OpenMPThreadLimit {
    private typealias SetMaxActiveLevels = @convention(c) (Int32) -> Void
    private typealias GetMaxActiveLevels = @convention(c) () -> Int32

    private static let setMaxActiveLevels: SetMaxActiveLevels? = symbol("omp_set_max_active_levels")
    private static let getMaxActiveLevels: GetMaxActiveLevels? = symbol("omp_get_max_active_levels")

    /// Makes the OpenMP regions started from the calling thread run on it alone. Cheap: call it before each use.
    static func confineToCallingThread() {
        setMaxActiveLevels?(0)
    }

    /// The calling thread's max-active-levels (0: confined), or nil without OpenMP: for tests.
    static var callingThreadActiveLevels: Int? {
        getMaxActiveLevels.map { Int($0()) }
    }

    private static func symbol<Function>(_ name: String) -> Function? {
        // The process's global scope: the program and the libraries loaded with it, libgomp among them.
        guard let process = dlopen(nil, RTLD_NOW), let address = dlsym(process, name) else { return nil }
        return unsafeBitCast(address, to: Function.self)
    }
}
