import ArgumentParser
import Testing
@testable import beacon
@testable import beacon_bench

/// Issue 17: every help screen reads cleanly in an 80-column terminal. Prose paragraphs are one logical line each
/// (a `\` ends every source line), so argument-parser wraps them itself; tables and examples are hard lines short
/// enough that it never has to break one, which is what left a word or two alone on a line before.
/// The commands come from the configuration, so a new command or subcommand is checked without being listed here.
@Suite("Help text")
struct HelpTextTests {
    static let columns = 80

    /// Every command under `beacon`, hidden ones included, as it is typed after `beacon`: "", "assist", "settings set".
    /// The benchmarks are their own program, run as `beacon bench …`, so they are walked under "bench".
    static func commandPaths() -> [String] {
        allCommands().map(\.path)
    }

    static func allCommands() -> [(path: String, type: ParsableCommand.Type, root: ParsableCommand.Type)] {
        commands(under: Beacon.self, path: []).map { ($0.path, $0.type, Beacon.self as ParsableCommand.Type) }
            + commands(under: BeaconBenchmarks.self, path: ["bench"]).dropFirst()
                .map { ($0.path, $0.type, BeaconBenchmarks.self as ParsableCommand.Type) }
    }

    static func commands(under command: ParsableCommand.Type,
                         path: [String]) -> [(path: String, type: ParsableCommand.Type)] {
        [(path.joined(separator: " "), command)]
            + command.configuration.subcommands.flatMap { commands(under: $0, path: path + [$0._commandName]) }
    }

    static func command(at path: String) -> (type: ParsableCommand.Type, root: ParsableCommand.Type)? {
        allCommands().first { $0.path == path }.map { ($0.type, $0.root) }
    }

    /// Terminal columns a line takes: East Asian wide characters (杯子) take two.
    static func width(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { sum, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
                return sum + 2
            case 0x0300...0x036F, 0x200B...0x200F:
                return sum // combining marks and zero-width characters
            default:
                return sum + 1
            }
        }
    }

    @Test("The walk finds the commands")
    func everyCommandIsFound() {
        let paths = Self.commandPaths()
        for expected in ["", "assist", "detect", "depth", "find", "find-text", "read", "serve", "settings",
                         "settings set", "models", "models install", "bench", "bench detect"] {
            #expect(paths.contains(expected), "beacon \(expected) is missing from the commands walked")
        }
    }

    @Test("No help line is wider than 80 columns", arguments: commandPaths())
    func helpFitsEightyColumns(path: String) throws {
        let (command, root) = try #require(Self.command(at: path))
        let help = root.helpMessage(for: command, columns: Self.columns)
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) where Self.width(line) > Self.columns {
            Issue.record("beacon \(path) --help: a line of \(Self.width(line)) columns: \(line)")
        }
    }

    /// argument-parser breaks any line of 80 characters or more at its last space. A hard line (a table row, an
    /// example, or a line that another follows) must therefore stay within 79 columns, and a hard break between two
    /// prose lines must come at the end of a sentence; inside a paragraph, lines end with `\` instead.
    @Test("Discussion tables and examples are never broken by wrapping", arguments: commandPaths())
    func discussionHardLinesFit(path: String) throws {
        let command = try #require(Self.command(at: path)).type
        let lines = command.configuration.discussion.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let next = index + 1 < lines.count ? lines[index + 1] : ""
            let isTableOrExample = line.first == " "
            let isFollowed = !next.isEmpty
            if (isTableOrExample || isFollowed) && Self.width(line) >= Self.columns {
                Issue.record("beacon \(path): this line would be wrapped, leaving a fragment: \(line)")
            }
            if !line.isEmpty, !isTableOrExample, isFollowed, next.first != " ",
               !(line.hasSuffix(".") || line.hasSuffix(":")) {
                Issue.record("beacon \(path): a paragraph breaks mid-sentence after \"\(line.suffix(30))\"; end its line with \\")
            }
        }
    }
}
