import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Single-key commands from the terminal while Beacon guides: no Enter needed, nothing echoed.
///
/// Puts the terminal in non-canonical mode for as long as it lives and restores it afterwards (also on Ctrl-C,
/// which stays a signal). Keys are read on a thread of their own and collected until the guidance loop asks.
public final class TerminalKeys: @unchecked Sendable {
    public enum Key: Equatable {
        case space, repeatLast, pauseResume, stop, speed, next, previous
    }

    /// What the assistant reads: a single key, or a line typed after Enter.
    public enum Input: Equatable {
        case character(Character)
        case line(String)
    }

    private let lock = NSLock()
    private var pending: [Key] = []
    private var inputs: [Input] = []
    /// Enter starts a typed line (echoed), Enter again gives it; without this, Enter does nothing.
    private let typing: Bool
    private var typed: [UInt8]?
    private var original = termios()
    private let active: Bool
    private var thread: Thread?
    /// The terminal keys come from: standard input, or a pseudo-terminal a test types into.
    private let descriptor: Int32

    /// Starts reading keys when `descriptor` is a terminal; otherwise reads nothing (scripts, pipes).
    public init(descriptor: Int32 = STDIN_FILENO, typing: Bool = false) {
        self.typing = typing
        self.descriptor = descriptor
        active = isatty(descriptor) == 1 && tcgetattr(descriptor, &original) == 0
        guard active else { return }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(descriptor, TCSANOW, &raw)
        if descriptor == STDIN_FILENO {
            TerminalKeys.saved = original
            signal(SIGINT) { _ in
                // Leave the terminal as we found it, then stop as Ctrl-C always does.
                var saved = TerminalKeys.saved
                tcsetattr(STDIN_FILENO, TCSANOW, &saved)
                _exit(130)
            }
        }
        let thread = Thread { [weak self] in self?.readLoop() }
        thread.name = "beacon-keys"
        thread.start()
        self.thread = thread
    }

    deinit { restore() }

    /// Puts the terminal back to how it was; safe to call more than once.
    public func restore() {
        guard active else { return }
        var saved = original
        tcsetattr(descriptor, TCSANOW, &saved)
    }

    /// Keys pressed since the last call, oldest first.
    public func take() -> [Key] {
        lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
    }

    /// Keys and typed lines since the last call, oldest first (the assistant's reading; `take` is the older one).
    public func takeInput() -> [Input] {
        lock.withLock {
            defer { inputs.removeAll() }
            return inputs
        }
    }

    private func readLoop() {
        var buffer = [UInt8](repeating: 0, count: 16)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return }
            let bytes = Array(buffer.prefix(count))
            if typing, typeLine(bytes) { continue }
            let keys = Self.keys(from: bytes)
            let characters: [Input] = bytes == [0x1B] ? [.character("\u{1B}")]
                : bytes.first == 0x1B ? [] : bytes.map { .character(Character(Unicode.Scalar($0))) }
            lock.withLock {
                pending.append(contentsOf: keys)
                inputs.append(contentsOf: characters)
            }
        }
    }

    /// Line typing: Enter opens a line, shown as it is typed; Enter gives it, Esc drops it. True when the bytes were
    /// taken as typing.
    private func typeLine(_ bytes: [UInt8]) -> Bool {
        let enter: Set<UInt8> = [10, 13]
        guard var line = typed else {
            guard bytes.count == 1, enter.contains(bytes[0]) else { return false }
            typed = []
            StandardStreams.write("> ", to: STDERR_FILENO)
            return true
        }
        for byte in bytes {
            switch byte {
            case 10, 13:
                typed = nil
                StandardStreams.write("\n", to: STDERR_FILENO)
                let text = String(decoding: line, as: UTF8.self)
                lock.withLock { inputs.append(.line(text)) }
                return true
            case 0x1B:
                typed = nil
                StandardStreams.write("\n", to: STDERR_FILENO)
                return true
            case 127, 8:
                if !line.isEmpty {
                    // Step back over a whole UTF-8 character (its continuation bytes, then its lead byte).
                    while let last = line.last, last & 0xC0 == 0x80 { line.removeLast() }
                    if !line.isEmpty { line.removeLast() }
                    StandardStreams.write("\u{8} \u{8}", to: STDERR_FILENO)
                }
            default:
                line.append(byte)
                StandardStreams.write(bytes: [byte], to: STDERR_FILENO)
            }
        }
        typed = line
        return true
    }

    /// Maps bytes read together to keys. A lone Escape stops; Escape sequences (arrow keys) are ignored.
    public static func keys(from bytes: [UInt8]) -> [Key] {
        if bytes == [0x1B] { return [.stop] }
        if bytes.first == 0x1B { return [] }
        return bytes.compactMap { byte in
            switch byte {
            case UInt8(ascii: " "): .space
            case UInt8(ascii: "r"), UInt8(ascii: "R"): .repeatLast
            case UInt8(ascii: "p"), UInt8(ascii: "P"): .pauseResume
            case UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "q"), UInt8(ascii: "Q"): .stop
            case UInt8(ascii: "f"), UInt8(ascii: "F"): .speed
            case UInt8(ascii: "n"), UInt8(ascii: "N"): .next
            case UInt8(ascii: "b"), UInt8(ascii: "B"): .previous
            default: nil
            }
        }
    }

    // A C signal handler cannot capture; the saved settings it restores live here.
    nonisolated(unsafe) private static var saved = termios()
}
