import BeaconCommandLine
import BeaconHub
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// VmHWM and VmRSS of a process, in kB.
struct HubMemory: Sendable {
    var peakKB: Int
    var residentKB: Int
}

/// What the simulated clients saw, and when; which instance was killed.
actor HubBenchLedger {
    struct Report: Sendable {
        var posted: [Int]
        var offered: [Double]
        var taken: [Double]
        var answered: [Double]
        var unanswered: [Int]
        var failovers: Int
        var errors: Int
        var firstErrors: [String]
    }

    private let instances: Int
    private var peopleLeft: Int
    private var dead: Set<Int> = []
    private(set) var killedMemory: HubMemory?
    private var postedAt: [Int: ContinuousClock.Instant] = [:]
    private var offeredAt: [Int: ContinuousClock.Instant] = [:]
    private var takenAt: [Int: ContinuousClock.Instant] = [:]
    private var answeredAt: [Int: ContinuousClock.Instant] = [:]
    private var failovers = 0
    private var errors = 0
    private var firstErrors: [String] = []

    init(instances: Int, people: Int) {
        self.instances = instances
        peopleLeft = people
    }

    var peopleFinished: Bool { peopleLeft == 0 }

    /// One line on how far the run is, for a progress report.
    var progress: String {
        "posted \(postedAt.count), offered \(offeredAt.count), taken \(takenAt.count), answered \(answeredAt.count), "
            + "\(peopleLeft) people still asking, \(errors) calls failed" + (firstErrors.last.map { " (last: \($0))" } ?? "")
    }

    func personFinished() { peopleLeft -= 1 }

    func killed(_ instance: Int, memory: HubMemory?) {
        dead.insert(instance)
        killedMemory = memory
    }

    /// The next instance after `index` that was not killed; counts a failover.
    func next(after index: Int) -> Int {
        failovers += 1
        for step in 1...instances where !dead.contains((index + step) % instances) { return (index + step) % instances }
        return (index + 1) % instances
    }

    func posted(_ job: Int, at instant: ContinuousClock.Instant) { postedAt[job] = instant }

    func offered(_ jobs: [Int], at instant: ContinuousClock.Instant) {
        for job in jobs where offeredAt[job] == nil { offeredAt[job] = instant }
    }

    func taken(_ job: Int, at instant: ContinuousClock.Instant) { takenAt[job] = takenAt[job] ?? instant }

    func answered(_ job: Int, at instant: ContinuousClock.Instant) { answeredAt[job] = answeredAt[job] ?? instant }

    func failed(_ sentence: String) {
        errors += 1
        if firstErrors.count < 3 { firstErrors.append(sentence.hasSuffix(".") ? sentence : sentence + ".") }
    }

    func report() -> Report {
        func since(_ times: [Int: ContinuousClock.Instant]) -> [Double] {
            postedAt.compactMap { job, asked in times[job].map { max(0, ($0 - asked).milliseconds) } }
        }
        return Report(posted: postedAt.keys.sorted(), offered: since(offeredAt), taken: since(takenAt),
                      answered: since(answeredAt), unanswered: postedAt.keys.filter { answeredAt[$0] == nil }.sorted(),
                      failovers: failovers, errors: errors, firstErrors: firstErrors)
    }
}

/// One `beacon hub serve --http --port 0` child process.
final class HubProcess: @unchecked Sendable {
    let process = Process()
    private(set) var base = ""
    let logFile = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-hub-bench-\(UUID().uuidString).log")

    init(database: String, address: HubDatabaseAddress) throws {
        guard let beacon = SiblingProgram.named("beacon") else {
            throw HubCommandError("The hub's instances are beacon, which is not built beside beacon-bench.")
        }
        process.executableURL = beacon
        process.arguments = ["hub", "serve", "--http", "--port", "0"] + (database.isEmpty ? [] : ["--database", database])
        let output = Pipe()
        process.standardOutput = output
        // Its log, kept to show what it said of losing and regaining the database.
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: logFile)
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while !text.contains("\n") && Date() < deadline && process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let url = text.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines), url.hasPrefix("http") else {
            stop()
            throw HubCommandError("A hub instance did not start: \(text.isEmpty ? "no output" : text)")
        }
        base = url
    }

    /// Its peak and resident memory, from /proc; nil once it has exited.
    func memory() -> HubMemory? {
        guard process.isRunning,
              let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        else { return nil }
        func kilobytes(_ key: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(key + ":") }
                .flatMap { Int($0.dropFirst(key.count + 1).filter(\.isNumber)) }
        }
        guard let peak = kilobytes("VmHWM"), let resident = kilobytes("VmRSS") else { return nil }
        return HubMemory(peakKB: peak, residentKB: resident)
    }

    func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    func stop() {
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
    }

    /// The lines of its log that contain `text`.
    func logged(containing text: String) -> [String] {
        let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").filter { $0.contains(text) }.map(String.init)
    }

    deinit {
        try? FileManager.default.removeItem(at: logFile)
    }
}
