import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconMedia
import BeaconRuntime
import BeaconServer
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore

struct BenchServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Simulated phones on loopback, each searching: cue latency, detection rate per phone, memory.",
        usage: "beacon bench serve [<options>]",
        discussion: """
            Starts `beacon serve` in this process (plain HTTP on 127.0.0.1) and connects N simulated phones over \
            WebSocket, each pairing, asking to find an object and sending 640×480 JPEG frames of a video at --fps. \
            For each phone: cue latency (from sending a frame to receiving the guidance cue built on the detector's \
            look at that frame; median and p95), detections a second once every phone has started (after the first \
            5 s, or a quarter of a short run) and how long the slowest took to its first cue. A machine "holds" N \
            phones when every one of them gets at least --hold-rate detections a second; the last lines say how \
            many it held against the \
            model-time limit: the phones that one detection's median time on every core (timed before and after \
            the runs) allows at that rate if detections took turns one at a time. The server runs one \
            single-thread detector per core side by side (--lanes), and the first line says what those lanes \
            alone can do. The process's resident memory is sampled all along, to show whether it grows.

            Examples:
              beacon bench serve                           1 to 4 phones, 30 s each
              beacon bench serve --phones 4,6,8,10,12      against the model-time limit
              beacon bench serve --phones 3 --seconds 600  a ten-minute run for memory
            """
    )

    @Option(parsing: .upToNextOption, help: "How many phones, one run for each count (4,6,8 or 4 6 8).")
    var phones: [PhoneCounts] = [PhoneCounts(counts: [1, 2, 3, 4])]

    /// The counts as given, commas and spaces alike.
    var phoneCounts: [Int] { phones.flatMap(\.counts) }

    @Option(help: "Seconds each run lasts.")
    var seconds: Double = 30

    @Option(help: "Frames a second each phone sends.")
    var fps: Double = 10

    @Option(help: "What each phone searches for.")
    var object = "cup"

    @Option(help: "The video the phones' cameras show (default: the coffee pan sample).")
    var input: String?

    @Option(help: "Object detector: a model name or an .onnx file.")
    var model = DetectorSettings.defaultModel

    @Option(help: "Detections a second each phone must get for the machine to hold that many phones.")
    var holdRate: Double = 5

    @Option(help: "Seconds between memory samples.")
    var memoryEvery: Double = 10

    @Option(help: ArgumentHelp("Detections that run side by side, each on one thread (default: one per core, as beacon serve runs).",
                               discussion: "--lanes 1 runs one detector on every core, as a single session does."))
    var lanes: Int?

    func validate() throws {
        guard !phoneCounts.isEmpty, phoneCounts.allSatisfy({ (1...32).contains($0) }) else {
            throw ValidationError("--phones takes counts from 1 to 32.")
        }
        guard seconds >= 2 else { throw ValidationError("--seconds must be at least 2.") }
        guard fps > 0 && fps <= 30 else { throw ValidationError("--fps must be between 0 and 30.") }
    }

    func run() async throws {
        let composition = Composition()
        let video = input ?? composition.samplesFolder.appendingPathComponent("coffee-pan.mp4").path
        let frames = try Self.jpegFrames(of: video)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-bench-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try composition.userData(dataDirectory: folder.path)
        let laneCount = lanes ?? DetectorSettings(model: model).serverLanes
        let engines = composition.assistantEngines(detector: DetectorSettings(model: model), depth: nil,
                                                   detectionLanes: laneCount)
        let decoded = try frames.prefix(8).map { try ImageDecoder().decode(Data($0), name: "frame") }
        let alone = try composition.detector(DetectorSettings(model: model))
        var limitTimes = try Self.detectionTimes(detector: alone, frames: decoded)
        let ceiling = try Self.lanesCeiling(detector: engines.objectDetector(), lanes: laneCount, frames: decoded,
                                            holdRate: holdRate)
        let host = PhoneSessionHost(composition: composition, engines: engines, store: store, fieldOfView: 60,
                                    transcript: StandardStreams())
        let memory = MemorySampler(every: memoryEvery)
        memory.start()
        Console.line("Phones on loopback, each finding \(object) at \(fps.formatted()) fps for \(seconds.formatted()) s (\(frames.count) frames of \(URL(fileURLWithPath: video).lastPathComponent), \(model), \(laneCount) detection lane\(laneCount == 1 ? "" : "s")):")
        Console.line(String(format: "The model alone, busy in every lane: %.1f detections a second, enough for %d phones at %@ Hz.",
                            ceiling.rate, ceiling.phones, holdRate.formatted()))
        let warmUp = min(5, seconds / 4)
        Console.line("Detections a second are counted after the first \(warmUp.formatted()) s of each run; cue latency over the whole run.")
        Console.line("phones  cue latency median   p95   detections/s (lowest … highest)   holds at \(holdRate.formatted()) Hz   first cue (slowest)")
        var held = 0
        for count in phoneCounts {
            let results = try await runPhones(count, frames: frames, host: host)
            host.endAll()
            let latencies = results.flatMap(\.latencies)
            // The rate is the steady one, after every phone had time to connect and start its search (10 sessions
            // starting at once take 1 to 4 s to their first cue here); the slowest start is printed beside it.
            let rates = results.map { run in Double(run.cueTimes.filter { $0 >= warmUp }.count) / (seconds - warmUp) }
            let slowestStart = results.map { $0.cueTimes.first ?? seconds }.max() ?? 0
            let holds = rates.allSatisfy { $0 >= holdRate }
            if holds { held = max(held, count) }
            Console.line(String(format: "%6d  %13.0f ms %5.0f ms   %5.1f … %5.1f                      %@     %5.1f s", count,
                                percentile(latencies, 0.5) * 1000, percentile(latencies, 0.95) * 1000,
                                rates.min() ?? 0, rates.max() ?? 0, holds ? "yes" : "no ", slowestStart))
        }
        memory.stop()
        // Timed again after the runs: a machine shared with others is not equally fast all along, and the median of
        // both sets is the fairer figure for the whole run.
        limitTimes += try Self.detectionTimes(detector: alone, frames: decoded)
        let limit = Self.modelTimeLimit(times: limitTimes, holdRate: holdRate)
        Console.line("This machine holds \(held) phone\(held == 1 ? "" : "s") at \(holdRate.formatted()) detections a second each.")
        // Detections take turns on the engine, so the model alone allows one phone per holdRate detections it can
        // make in a second; how close the server came to that says what everything else costs.
        let share = limit.phones > 0 ? 100 * Double(held) / Double(limit.phones) : 0
        Console.line("held \(held) phones at \(holdRate.formatted()) Hz: " + String(format: "%.0f", share)
                     + " % of the model-time limit \(limit.phones) (one detection "
                     + String(format: "%.1f", limit.seconds * 1000) + " ms, median of \(limit.runs))")
        let samples = memory.samples
        Console.line("Resident memory (MiB) every \(memoryEvery.formatted()) s: " + samples.map { String(format: "%.0f", $0) }.joined(separator: " "))
        if samples.count >= 3 {
            let firstMinute = Int((60 / memoryEvery).rounded(.up))
            let after = samples.dropFirst(min(firstMinute, samples.count - 1))
            Console.line(String(format: "After the first minute: %.0f → %.0f MiB (peak %.0f).", after.first ?? 0, after.last ?? 0,
                                after.max() ?? 0))
        }
    }

    /// 20 timings of one detection of a phone's frame (decoded as the server does) by one detector on every core, as
    /// a lone session runs it, after 3 to warm up.
    static func detectionTimes(detector: any ObjectDetector, frames: [Frame]) throws -> [Double] {
        guard !frames.isEmpty else { return [] }
        var times: [Double] = []
        for index in 0..<23 {
            let started = Monotonic.seconds()
            _ = try detector.detect(frames[index % frames.count])
            if index >= 3 { times.append(Monotonic.seconds() - started) }
        }
        return times
    }

    /// The phones the detector's time alone allows: the median detection time, and how many phones that many
    /// detections a second serve when detections take turns.
    static func modelTimeLimit(times: [Double], holdRate: Double) -> (phones: Int, seconds: Double, runs: Int) {
        let median = percentile(times, 0.5)
        return (median > 0 ? Int(1 / (median * holdRate)) : 0, median, times.count)
    }

    /// What the server's detector does with nothing else running: one thread per lane detecting frames for 3 s, and
    /// the phones that rate serves. The server cannot beat it, since decoding and guidance share the cores.
    static func lanesCeiling(detector: any ObjectDetector, lanes: Int, frames: [Frame], holdRate: Double) throws
        -> (rate: Double, phones: Int) {
        guard !frames.isEmpty else { return (0, 0) }
        for frame in frames.prefix(3) { _ = try detector.detect(frame) }
        let counter = NSLock()
        nonisolated(unsafe) var done = 0
        let until = Monotonic.seconds() + 3
        DispatchQueue.concurrentPerform(iterations: max(1, lanes)) { lane in
            var index = lane
            while Monotonic.seconds() < until {
                _ = try? detector.detect(frames[index % frames.count])
                index += lanes
                counter.withLock { done += 1 }
            }
        }
        let rate = Double(counter.withLock { done }) / 3
        return (rate, Int(rate / holdRate))
    }

    /// One run: `count` phones pair, search and stream for `seconds`, then hang up.
    private func runPhones(_ count: Int, frames: [[UInt8]], host: PhoneSessionHost) async throws -> [PhoneRun] {
        let pairing = PairingDesk(clock: { Monotonic.seconds() })
        let server = PhoneServer(configuration: .init(host: "127.0.0.1", port: 0, certificate: nil), pairing: pairing, sessions: host)
        let (ports, portFound) = AsyncStream<Int>.makeStream()
        return try await withThrowingTaskGroup(of: [PhoneRun]?.self) { group in
            group.addTask {
                try await server.run { port in portFound.yield(port) }
                return nil
            }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw ServerError("The bench server did not start.") }
            let tokens = (0..<count).compactMap { index -> String? in
                if case .paired(let token) = pairing.pair(code: pairing.code, from: "bench-\(index)") { return token }
                return nil
            }
            let phoneSeconds = seconds, object = object, interval = 1 / fps
            group.addTask {
                try await withThrowingTaskGroup(of: PhoneRun.self) { phones in
                    for (index, token) in tokens.enumerated() {
                        phones.addTask {
                            try await SimulatedPhone(port: port, token: token, object: object, frames: frames,
                                                     offset: index * 7, interval: interval).run(for: phoneSeconds)
                        }
                    }
                    var runs: [PhoneRun] = []
                    for try await run in phones { runs.append(run) }
                    return runs
                }
            }
            while let finished = try await group.next() {
                if let runs = finished {
                    group.cancelAll() // stops the server
                    return runs
                }
            }
            return []
        }
    }

    /// The video's frames as 640×480 JPEGs (quality as a phone's canvas gives), kept in memory.
    static func jpegFrames(of video: String) throws -> [[UInt8]] {
        guard FileManager.default.fileExists(atPath: video) else {
            throw FramesUnavailable(sentence: "No video at \(video); run `make setup` for the samples, or give --input.")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-bench-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        ffmpeg.arguments = ["ffmpeg", "-v", "error", "-i", video, "-vf", "scale=640:480", "-q:v", "5",
                            folder.appendingPathComponent("frame-%04d.jpg").path]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
        guard ffmpeg.terminationStatus == 0, !names.isEmpty else {
            throw FramesUnavailable(sentence: "FFmpeg could not take frames from \(video).")
        }
        return try names.map { try [UInt8](Data(contentsOf: folder.appendingPathComponent($0))) }
    }
}

