import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL server of one test's own: `initdb` and `pg_ctl` in a temporary folder, on a free loopback port,
/// trusting local connections as the user `beacon`. `stop()` (also called on deinit) stops it and deletes the folder.
///
/// PostgreSQL refuses to run as root, so when the tests run as root the folder is given to Debian's `postgres` user
/// and the commands run through `runuser -u postgres --`.
public final class TemporaryPostgres: @unchecked Sendable {
    /// The folder holding initdb and pg_ctl: Debian's /usr/lib/postgresql/N/bin (newest first), else PATH.
    public static let binFolder: URL? = {
        let debian = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: debian.path)) ?? [])
            .compactMap(Int.init).sorted(by: >)
        for version in versions {
            let bin = debian.appendingPathComponent("\(version)/bin")
            if FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("pg_ctl").path) { return bin }
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/pg_ctl")
            && FileManager.default.isExecutableFile(atPath: "\(folder)/initdb") {
            return URL(fileURLWithPath: String(folder))
        }
        return nil
    }()

    /// Whether a test can start a server here (as root that needs the `postgres` user and runuser too).
    public static var isInstalled: Bool {
        guard binFolder != nil else { return false }
        return getuid() != 0 || (getpwnam("postgres") != nil && TestData.hasTool("runuser"))
    }

    public static let skipReason = "PostgreSQL is not installed (scripts/setup.sh installs the Debian package postgresql)"

    public let folder: URL
    public let port: Int
    public let host = "127.0.0.1"
    public let username = "beacon"
    private let lock = NSLock()
    private var running = false

    /// A server certificate and its key (PEM files) for a server that takes TLS connections only.
    public struct TLSFiles: Sendable {
        public var certificate: URL
        public var key: URL

        public init(certificate: URL, key: URL) {
            self.certificate = certificate
            self.key = key
        }
    }

    /// Starts the server and returns once it accepts connections. With `tls`, it takes TLS connections only
    /// (`hostssl` in pg_hba.conf): a connection without TLS is refused.
    public init(tls: TLSFiles? = nil) throws {
        guard let bin = Self.binFolder else { throw Failure(Self.skipReason) }
        let asRoot = getuid() == 0
        // As root, /tmp rather than $TMPDIR: the postgres user must be able to reach the folder.
        let parent = asRoot ? URL(fileURLWithPath: "/tmp") : FileManager.default.temporaryDirectory
        folder = parent.appendingPathComponent("beacon-postgres-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        do {
            if asRoot {
                guard let user = getpwnam("postgres") else { throw Failure("there is no postgres user to run PostgreSQL as") }
                guard chown(folder.path, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
                    throw Failure("could not give \(folder.path) to the postgres user")
                }
            }
            let data = folder.appendingPathComponent("data").path
            try Self.run(bin, "initdb", ["-D", data, "-U", username, "-A", "trust", "-E", "UTF8", "--no-locale",
                                         "--no-sync"], in: folder, asRoot: asRoot)
            var tlsOptions = ""
            if let tls {
                try Self.takeTLS(tls, into: URL(fileURLWithPath: data), asRoot: asRoot)
                tlsOptions = " -c ssl=on -c ssl_cert_file=server.crt -c ssl_key_file=server.key"
            }
            // A free port can be taken by someone else between choosing and binding it: try a few.
            var lastError: (any Error)?
            for _ in 0..<3 {
                let candidate = try Self.freePort()
                do {
                    // The socket folder is ours (the default /var/run/postgresql may not exist or be writable);
                    // fsync off because a test's data need not survive a crash.
                    try Self.run(bin, "pg_ctl", [
                        "-D", data, "-l", folder.appendingPathComponent("server.log").path, "-w", "-t", "60",
                        "-o", "-p \(candidate) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off\(tlsOptions)",
                        "start",
                    ], in: folder, asRoot: asRoot)
                    port = candidate
                    running = true
                    return
                } catch {
                    lastError = error
                }
            }
            throw lastError ?? Failure("PostgreSQL did not start")
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    deinit { stop() }

    /// Stops the server (immediately: a test's data is thrown away) and deletes its folder. Safe to call twice.
    public func stop() {
        lock.lock()
        let wasRunning = running
        running = false
        lock.unlock()
        if wasRunning, let bin = Self.binFolder {
            _ = try? Self.run(bin, "pg_ctl", ["-D", folder.appendingPathComponent("data").path, "-m", "immediate",
                                             "-w", "stop"], in: folder, asRoot: getuid() == 0)
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The certificate and key copied into the data folder (the key readable by the server's user alone, as
    /// PostgreSQL demands), and TCP connections allowed with TLS only.
    private static func takeTLS(_ tls: TLSFiles, into data: URL, asRoot: Bool) throws {
        let owner = asRoot ? getpwnam("postgres") : nil
        for (source, name) in [(tls.certificate, "server.crt"), (tls.key, "server.key")] {
            let destination = data.appendingPathComponent(name)
            try FileManager.default.copyItem(at: source, to: destination)
            guard chmod(destination.path, 0o600) == 0,
                  owner.map({ chown(destination.path, $0.pointee.pw_uid, $0.pointee.pw_gid) == 0 }) ?? true else {
                throw Failure("could not hand \(name) to the server")
            }
        }
        let rules = data.appendingPathComponent("pg_hba.conf")
        let text = try String(contentsOf: rules, encoding: .utf8)
        let tlsOnly = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("host ") ? "hostssl " + $0.dropFirst(5) : String($0) }.joined(separator: "\n")
        // Written in place, so the file keeps its owner.
        try Data(tlsOnly.utf8).write(to: rules)
    }

    /// The server's log, for a failing test's message.
    public var log: String {
        (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
    }

    private static func run(_ bin: URL, _ tool: String, _ arguments: [String], in folder: URL, asRoot: Bool) throws {
        // Through bash (dash takes one-digit descriptors only), which first closes every descriptor above 2: one
        // that another test's Process had open at that moment can leak into this child, and the long-lived server
        // would keep it (and that test's wait for its child) open forever.
        let closeLeaked = "for f in /proc/$$/fd/*; do n=${f##*/}; [ \"$n\" -gt 2 ] && eval \"exec $n>&-\"; done; exec \"$@\""
        let command = ["/bin/bash", "-c", closeLeaked, "bash", bin.appendingPathComponent(tool).path] + arguments
        spawnLock.lock()
        defer { spawnLock.unlock() }
        let result = asRoot
            ? try TestData.run("/usr/sbin/runuser", ["-u", "postgres", "--"] + command, currentDirectory: folder)
            : try TestData.run(command[0], Array(command.dropFirst()), currentDirectory: folder)
        guard result.status == 0 else {
            throw Failure("\(tool) failed (\(result.status)): \(result.stderr)\(result.stdout)")
        }
    }

    /// A loopback port nobody listens on now: bind port 0 and read what the kernel chose.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure("socket() failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw Failure("could not find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// One server command at a time in this process, so two tests' servers never inherit each other's pipes.
    private static let spawnLock = NSLock()

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
