import BeaconCore
import BeaconMedia
import BeaconTestSupport
import Foundation
import Testing

@Suite("Images that cannot be read")
struct ImageErrorTests {
    /// Decodes `url`, expecting exactly `expected`, and checks that its sentence names the file.
    private func expectFailure(_ url: URL, _ expected: MediaError, decoder: ImageDecoder = ImageDecoder(),
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: expected, sourceLocation: sourceLocation) { try decoder.decode(contentsOf: url) }
        #expect(expected.sentence.contains(url.lastPathComponent), sourceLocation: sourceLocation)
    }

    @Test("A text file is not an image")
    func textFile() throws {
        let scratch = try ScratchFolder()
        let notes = try scratch.write("Buy milk.\nCall the dentist.\n", to: "notes.txt")
        expectFailure(notes, .notAnImage("notes.txt"))
        #expect(MediaError.notAnImage("notes.txt").sentence
                == "Cannot read image notes.txt: it is not a JPEG, PNG or TIFF file.")
    }

    @Test("An empty file, a missing file and a folder each have their own sentence")
    func emptyMissingFolder() throws {
        let scratch = try ScratchFolder()
        expectFailure(try scratch.write("", to: "empty.png"), .emptyFile("empty.png"))
        expectFailure(scratch.file("gone.jpg"), .fileNotFound("gone.jpg"))
        let folder = scratch.file("holiday.jpg")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        expectFailure(folder, .isAFolder("holiday.jpg"))
        #expect(throws: MediaError.emptyFile("memory.png")) { try ImageDecoder().decode(Data(), name: "memory.png") }
    }

    @Test("A JPEG cut in half is an error, not a half-grey picture")
    func truncatedJPEG() throws {
        guard let bus = Fixtures.photo("bus.jpg") else { return }
        let scratch = try ScratchFolder()
        for fraction in [0.5, 0.9, 0.01] {
            let cut = scratch.file("bus-\(Int(fraction * 100)).jpg")
            try Fixtures.truncatedCopy(of: bus, fraction: fraction, to: cut)
            expectFailure(cut, .damagedImage(cut.lastPathComponent))
        }
        let signatureOnly = scratch.file("signature.jpg")
        try Fixtures.truncatedCopy(of: bus, bytes: 3, to: signatureOnly)
        expectFailure(signatureOnly, .damagedImage("signature.jpg"))
    }

    @Test("A TIFF cut short, or only its signature, is an error")
    func truncatedTIFF() throws {
        let page = TestData.pagesFolder.appendingPathComponent("8071_093.3B.tif")
        guard FileManager.default.fileExists(atPath: page.path) else { return Fixtures.skip("\(page.path) is missing") }
        let scratch = try ScratchFolder()
        for fraction in [0.5, 0.01] {
            let cut = scratch.file("scan-\(Int(fraction * 100)).tif")
            try Fixtures.truncatedCopy(of: page, fraction: fraction, to: cut)
            expectFailure(cut, .damagedImage(cut.lastPathComponent))
        }
        let signatureOnly = try scratch.write("II*\0", to: "signature.tif")
        expectFailure(signatureOnly, .damagedImage("signature.tif"))
    }

    @Test("A PNG cut short is an error")
    func truncatedPNG() throws {
        guard let coffee = Fixtures.photo("coffee.png") else { return }
        let scratch = try ScratchFolder()
        for fraction in [0.5, 0.999] {
            let cut = scratch.file("coffee-\(Int(fraction * 1000)).png")
            try Fixtures.truncatedCopy(of: coffee, fraction: fraction, to: cut)
            expectFailure(cut, .damagedImage(cut.lastPathComponent))
        }
        let signatureOnly = scratch.file("signature.png")
        try Fixtures.truncatedCopy(of: coffee, bytes: 8, to: signatureOnly)
        expectFailure(signatureOnly, .damagedImage("signature.png"))
    }

    @Test("Corrupt data after a valid header is an error")
    func corruptBody() throws {
        guard let bus = Fixtures.photo("bus.jpg"), let coffee = Fixtures.photo("coffee.png") else { return }
        let scratch = try ScratchFolder()
        for (source, name) in [(bus, "scrambled.jpg"), (coffee, "scrambled.png")] {
            var bytes = [UInt8](try Data(contentsOf: source))
            // Keep the headers, overwrite the middle of the compressed data.
            let start = bytes.count / 3
            for index in start..<(start + 4096) { bytes[index] = UInt8(truncatingIfNeeded: index &* 2654435761 >> 13) }
            let destination = scratch.file(name)
            try Data(bytes).write(to: destination)
            expectFailure(destination, .damagedImage(name))
        }
    }

    @Test("A picture beyond the pixel limit is refused before decoding")
    func tooLarge() throws {
        guard let bus = Fixtures.photo("bus.jpg"), let coffee = Fixtures.photo("coffee.png") else { return }
        let small = ImageDecoder(maxPixels: 100_000)
        expectFailure(bus, .imageTooLarge("bus.jpg", width: 810, height: 1080), decoder: small)
        expectFailure(coffee, .imageTooLarge("coffee.png", width: 600, height: 400), decoder: small)
    }

    @Test("Every image sentence is one sentence that names the file")
    func sentencesAreSingle() {
        let errors: [MediaError] = [
            .fileNotFound("a.jpg"), .isAFolder("a.jpg"), .fileNotReadable("a.jpg"), .emptyFile("a.jpg"),
            .notAnImage("a.jpg"), .damagedImage("a.jpg"), .unsupportedImage("a.jpg", detail: "CMYK"),
            .imageTooLarge("a.jpg", width: 1, height: 2),
        ]
        for error in errors {
            #expect(error.sentence.contains("a.jpg"))
            #expect(error.sentence.hasSuffix("."))
            #expect(error.sentence.dropLast().contains(".jpg"))
            #expect(error.sentence.filter { $0 == "." }.count == 2, "\(error.sentence)")
            #expect(error.description == error.sentence)
        }
    }
}