/// One `--phones` value: a count, or counts separated by commas.
struct PhoneCounts: ExpressibleByArgument {
    var counts: [Int]

    init(counts: [Int]) { self.counts = counts }

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        let counts = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !counts.isEmpty, counts.count == parts.count else { return nil }
        self.counts = counts
    }

    var defaultValueDescription: String { counts.map(String.init).joined(separator: " ") }
}

/// The phones' camera video is missing or unreadable.
struct FramesUnavailable: UserFacingError {
    let sentence: String
}

/// What one simulated phone saw.
struct PhoneRun: Sendable {
    var latencies: [Double]
    /// When each detection's first cue came, in seconds from the first frame sent.
    var cueTimes: [Double]
}

/// A phone as the server meets it: hello with a search, JPEG frames at a steady rate, and the guidance cues read
/// back; a cue that says which frame the detector looked at gives that frame's age.
struct SimulatedPhone: Sendable {
    var port: Int
    var token: String
    var object: String
    var frames: [[UInt8]]
    /// Phones start at different points of the video.
    var offset: Int
    var interval: Double

    /// The fields of a cue message (docs/protocol.md) the bench reads: which frame the detector saw.
    struct CueLine: Decodable {
        var type: String
        var lookedAt: Int?
    }

    func run(for seconds: Double) async throws -> PhoneRun {
        let state = PhoneRunState()
        let frames = frames, offset = offset, interval = interval, hello = #"{"v":1,"type":"hello","token":"\#(token)","speech":"phone","job":"find \#(object)"}"#
        try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/ws", configuration: .init(maxFrameSize: 1 << 20),
                                          logger: Logger(label: "bench-phone")) { inbound, outbound, _ in
            try await outbound.write(.text(hello))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await message in inbound.messages(maxSize: 1 << 20) {
                        guard case .text(let text) = message, text.contains(#""type":"cue""#),
                              let cue = try? JSONDecoder().decode(CueLine.self, from: Data(text.utf8)),
                              cue.type == "cue", let lookedAt = cue.lookedAt else { continue }
                        state.cue(lookedAt: lookedAt, at: Monotonic.seconds())
                    }
                }
                let start = Monotonic.seconds()
                var number = 0
                while Monotonic.seconds() - start < seconds {
                    number += 1
                    state.sent(number, at: Monotonic.seconds())
                    try await outbound.write(.binary(ByteBuffer(bytes: [0x01] + frames[(offset + number) % frames.count])))
                    let due = start + Double(number) * interval
                    let wait = due - Monotonic.seconds()
                    if wait > 0 { try await Task.sleep(for: .seconds(wait)) }
                }
                try await outbound.close(.normalClosure, reason: nil)
                try await group.waitForAll()
            }
        }
        return state.result
    }
}

