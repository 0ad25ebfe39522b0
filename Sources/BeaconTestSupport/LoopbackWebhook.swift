import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP server on 127.0.0.1 for the emergency webhook's tests, on POSIX sockets: it answers every request
/// with 200 and keeps each request's body. `port` can be reserved before the server starts, so a sender can try a
/// receiver that is down and find it up later.
public final class LoopbackWebhook: @unchecked Sendable {
    public let port: UInt16
    private var listener: Int32 = -1
    private let lock = NSLock()
    private var received: [Data] = []
    private var thread: Thread?

    /// Reserves a free port (nothing listens on it yet).
    public init() throws {
        let probe = try Self.bound(port: 0)
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(probe, $0, &length) }
        }
        close(probe)
        port = UInt16(bigEndian: address.sin_port)
    }

    public var url: String { "http://127.0.0.1:\(port)/beacon/emergency" }

    public var bodies: [Data] { lock.withLock { received } }

    /// The bodies as JSON objects.
    public var messages: [[String: Any]] {
        bodies.compactMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }

    public func start() throws {
        listener = try Self.bound(port: port)
        guard listen(listener, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        let socket = listener
        let thread = Thread { [self] in
            while true {
                let client = accept(socket, nil, nil)
                guard client >= 0 else { return }
                serve(client)
            }
        }
        thread.name = "loopback-webhook"
        self.thread = thread
        thread.start()
    }

    public func stop() {
        guard listener >= 0 else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        listener = -1
    }

    /// Waits (on the wall clock, up to `seconds`) until `count` requests arrived; what arrived.
    public func wait(for count: Int, seconds: Double = 30) -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(seconds)
        while bodies.count < count, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return messages
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var request = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var expected: Int?
        while true {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            request.append(contentsOf: buffer[0..<count])
            guard let end = request.range(of: Data("\r\n\r\n".utf8)) else { continue }
            if expected == nil {
                let head = String(decoding: request[..<end.lowerBound], as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                expected = end.upperBound + length
            }
            if let expected, request.count >= expected {
                lock.withLock { received.append(Data(request[end.upperBound..<expected])) }
                let answer = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                _ = answer.withCString { write(client, $0, strlen($0)) }
                return
            }
        }
    }

    private static func bound(port: UInt16) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        return socket
    }
}
