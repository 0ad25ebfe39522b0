import ArgumentParser
import BeaconBench
import BeaconCommandLine
import BeaconCore
import BeaconMedia
import BeaconVision
import Foundation

struct BenchIdentifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identify",
        abstract: "Score barcode reading on photos of codes, beside zbarimg when it is installed.",
        usage: "beacon bench identify <folder>",
        discussion: """
            Each picture FOLDER/manifest.csv lists (file, expected_text, gtin) is read as `beacon identify` reads \
            it: ZBar, a code believed when two looks at the picture agree. Prints the pictures read right, wrong \
            codes (each one listed) and unread, for each half of the files and in all, with the median seconds a \
            picture; beside it `zbarimg --raw` (one look, every code it prints), and ZXing's numbers from \
            baseline.csv when the folder has one.

            Example:
              beacon bench identify ../shared/testdata/barcodes
            """
    )

    @Argument(help: "A folder with manifest.csv and the pictures it lists.")
    var folder: String

    func run() throws {
        let set: BarcodeSet
        do { set = try BarcodeSet(folder: URL(fileURLWithPath: folder)) } catch let error as BarcodeSet.ManifestError {
            throw ValidationError(error.sentence)
        }
        let reader = ZBarReader()
        let decoder = ImageDecoder()
        let zbarimg = Self.zbarimgPath()
        var beacon: [BarcodeScore] = [BarcodeScore(), BarcodeScore()]
        var reference: [BarcodeScore] = [BarcodeScore(), BarcodeScore()]
        var seconds: [Double] = [], referenceSeconds: [Double] = []
        for half in 0...1 {
            for picture in set.half(half) {
                let frame = try decoder.decode(contentsOf: picture.file)
                let start = Date()
                let codes = reader.readStill(frame)
                seconds.append(Date().timeIntervalSince(start))
                beacon[half].add(picture, read: codes)
                if let zbarimg {
                    let started = Date()
                    let printed = try Self.zbarimg(zbarimg, picture.file)
                    referenceSeconds.append(Date().timeIntervalSince(started))
                    reference[half].add(picture, read: Self.codes(printed: printed, for: picture))
                }
            }
        }
        Console.line("\(set.pictures.count) pictures in \(folder)")
        Console.line("                        right   wrong codes   unread   seconds a picture (median)")
        func row(_ label: String, _ score: BarcodeScore, _ seconds: [Double]?) {
            Console.line(label.padding(toLength: 22, withPad: " ", startingAt: 0)
                + String(format: "%4d/%-4d %8d %10d", score.right, score.pictures, score.wrongCodes, score.unread)
                + (seconds.map { String(format: "%12.3f", percentile($0, 0.5)) } ?? ""))
        }
        for (index, score) in beacon.enumerated() { row("Beacon, half \(index)", score, nil) }
        row("Beacon, all", beacon[0].merged(with: beacon[1]), seconds)
        if zbarimg != nil {
            for (index, score) in reference.enumerated() { row("zbarimg, half \(index)", score, nil) }
            row("zbarimg, all", reference[0].merged(with: reference[1]), referenceSeconds)
        } else {
            Console.line("(zbarimg is not installed: apt install zbar-tools to compare)")
        }
        if let zxing = Self.zxingBaseline(set.folder) { Console.line(zxing) }
        for line in beacon[0].wrong + beacon[1].wrong { Console.line("Beacon wrong: \(line)") }
        for line in reference[0].wrong + reference[1].wrong { Console.line("zbarimg wrong: \(line)") }
    }

    static func zbarimgPath() -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        return paths.map { "\($0)/zbarimg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func zbarimg(_ path: String, _ file: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--raw", "-q", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// zbarimg's output as codes: the whole of it for a QR picture (its text may hold line breaks), else one code a
    /// line (zbarimg prints UPC-A and UPC-E as their 13-digit EAN).
    static func codes(printed: String, for picture: BarcodeSet.Picture) -> [Barcode] {
        let text = printed.hasSuffix("\n") ? String(printed.dropLast()) : printed
        guard !text.isEmpty else { return [] }
        if picture.gtin == nil { return [Barcode(symbology: .qr, text: text)] }
        return text.split(separator: "\n").map { line in
            Barcode(symbology: line.count == 8 ? .ean8 : .ean13, text: String(line))
        }
    }

    /// ZXing's own results from baseline.csv: how many pass at 0°, and with its try-harder mode.
    static func zxingBaseline(_ folder: URL) -> String? {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("baseline.csv"), encoding: .utf8) else {
            return nil
        }
        let rows = CSV.rows(text)
        guard let header = rows.first, let plain = header.firstIndex(of: "zxing_0"),
              let harder = header.firstIndex(of: "zxing_0_tryharder") else { return nil }
        let body = rows.dropFirst()
        func passes(_ column: Int) -> Int { body.filter { $0.count > column && $0[column] == "pass" }.count }
        func misreads(_ column: Int) -> Int { body.filter { $0.count > column && $0[column] == "misread" }.count }
        return "ZXing (baseline.csv), 0°: \(passes(plain))/\(body.count) right, \(misreads(plain)) misread; "
            + "trying harder: \(passes(harder)) right, \(misreads(harder)) misread"
    }
}
