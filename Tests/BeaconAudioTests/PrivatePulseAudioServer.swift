import BeaconTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A PulseAudio server of the test's own, with one null sink ("nullsink") as its default output.
///
/// It lives in private runtime and home folders, so it never meets a desktop's server or another test run's,
/// and it accepts anonymous clients, so this process can connect without sharing its cookie.
final class PrivatePulseAudioServer {
    static var isInstalled: Bool { TestData.hasTool("pulseaudio") && TestData.hasTool("pactl") && TestData.hasTool("parec") }

    let folder: URL
    let server: String
    private let environment: [String: String]
    private var daemon: SpawnedProcess?

    init() throws {
        folder = try TestData.temporaryFolder("beacon-pulse")
        let runtime = folder.appendingPathComponent("run"), home = folder.appendingPathComponent("home")
        for path in [runtime, home] {
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        let socket = folder.appendingPathComponent("native").path
        server = "unix:\(socket)"
        environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_RUNTIME_DIR": runtime.path, "HOME": home.path]) { $1 }
        daemon = try SpawnedProcess([
            "pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no", "--log-target=stderr",
            "--load=module-native-protocol-unix socket=\(socket) auth-anonymous=1",
            "--load=module-null-sink sink_name=nullsink",
            "--load=module-always-sink",
        ], environment: environment, log: logFile)
        try waitUntil("the PulseAudio server to answer") { try pactl(["info"]).status == 0 }
    }

    deinit { stop() }

    /// Runs pactl against this server.
    @discardableResult
    func pactl(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try TestData.run("pactl", ["--server", server] + arguments, environment: environment)
    }

    /// Starts parec recording what the null sink plays, and returns once the recording stream is connected.
    /// Stop it with `signal(SIGINT)` and `wait()`: parec then completes the WAV header.
    func startRecording(to file: URL, sampleRate: Int, channels: Int = 1) throws -> SpawnedProcess {
        let recorder = try SpawnedProcess([
            "parec", "--server", server, "-d", "nullsink.monitor", "--format=s16le",
            "--rate=\(sampleRate)", "--channels=\(channels)", "--file-format=wav",
            "--latency-msec=20", // small blocks, so little is still buffered when it is stopped
            file.path,
        ], environment: environment, log: logFile)
        try waitUntil("parec to connect") {
            !(try pactl(["list", "short", "source-outputs"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        }
        return recorder
    }

    /// Stops the server and deletes its folders.
    func stop() {
        if let daemon {
            daemon.signal(SIGTERM)
            daemon.wait()
            self.daemon = nil
        }
        try? FileManager.default.removeItem(at: folder)
    }

    private func waitUntil(_ what: String, timeout: TimeInterval = 15, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return }
            guard daemon?.isRunning == true else { throw ServerFailure("pulseaudio exited while waiting for \(what): \(log)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw ServerFailure("timed out waiting for \(what): \(log)")
    }

    private var logFile: URL { folder.appendingPathComponent("pulseaudio.log") }
    private var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    struct ServerFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
