import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconMedia
import Foundation

struct BenchColourCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "colour",
        abstract: "Score colour names on real pictures against the colours a person gave them.",
        usage: "beacon bench colour <folder> [--labels <file>]",
        discussion: """
            Each picture the labels list (file, colours, and optionally its thing's box x1, y1, x2, y2 in pixels) is \
            named as "what colour is this" names it: the middle half of the box, or the middle of the picture. A \
            name is right when it is said surely and every colour said is one of the picture's (navy counts as \
            blue); wrong when said surely otherwise; else "not sure", and of those the ones whose guess ("Colour not \
            sure; maybe red.") is one of the picture's colours are counted too. Prints each picture, then the \
            counts for each half of the list and in all, and the median milliseconds a picture.

            Examples:
              python3 scripts/core50_colours.py montage.jpg /tmp/colours
              beacon bench colour /tmp/colours
              beacon bench colour ../shared/testdata/taught \\
                --labels scripts/data/taught-colours.csv
            """
    )

    @Argument(help: "The folder the labelled pictures are in.")
    var folder: String

    @Option(help: "The labels (CSV: file, colours separated by spaces, optional x1, y1, x2, y2); FOLDER/colours.csv when not given.")
    var labels: String?

    /// Why the labelled pictures cannot be scored, in one sentence.
    struct LabelsProblem: UserFacingError {
        let sentence: String
    }

    struct Score {
        var right = 0, wrong = 0, unsure = 0
        /// Not sure, but the guess said after "maybe" is one of the picture's colours.
        var unsureGuessRight = 0
        var pictures: Int { right + wrong + unsure }
    }

    func run() throws {
        let root = URL(fileURLWithPath: folder)
        let labelsFile = labels.map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent("colours.csv")
        guard let text = try? String(contentsOf: labelsFile, encoding: .utf8) else {
            throw LabelsProblem(sentence: "Cannot read \(labelsFile.path); give --labels or a folder with colours.csv.")
        }
        let rows = CSV.rows(text).filter { !($0.first ?? "").hasPrefix("#") && $0.count >= 2 }.dropFirst()
        guard !rows.isEmpty else { throw LabelsProblem(sentence: "\(labelsFile.path) lists no pictures.") }
        let decoder = ImageDecoder()
        var scores = [Score(), Score()], milliseconds: [Double] = []
        for (index, row) in rows.enumerated() {
            let expected = Set(row[1].split(separator: " ").compactMap { ColourName.Basic(rawValue: String($0)) })
            guard !expected.isEmpty else { throw LabelsProblem(sentence: "\(row[0]): no colour Beacon knows in \"\(row[1])\".") }
            let frame = try decoder.decode(contentsOf: root.appendingPathComponent(row[0]))
            var patch = ColourNamer.middle
            if row.count >= 6, let x1 = Double(row[2]), let y1 = Double(row[3]), let x2 = Double(row[4]), let y2 = Double(row[5]) {
                let (w, h) = (Double(frame.width), Double(frame.height))
                patch = Identification.colourPatch(of: NormalizedRect(x: x1 / w, y: y1 / h, width: (x2 - x1) / w, height: (y2 - y1) / h))
            }
            let start = Date()
            let reading = ColourNamer.read(frame, patch: patch)
            milliseconds.append(Date().timeIntervalSince(start) * 1000)
            let half = index < rows.count / 2 ? 0 : 1
            let said = reading.map { $0.names.map(\.english).joined(separator: " and ") } ?? "nothing"
            let verdict: String
            if let reading, reading.sure {
                if reading.names.allSatisfy({ expected.contains($0.basic) }) {
                    scores[half].right += 1
                    verdict = "right"
                } else {
                    scores[half].wrong += 1
                    verdict = "WRONG"
                }
            } else {
                scores[half].unsure += 1
                let guessRight = reading.map { expected.contains($0.names[0].basic) } ?? false
                if guessRight { scores[half].unsureGuessRight += 1 }
                verdict = guessRight ? "not sure, maybe right" : "not sure"
            }
            Console.line("\(row[0]): \(said) (\(verdict); a person: \(row[1]))")
        }
        Console.line("                 right   wrong, said surely   not sure   maybe right")
        func line(_ label: String, _ score: Score) {
            Console.line(label.padding(toLength: 14, withPad: " ", startingAt: 0)
                + String(format: "%4d/%-4d %12d %14d %13d", score.right, score.pictures, score.wrong, score.unsure,
                         score.unsureGuessRight))
        }
        line("half 0", scores[0])
        line("half 1", scores[1])
        line("all", Score(right: scores[0].right + scores[1].right, wrong: scores[0].wrong + scores[1].wrong,
                          unsure: scores[0].unsure + scores[1].unsure,
                          unsureGuessRight: scores[0].unsureGuessRight + scores[1].unsureGuessRight))
        Console.line(String(format: "%.2f ms a picture (median of %d)", percentile(milliseconds, 0.5), milliseconds.count))
    }
}
