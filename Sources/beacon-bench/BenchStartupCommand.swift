import ArgumentParser
import BeaconCommandLine
import BeaconRuntime
import BeaconCore
import BeaconMedia
import Foundation

struct BenchStartupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "startup",
        abstract: "Time from starting `beacon assist` to \"Beacon ready.\" (the requirement is at most 2 s).",
        discussion: """
            Starts `beacon assist` as a new process again and again, as a person starting Beacon would, with models \
            already on disk, and times the wall clock from the start of the process to the line that says "Beacon \
            ready.". By default the camera is FFmpeg's test pattern, played live; --input times a scripted start on a \
            photo or video instead. Each run uses a fresh, empty settings folder.
            """
    )

    @Option(help: "Times to start Beacon.")
    var runs = 10

    @Option(help: "A photo or video instead of the live test-pattern camera.")
    var input: String?

    @Option(help: "Object detector: a model name or an .onnx file.")
    var model = DetectorSettings.defaultModel

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be 1 or more.") }
    }

    func run() throws {
        // The program people start: beacon, beside this one.
        guard let executable = SiblingProgram.named("beacon")?.path else {
            throw ValidationError("beacon is not built beside beacon-bench.")
        }
        let source = input.map { ["--input", $0] } ?? ["--camera", "lavfi:testsrc2=size=640x480:rate=15"]
        var times: [Double] = []
        for _ in 0..<runs {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-bench-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let arguments = ["assist", "--json", "--silent", "--model", model, "--data-dir", folder.path] + source
            times.append(try Self.timeToReady(executable: executable, arguments: arguments))
        }
        let ms = { (fraction: Double) in percentile(times, fraction) * 1000 }
        Console.line("Start to \"Beacon ready.\" over \(runs) runs (\(input ?? "live test-pattern camera"), \(model)):")
        Console.line(String(format: "median %6.0f ms  p95 %6.0f ms  max %6.0f ms", ms(0.5), ms(0.95), ms(1)))
        Console.line(String(format: "Requirement: at most 2000 ms: %@.", ms(0.95) <= 2000 ? "met" : "not met"))
    }

    /// Starts the process and reads its output until the ready line; then tells it to quit.
    static func timeToReady(executable: String, arguments: [String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = input
        let started = Monotonic.seconds()
        try process.run()
        var buffer = Data()
        var ready: Double?
        while ready == nil {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            if String(decoding: buffer, as: UTF8.self).contains("Beacon ready.") { ready = Monotonic.seconds() - started }
        }
        input.fileHandleForWriting.write(Data("quit\n".utf8))
        try? input.fileHandleForWriting.close()
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let ready else { throw NeverReady(status: process.terminationStatus) }
        return ready
    }

    struct NeverReady: UserFacingError {
        let status: Int32
        var sentence: String { "beacon assist ended (status \(status)) without saying it was ready." }
    }
}
