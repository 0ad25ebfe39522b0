import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real HTTP server on 127.0.0.1 (Python's http.server) serving one folder, for one test.
///
/// Python picks a free port itself (port 0) and prints it, so parallel tests never race for a port;
/// `start` then waits until the port accepts connections. Call `stop()` when done (it ends only this process).
final class LocalHTTPServer {
    let folder: URL
    let baseURL: URL
    private let process: Process

    private init(folder: URL, port: Int, process: Process) {
        self.folder = folder
        self.baseURL = URL(string: "http://127.0.0.1:\(port)/")!
        self.process = process
    }

    enum StartError: Error { case noPortAnnounced(String), neverAnswered(port: Int) }

    static func start(serving folder: URL) throws -> LocalHTTPServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", folder.path, "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice // the request log; unread, a pipe could fill and stall the server
        process.standardInput = FileHandle.nullDevice
        try process.run()

        // "Serving HTTP on 127.0.0.1 port 41235 (http://127.0.0.1:41235/) ..."
        var announced = ""
        while !announced.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break } // the process ended without announcing a port
            announced += String(decoding: data, as: UTF8.self)
        }
        let words = announced.split(separator: " ")
        guard let index = words.firstIndex(of: "port"), index + 1 < words.count, let port = Int(words[index + 1]) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw StartError.noPortAnnounced(announced)
        }
        let server = LocalHTTPServer(folder: folder, port: port, process: process)
        guard waitUntilAccepting(port: port, timeout: 10) else {
            server.stop()
            throw StartError.neverAnswered(port: port)
        }
        return server
    }

    func stop() {
        guard process.isRunning else { return }
        // SIGKILL, not terminate(): the child inherits the test runner's blocked-signal mask, so SIGTERM never lands.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A port on 127.0.0.1 that nothing listens on (bound, read back, closed), for "unreachable" tests.
    static func closedPort() -> Int {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketFD) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func waitUntilAccepting(port: Int, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if canConnect(port: port) { return true }
            usleep(50_000)
        }
        return false
    }

    private static func canConnect(port: Int) -> Bool {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { return false }
        defer { close(socketFD) }
        var address = loopback(port: port)
        return withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
