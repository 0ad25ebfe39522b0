import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with posix_spawn and reaped by hand.
///
/// Foundation's Process can't be used for daemons like pulseaudio: they close every inherited descriptor at
/// start-up, which Foundation takes for the child's exit, and it then blocks in waitpid until the daemon
/// really exits, stalling every other Process in the test run.
final class SpawnedProcess {
    let pid: pid_t
    private var exitStatus: Int32?

    /// Starts `arguments[0]` (looked up on PATH) with stdin from /dev/null and stdout and stderr appended to `log`.
    init(_ arguments: [String], environment: [String: String], log: URL) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Other tests' pipes must not leak into a long-lived child, or their readers would wait for it to exit.
        // (glibc's addclosefrom_np is not visible to Swift, so close what /proc lists.)
        let inherited = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in inherited.compactMap(Int32.init) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        // The calling thread may be a dispatch worker with signals blocked, and a child inherits that mask:
        // clear it and restore default handlers, so SIGINT and SIGTERM reach the child.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), stoppingSignals = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&stoppingSignals)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&stoppingSignals, number) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &stoppingSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawnp(&child, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else { throw SpawnFailure(description: "cannot start \(arguments[0]): \(String(cString: strerror(result)))") }
        pid = child
    }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            _ = wait()
        }
    }

    var isRunning: Bool {
        if exitStatus != nil { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exitStatus = status
            return false
        }
        return true
    }

    func signal(_ number: Int32) { if isRunning { kill(pid, number) } }

    /// Waits for the child to exit and returns its raw wait status.
    @discardableResult
    func wait() -> Int32 {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        exitStatus = status
        return status
    }

    struct SpawnFailure: Error, CustomStringConvertible { let description: String }
}