/// Send times of frames and the first cue for each, shared by a phone's sending and reading tasks.
final class PhoneRunState: @unchecked Sendable {
    private let lock = NSLock()
    private var sentAt: [Int: Double] = [:]
    private var seen: Set<Int> = []
    private var latencies: [Double] = []
    private var cueTimes: [Double] = []

    func sent(_ number: Int, at time: Double) {
        lock.withLock { sentAt[number] = time }
    }

    func cue(lookedAt frame: Int, at time: Double) {
        lock.withLock {
            guard seen.insert(frame).inserted, let sent = sentAt[frame] else { return }
            latencies.append(time - sent)
            cueTimes.append(time)
        }
    }

    var result: PhoneRun {
        lock.withLock {
            let start = sentAt[1] ?? 0
            return PhoneRun(latencies: latencies, cueTimes: cueTimes.map { $0 - start })
        }
    }
}

/// The process's resident memory, sampled on a thread of its own.
final class MemorySampler: @unchecked Sendable {
    private let every: Double
    private let lock = NSLock()
    private var taken: [Double] = []
    private var running = true

    init(every: Double) { self.every = every }

    func start() {
        let thread = Thread { [self] in
            while lock.withLock({ running }) {
                if let rss = Self.residentMiB() { lock.withLock { taken.append(rss) } }
                Thread.sleep(forTimeInterval: every)
            }
        }
        thread.name = "beacon-bench-memory"
        thread.start()
    }

    func stop() { lock.withLock { running = false } }

    var samples: [Double] { lock.withLock { taken } }

    /// VmRSS from /proc/self/status, in MiB.
    static func residentMiB() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kibibytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kibibytes / 1024
    }
}
