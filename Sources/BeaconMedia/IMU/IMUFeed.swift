import BeaconCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// IMU samples from a file, a FIFO or stdin (`--imu`), placed on the session's clock: the first sample is the
/// moment the stream began, later ones follow by their own timestamps.
///
/// Scripted runs read the file in step with the session clock (`events(upTo:)` reads just as far as the clock has
/// come), so a run repeats exactly. Live runs read on a thread of their own: a regular file is played at its own
/// pace like a recording, a FIFO or stdin as the lines arrive. Lines that do not parse become one sentence each.
public final class IMUFeed: @unchecked Sendable {
    public enum Pacing {
        /// Read as the session clock asks (scripted).
        case inStep
        /// Read on a thread (live); regular files at their own pace.
        case live
    }

    private let reader: any IMULines
    private let pacing: Pacing
    private var parser = IMULineParser()
    /// File time of the first sample, and the session time it maps to.
    private var origin: (file: Double, session: Double)?
    /// A sample read ahead of the clock (in step).
    private var ahead: FallEvent?
    private let lock = NSLock()
    private var queued: [FallEvent] = []
    private var ended = false

    /// Opens `path` ("-" for stdin).
    public convenience init(path: String, pacing: Pacing) throws {
        self.init(lines: try LineFile(path: path), pacing: pacing)
    }

    /// Reads lines from elsewhere (a phone's motion and location messages, as lines in the same format).
    public init(lines: any IMULines, pacing: Pacing) {
        reader = lines
        self.pacing = pacing
        if pacing == .live { startReading() }
    }

    /// True once the stream ended and everything read was taken.
    public var isFinished: Bool { lock.withLock { ended && queued.isEmpty } && ahead == nil }

    /// Events for the session up to `clock` (in step), or whatever arrived (live).
    public func events(upTo clock: Double) -> [FallEvent] {
        switch pacing {
        case .live:
            return lock.withLock {
                defer { queued = [] }
                // Arrival defines the origin in live runs: the first sample is "now".
                return queued.map { place($0, firstArrival: clock) }
            }
        case .inStep:
            var events: [FallEvent] = []
            while true {
                if ahead == nil { ahead = readEvent(startingAt: 0) }
                guard let next = ahead else { break }
                if case .motion(let sample) = next, sample.timestamp > clock { break }
                events.append(next)
                ahead = nil
            }
            return events
        }
    }

    /// The next event of the stream with sample times on the session clock; nil at the end.
    private func readEvent(startingAt sessionStart: Double) -> FallEvent? {
        while let line = reader.nextLine() {
            switch parser.parse(line) {
            case .skipped: continue
            case .refused(let error): return .unreadableMotion(error, timestamp: origin?.session ?? sessionStart)
            case .location(let fix): return .location(fix, timestamp: origin?.session ?? sessionStart)
            case .sample(let sample):
                let origin = self.origin ?? (sample.timestamp, sessionStart)
                self.origin = origin
                return .motion(sample.at(sample.timestamp - origin.file + origin.session))
            }
        }
        ended = true
        return nil
    }

    /// Live: a sample read by the thread carries its file time; the first one taken sets the origin.
    private func place(_ event: FallEvent, firstArrival clock: Double) -> FallEvent {
        guard case .motion(let sample) = event else { return event }
        let origin = self.origin ?? (sample.timestamp, clock)
        self.origin = origin
        return .motion(sample.at(sample.timestamp - origin.file + origin.session))
    }

    private func startReading() {
        let paced = reader.isRegularFile
        let thread = Thread { [self] in
            var parser = IMULineParser()
            var start: (wall: Double, file: Double)?
            while let line = reader.nextLine() {
                let event: FallEvent
                switch parser.parse(line) {
                case .skipped: continue
                case .refused(let error): event = .unreadableMotion(error, timestamp: 0)
                case .location(let fix): event = .location(fix, timestamp: 0)
                case .sample(let sample):
                    event = .motion(sample)
                    if paced {
                        let begun = start ?? (Monotonic.seconds(), sample.timestamp)
                        start = begun
                        let due = begun.wall + (sample.timestamp - begun.file)
                        let wait = due - Monotonic.seconds()
                        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                    }
                }
                lock.withLock { queued.append(event) }
            }
            lock.withLock { ended = true }
        }
        thread.name = "beacon-imu"
        thread.start()
    }
}

/// Where IMU lines come from: a file, a FIFO, stdin, or a phone.
public protocol IMULines: AnyObject, Sendable {
    /// The next line, waiting for it; nil at the end.
    func nextLine() -> String?
    /// A regular file is played at its own pace; anything else as lines arrive.
    var isRegularFile: Bool { get }
}

/// Lines handed over by another thread, as they arrive (a phone's sensor messages).
public final class PushedLines: IMULines, @unchecked Sendable {
    public init() {}

    private let condition = NSCondition()
    private var lines: [String] = []
    private var finished = false
    public let isRegularFile = false

    public func push(_ line: String) {
        condition.withLock {
            guard !finished else { return }
            lines.append(line)
            // A reader that fell behind keeps the newest 10 s of 100 Hz samples; older ones are history.
            if lines.count > 1000 { lines.removeFirst(lines.count - 1000) }
            condition.broadcast()
        }
    }

    public func finish() {
        condition.withLock {
            finished = true
            condition.broadcast()
        }
    }

    public func nextLine() -> String? {
        condition.withLock {
            while lines.isEmpty && !finished { condition.wait() }
            return lines.isEmpty ? nil : lines.removeFirst()
        }
    }
}

/// Lines of a file, a FIFO or stdin, read with the C library (no whole-file read: a FIFO never ends).
public final class LineFile: IMULines, @unchecked Sendable {
    private let file: UnsafeMutablePointer<FILE>
    private let ownsFile: Bool
    public let isRegularFile: Bool

    public init(path: String) throws {
        if path == "-" {
            guard let standardInput = fdopen(STDIN_FILENO, "r") else { throw IMUFileError(path: path, reason: "stdin is closed") }
            file = standardInput
            ownsFile = false
        } else {
            guard let opened = fopen(path, "r") else { throw IMUFileError(path: path, reason: String(cString: strerror(errno))) }
            file = opened
            ownsFile = true
        }
        var info = stat()
        isRegularFile = fstat(fileno(file), &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    deinit {
        if ownsFile { fclose(file) }
    }

    public func nextLine() -> String? {
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        let count = getline(&buffer, &capacity, file)
        guard count >= 0, let buffer else { return nil }
        return String(cString: buffer)
    }
}

public struct IMUFileError: UserFacingError {
    public let path: String
    public let reason: String
    public var sentence: String { "Cannot read IMU samples from \(path): \(reason)." }
}
