import ArgumentParser
import BeaconCommandLine
import BeaconBench
import BeaconCore
import BeaconMedia
import BeaconRuntime
import BeaconVision
import Foundation

struct BenchReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Score reading order on scanned pages against their ground truth, beside Tesseract alone.",
        usage: "beacon bench read <folder> [<options>]",
        discussion: """
            Each picture in FOLDER (TIFF, PNG or JPEG) with a NAME.txt beside it is read as `beacon read --input \
            PAGE --whole-frame` reads it, and its lines, in the order read, are scored against the text: accuracy \
            is 1 minus the character error rate of letters and digits in printed order (text read out of order \
            counts twice), body the same for the lines in the body zones of NAME.uzn alone (ISRI's zone file: \
            headlines, captions and footers are listed after the body), word recall the share of the page's words \
            read anywhere. Beside it: the same lines in Beacon's own order (no page layout analysis), and \
            Tesseract alone (its own text in its own layout order).

            Example:
              beacon bench read ../shared/testdata/pages
            """
    )

    @Argument(help: "A folder of page pictures, each with NAME.txt (its text) and optionally NAME.uzn (its zones).")
    var folder: String

    @OptionGroup var ocr: PPOCROptions

    struct NoPages: UserFacingError {
        let folder: String
        var sentence: String { "No pages to score in \(folder): put pictures there with NAME.txt beside each." }
    }

    func run() throws {
        let url = URL(fileURLWithPath: folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        let pages = names.filter { name in
            let picture = ["tif", "tiff", "png", "jpg", "jpeg"].contains((name as NSString).pathExtension.lowercased())
            return picture && names.contains((name as NSString).deletingPathExtension + ".txt")
        }
        guard !pages.isEmpty else { throw NoPages(folder: folder) }
        let composition = Composition()
        let reader = try composition.textReader(ocr.settings, language: .automatic, pageLayout: true)
        let tesseract = try TesseractRecognizer(languages: "eng")
        let decoder = ImageDecoder()
        for name in pages {
            let stem = (name as NSString).deletingPathExtension
            let textURL = url.appendingPathComponent(stem + ".txt"), zonesURL = url.appendingPathComponent(stem + ".uzn")
            let zones = FileManager.default.fileExists(atPath: zonesURL.path)
                ? try String(contentsOf: zonesURL, encoding: .utf8) : nil
            let truth = try PrintedPage(text: String(contentsOf: textURL, encoding: .isoLatin1), zones: zones,
                                        path: textURL.path)
            let frame = try decoder.decode(contentsOf: url.appendingPathComponent(name))

            var start = Date()
            let reading = try reader.read(frame)
            let read = PageText(reading: reading, frameWidth: frame.width, frameHeight: frame.height, wholeFrame: true,
                                mode: .lines, language: .automatic)
            let readSeconds = Date().timeIntervalSince(start)
            var unlaid = reading
            unlaid.layout = nil
            let ownOrder = PageText(reading: unlaid, frameWidth: frame.width, frameHeight: frame.height,
                                    wholeFrame: true, mode: .lines, language: .automatic)
            start = Date()
            let alone = try tesseract.recognize(frame)
            let aloneSeconds = Date().timeIntervalSince(start)

            Console.line("")
            Console.line("\(name): \(frame.width)×\(frame.height), \(truth.zones.count) zones, "
                + "\(reading.layout?.lines.count ?? 0) layout lines")
            Console.line("                      accuracy    body   word recall   seconds")
            let rows: [(String, [TextLine], Double?)] = [
                ("Beacon read", read.orderedLines, readSeconds),
                ("Beacon, own order", ownOrder.orderedLines, nil),
                ("Tesseract alone", alone, aloneSeconds),
            ]
            for (label, lines, seconds) in rows {
                let score = truth.score(lines, width: frame.width, height: frame.height)
                Console.line(label.padding(toLength: 20, withPad: " ", startingAt: 0)
                    + String(format: "%10.3f %7.3f %13.3f", score.accuracy, score.bodyAccuracy, score.wordRecall)
                    + (seconds.map { String(format: "%10.1f", $0) } ?? ""))
            }
        }
    }
}
