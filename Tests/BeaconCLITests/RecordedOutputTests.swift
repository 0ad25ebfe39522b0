import BeaconTestSupport
import Foundation
import Testing

/// What the commands print, held to what the binary printed before the runtime moved out of the executable
/// (Tests/Data/recorded). These run the binary because the words' timing follows espeak-ng, which keeps state from
/// one utterance to the next within a process: only a fresh process says a phrase in exactly its recorded length.
/// (read's page record has no timing and is held in process, in TextRunTests.)
@Suite(.serialized) struct RecordedOutputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var recording: String
        /// The command, given the folders holding the pan sample and the text samples.
        var arguments: @Sendable (_ pan: URL, _ text: URL) -> [String]
        var script: String?
        /// Only the first lines of a long recording.
        var firstLines: Int?
        var testDescription: String { recording }
    }

    static let cases: [Case] = [
        Case(recording: "find-cup-coffee-pan.jsonl", arguments: { pan, _ in
            ["find", "cup", "--input", pan.appendingPathComponent("coffee-pan.mp4").path, "--json", "--silent"]
        }),
        Case(recording: "find-text-exit-text-pan.jsonl", arguments: { _, text in
            ["find-text", "EXIT", "--input", text.appendingPathComponent("text-pan.mp4").path, "--json", "--silent",
             "--frames", "24"]
        }, firstLines: 24),
        // The make-run session: the assistant typed to from a pipe.
        Case(recording: "assist-make-run.jsonl", arguments: { pan, _ in
            ["assist", "--input", pan.appendingPathComponent("coffee-pan.mp4").path, "--json", "--silent"]
        }, script: "explore\nfind cup\nwait 5\nstop\nwhat did you detect recently\nquit\n"),
    ]

    @Test(arguments: cases)
    func printsWhatItPrintedBeforeTheRuntimeMoved(_ recorded: Case) throws {
        guard try BeaconBinary.canDetect(), let samples = try Self.samples() else { return }
        let data = try TestData.temporaryFolder("beacon-recorded-data")
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try BeaconBinary.run(recorded.arguments(samples.pan, samples.text) + (recorded.script == nil ? [] : ["--data-dir", data.path]),
                                          input: recorded.script)
        #expect(result.status == 0, "\(result.stderr)")
        var kept = try Recordings.lines(recorded.recording)
        if let count = recorded.firstLines { kept = Array(kept.prefix(count)) }
        #expect(result.lines.count == kept.count, "\(result.lines.count) lines, recorded \(kept.count)")
        for (index, (made, old)) in zip(result.lines, kept).enumerated() {
            let difference = try Self.wallClockFree(.decode(old)).difference(from: Self.wallClockFree(.decode(made)))
            #expect(difference == nil, "line \(index + 1) differs at \(difference ?? "")")
        }
    }

    /// The sample folders, made once per test run as `make run` and the setup script make them.
    static func samples() throws -> (pan: URL, text: URL)? {
        guard TestData.image("coffee.png") != nil, TestData.image("page.png") != nil, TestData.hasTool("ffmpeg") else {
            if TestData.required { Issue.record("coffee.png, page.png or ffmpeg is missing") }
            return nil
        }
        let pan = try SampleMedia.pan(), text = try SampleMedia.text()
        #expect(pan.status == 0, "make-samples.sh: \(pan.stderr)")
        #expect(text.status == 0, "make-text-samples.sh: \(text.stderr)")
        guard pan.status == 0, text.status == 0 else { return nil }
        return (pan.folder, text.folder)
    }

    /// "Recently: cup, 9 seconds ago; …" follows the wall clock: compared up to its first number.
    static func wallClockFree(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text) where text.hasPrefix("Recently:"): .string(String(text.prefix { !$0.isNumber }))
        case .array(let items): .array(items.map(wallClockFree))
        case .object(let fields): .object(fields.mapValues(wallClockFree))
        default: value
        }
    }
}
