import BeaconTestSupport
import Foundation
import Testing

/// Issue 36: a reader that goes away (`beacon … | head -1`) is a normal end. Each command's standard output is a
/// pipe whose reading end is closed before the command starts, so its first write finds no reader: the command
/// must end as `cat` does (by SIGPIPE, or with status 0 if it had nothing more to say), never with a crash.
@Suite struct ClosedPipeCLITests {
    /// How the command ended and what it wrote on standard error.
    static func runIntoClosedPipe(_ arguments: [String]) throws -> (ending: String, stderr: String) {
        let process = Process()
        process.executableURL = BeaconBinary.url
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        try output.fileHandleForReading.close()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let ending = process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)"
            : "status \(process.terminationStatus)"
        return (ending, stderr)
    }

    static func expectQuietEnd(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (ending, stderr) = try runIntoClosedPipe(arguments)
        let command = "beacon " + arguments.prefix(3).joined(separator: " ")
        #expect(ending == "signal \(SIGPIPE)" || ending == "status 0", "\(command): \(ending), \(stderr)",
                sourceLocation: sourceLocation)
        for crash in ["Fatal error", "Backtrace", "Crash", "fault"] {
            #expect(!stderr.contains(crash), "\(command): \(stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test func commandsThatPrintEndQuietly() throws {
        let data = try TestData.temporaryFolder("beacon-closed-pipe")
        defer { try? FileManager.default.removeItem(at: data) }
        try Self.expectQuietEnd(["--help"])
        try Self.expectQuietEnd(["models", "list"])
        try Self.expectQuietEnd(["settings", "--data-dir", data.path])
        guard try BeaconBinary.canDetect(), let coffee = TestData.image("coffee.png") else { return }
        try Self.expectQuietEnd(["detect", coffee.path, coffee.path])
        try Self.expectQuietEnd(["detect", coffee.path, "--json"])
        if let pan = try FindCLITests.panVideo() {
            try Self.expectQuietEnd(["find", "cup", "--input", pan.path, "--json", "--silent"])
        }
    }

    /// The issue's own example: the hub's commands run PostgresNIO, which leaves SIGPIPE ignored, so a closed
    /// pipe is an error on write there rather than a signal.
    @Test func theHubsInvitationIntoAClosedPipeEndsQuietly() throws {
        guard TemporaryPostgres.isInstalled else {
            if TestData.required { Issue.record(Comment(rawValue: TemporaryPostgres.skipReason)) }
            return
        }
        let database = try TemporaryPostgres()
        defer { database.stop() }
        let url = "postgres://\(database.username)@\(database.host):\(database.port)/postgres"
        try Self.expectQuietEnd(["hub", "invite", "--person", "--database", url])
        try Self.expectQuietEnd(["hub", "members", "--database", url])
    }
}
