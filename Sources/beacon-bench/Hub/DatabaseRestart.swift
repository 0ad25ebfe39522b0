import BeaconCommandLine
import BeaconCore
import Foundation

/// Stops the hub's PostgreSQL and starts it again, as an upgrade or a failover would: `pg_ctl` on the server's own
/// data directory, as the user who owns it, started again with the options it was started with (postmaster.opts).
/// Only a database on this machine can be restarted this way.
struct DatabaseRestart {
    let dataDirectory: URL
    let pgCtl: URL
    /// The server's own options (everything after the data directory in postmaster.opts).
    let options: [String]
    /// Who owns the data directory, when it is not this process's user (root runs pg_ctl through runuser).
    let owner: String?

    init(dataDirectory path: String) throws {
        dataDirectory = URL(fileURLWithPath: path)
        let opts = dataDirectory.appendingPathComponent("postmaster.opts")
        guard let line = try? String(contentsOf: opts, encoding: .utf8) else {
            throw HubCommandError("--restart-database needs the database on this machine: \(opts.path) cannot be read.")
        }
        // postmaster.opts: the server's binary, then each option in double quotes.
        var words: [String] = []
        var rest = Substring(line)
        while let open = rest.firstIndex(of: "\""), let close = rest[rest.index(after: open)...].firstIndex(of: "\"") {
            words.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        let binary = line.split(separator: " ").first.map(String.init) ?? ""
        pgCtl = URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("pg_ctl")
        guard FileManager.default.isExecutableFile(atPath: pgCtl.path) else {
            throw HubCommandError("--restart-database needs pg_ctl beside the server (\(pgCtl.path)).")
        }
        var options = words
        if let index = options.firstIndex(of: "-D"), index + 1 < options.count { options.removeSubrange(index...(index + 1)) }
        self.options = options
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let ownerName = attributes?[.ownerAccountName] as? String
        owner = getuid() == 0 && ownerName != "root" ? ownerName : nil
    }

    /// Stops the server (fast: open connections are cut), waits `down`, and starts it again.
    func restart(down: Duration) async throws {
        try run(["-D", dataDirectory.path, "-m", "fast", "-w", "-t", "60", "stop"])
        try await Task.sleep(for: down)
        let quoted = options.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        try run(["-D", dataDirectory.path, "-w", "-t", "60", "-l", dataDirectory.appendingPathComponent("restart.log").path,
                 "-o", quoted, "start"])
    }

    private func run(_ arguments: [String]) throws {
        // Through bash, which first closes every descriptor above 2: the server pg_ctl leaves running would
        // otherwise keep the one Foundation watches for this child's end, and the wait would never return.
        let closeInherited = "for f in /proc/$$/fd/*; do n=${f##*/}; [ \"$n\" -gt 2 ] && eval \"exec $n>&-\"; done; exec \"$@\""
        let command = ["/bin/bash", "-c", closeInherited, "bash", pgCtl.path] + arguments
        let process = Process()
        if let owner {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", owner, "--"] + command
        } else {
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
        }
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw HubCommandError("pg_ctl \(arguments.last ?? "") failed: \(said.prefix(200))")
        }
    }
}
