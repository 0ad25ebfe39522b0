import BeaconCore
import BeaconStore
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconRuntime

/// "What is this", "what colour is this" and "is the light on" in scripted assistant sessions on real photos: a
/// product named from ZXing's phone photo of its barcode, a blue ball's colour, a night street's lamps.
@Suite struct QuestionsRunTests {
    static func session(_ script: String, input: URL, before: (URL) throws -> Void = { _ in }) throws -> AssistantRunTests.Session {
        let folder = try TestData.temporaryFolder("beacon-questions")
        defer { try? FileManager.default.removeItem(at: folder) }
        try before(folder)
        return try AssistantRunTests.session(AssistantRun(input: input.path, json: true, silent: true, dataDirectory: folder.path),
                                             script: script)
    }

    static func photo(_ url: URL) -> URL? {
        guard FileManager.default.fileExists(atPath: url.path) else {
            if TestData.required { Issue.record("\(url.path) is missing") }
            return nil
        }
        return url
    }

    @Test func whatIsThisNamesAProductInTheListFromItsBarcode() throws {
        guard let photo = Self.photo(TestData.barcodesFolder.appendingPathComponent("ean13-1/1.png")) else { return }
        let session = try Self.session("allergens\nwhat is this\nallergens\nquit\n", input: photo) { folder in
            let export = folder.appendingPathComponent("products.tsv")
            try "code\tproduct_name\tbrands\tquantity\tcountries_tags\tallergens\n8413000065504\tAceitunas rellenas\tLa Española\t350 g\ten:spain\ten:fish,en:milk\n"
                .write(to: export, atomically: true, encoding: .utf8)
            _ = try ProductStore(folder: folder).importOpenFoodFacts(export)
        }
        // Allergens before any product is named say how to name one; after, they are the product's.
        #expect(session.said == ["Beacon ready.", "No product yet; say what is this.", "La Española Aceitunas rellenas, 350 g.",
                                 "Contains fish, milk.", "Goodbye."], "\(session.said)")
        #expect(session.effects.contains { $0.effect == "identify" && $0.target == "identify" })
    }

    @Test func aCodeNotInTheListIsSaidAsItsNumber() throws {
        guard let photo = Self.photo(TestData.barcodesFolder.appendingPathComponent("ean13-1/1.png")) else { return }
        let said = try Self.session("identify\nquit\n", input: photo).said
        #expect(said.contains("Barcode 8 413000 065504; not in your product list."), "\(said)")
    }

    /// The camera aimed at the blue ball on CORe50's shelf: the photo cut to 640 × 480 around it.
    @Test func whatColourNamesABlueBallBlue() throws {
        guard RunTestSupport.canDetect(), TestData.hasTool("ffmpeg"),
              let shelf = Self.photo(TestData.taughtFolder.appendingPathComponent("ball_blue_foam/find/core50_VIN01689.jpg"))
        else { return }
        let folder = try TestData.temporaryFolder("beacon-questions-ball")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("ball.png")
        let cut = try TestData.run("ffmpeg", ["-v", "error", "-y", "-i", shelf.path, "-vf", "crop=640:480:851:475", photo.path])
        try #require(cut.status == 0, "\(cut.stderr)")
        let said = try Self.session("what colour is this\nlanguage russian\nкакого цвета\nquit\n", input: photo).said
        #expect(said.contains("Blue.") || said.contains("Navy."), "\(said)")
        #expect(said.contains("Синий.") || said.contains("Тёмно-синий."), "\(said)")
    }

    @Test func isTheLightOnFindsTheStreetLampsAtNight() throws {
        guard let photo = TestData.carPhoto("18_yellow_ferrari430_UK-LJ58AHY_night_wet.jpg") else {
            if TestData.required { Issue.record("the night car photo is missing") }
            return
        }
        let said = try Self.session("is the light on\nquit\n", input: photo).said
        #expect(said.contains { $0.hasSuffix("picture.") || $0.contains("picture. A light") }, "\(said)")
        #expect(said.contains { $0.contains("A light") }, "\(said)")
    }

    @Test func whatIsThisWithNothingInTheMiddleSaysItCannotTell() throws {
        guard RunTestSupport.canDetect(), TestData.hasTool("ffmpeg") else { return }
        let folder = try TestData.temporaryFolder("beacon-questions-blank")
        defer { try? FileManager.default.removeItem(at: folder) }
        let blank = folder.appendingPathComponent("wall.png")
        let made = try TestData.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=0xB0A890:s=640x480:d=1",
                                               "-frames:v", "1", blank.path])
        try #require(made.status == 0, "\(made.stderr)")
        let said = try Self.session("what is this\nquit\n", input: blank).said
        #expect(said.contains("I can't tell; try another side."), "\(said)")
    }
}

/// Light mode on a real street photo faded in from black, as a room looks through a camera whose exposure is held
/// when the light comes on: the tone rises with the light, and stop ends it. (A camera left on automatic exposure
/// lifts a night street to the brightness of a day one: 0.38 and 0.39 for cars 05 and 09, so the tone follows the
/// picture, not the room; said in help.)
@Suite struct LightModeRunTests {
    @Test func theToneRisesAsTheLightComesOn() throws {
        guard TestData.hasTool("ffmpeg"), let street = TestData.carPhoto("09_red_ferrari599_FR-AK071RM_town-street.jpg") else {
            if TestData.required { Issue.record("the car photo or ffmpeg is missing") }
            return
        }
        let folder = try TestData.temporaryFolder("beacon-light-mode")
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("lights-on.mp4")
        let made = try TestData.run("ffmpeg", ["-v", "error", "-y", "-loop", "1", "-t", "6", "-i", street.path, "-vf",
                                               "scale=640:480,setsar=1,fade=in:st=1:d=3", "-r", "10", "-pix_fmt", "yuv420p", video.path])
        try #require(made.status == 0, "\(made.stderr)")
        let session = try QuestionsRunTests.session("light mode\nwait 5\nstop\nquit\n", input: video)
        #expect(session.said.contains("Light mode; the tone rises with the light."), "\(session.said)")
        let tones = session.effects.filter { $0.effect == "earcon" && $0.earcon == "light" }
        // Four a second while the mode lasts, from the lowest pitch in the dark to a higher one in the light.
        #expect(tones.count >= 15, "\(tones.count) tones")
        let pitches = tones.compactMap(\.pitch)
        #expect(pitches.first == -1, "\(pitches)")
        #expect((pitches.last ?? -1) > -0.5, "\(pitches)")
        #expect(zip(pitches, pitches.dropFirst()).allSatisfy { $1 >= $0 - 0.01 }, "the tone fell as the light rose: \(pitches)")
        // After stop, no more tones.
        let stopped = try #require(session.effects.first { $0.effect == "mode" && $0.mode == "idle" }?.time)
        #expect(!tones.contains { $0.time > stopped + 0.01 }, "\(tones.map(\.time)) after \(stopped)")
    }
}

/// Aiming at a barcode by sound on ZXing's real phone photo of a jar's code, slid into view from the right as a
/// camera panning onto the package would see it (the photo set on a plain background, 640 × 480 window).
@Suite struct AimingAtCodeRunTests {
    static func pan(in folder: URL) throws -> URL? {
        guard TestData.hasTool("ffmpeg"),
              let photo = QuestionsRunTests.photo(TestData.barcodesFolder.appendingPathComponent("ean13-1/1.png")) else { return nil }
        let video = folder.appendingPathComponent("pan-onto-code.mp4")
        let made = try TestData.run("ffmpeg", ["-v", "error", "-y", "-loop", "1", "-t", "7", "-i", photo.path, "-vf",
                                               "pad=1920:480:1280:0:color=0x8C8478,crop=640:480:'min(1280,t*320)':0,setsar=1",
                                               "-r", "10", "-pix_fmt", "yuv420p", video.path])
        try #require(made.status == 0, "\(made.stderr)")
        return video
    }

    @Test func theBeatsRiseAsTheCodeComesIntoViewThenTheProductIsSaid() throws {
        let folder = try TestData.temporaryFolder("beacon-aim-code")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let video = try Self.pan(in: folder) else { return }
        let session = try QuestionsRunTests.session("scan barcode\nwait 8\nquit\n", input: video) { data in
            let export = data.appendingPathComponent("products.tsv")
            try "code\tproduct_name\tbrands\tquantity\tcountries_tags\tallergens\n8413000065504\tAceitunas rellenas\tLa Española\t350 g\ten:spain\ten:fish\n"
                .write(to: export, atomically: true, encoding: .utf8)
            _ = try ProductStore(folder: data).importOpenFoodFacts(export)
        }
        #expect(session.said.contains("Barcode search; follow the beats."), "\(session.said)")
        let beats = session.effects.filter { $0.effect == "earcon" && $0.earcon == "tick" }
        let pitches = beats.compactMap(\.pitch)
        #expect(pitches.count >= 2, "\(pitches)")
        #expect((pitches.last ?? -1) > (pitches.first ?? 1), "\(pitches)")
        #expect(zip(pitches, pitches.dropFirst()).allSatisfy { $1 >= $0 - 0.05 }, "the beats fell as the code came in: \(pitches)")
        // No beat before the code is in view: the first half second shows only the background.
        #expect(!beats.contains { $0.time < 1.5 }, "\(beats.map(\.time))")
        let found = try #require(session.effects.first { $0.effect == "earcon" && $0.earcon == "found" })
        #expect(beats.allSatisfy { $0.time <= found.time }, "beats after the code read")
        let named = try #require(session.effects.first { $0.effect == "speak" && $0.text == "La Española Aceitunas rellenas, 350 g." },
                                 "\(session.said)")
        #expect(named.time >= found.time)
        #expect(session.effects.contains { $0.effect == "mode" && $0.mode == "idle" && $0.time >= found.time })
    }

    /// A still of the code half in view: nothing reads, so "what is this" goes on to aim at the bars.
    @Test func whatIsThisAimsAtBarsThatDoNotReadYet() throws {
        let folder = try TestData.temporaryFolder("beacon-aim-still")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let video = try Self.pan(in: folder) else { return }
        let still = folder.appendingPathComponent("half-in-view.png")
        let cut = try TestData.run("ffmpeg", ["-v", "error", "-y", "-ss", "3.2", "-i", video.path, "-frames:v", "1", still.path])
        try #require(cut.status == 0, "\(cut.stderr)")
        let session = try QuestionsRunTests.session("what is this\nquit\n", input: still)
        #expect(session.said.contains("Barcode in view; follow the beats."), "\(session.said)")
        #expect(!session.said.contains("I can't tell; try another side."), "\(session.said)")
        #expect(session.effects.contains { $0.effect == "mode" && $0.mode == "code" })
    }
}

/// Short text on a real scanned magazine page (UNLV-ISRI 8071_093, ../shared/testdata/pages): the camera, held close,
/// slides along its headline, as a person sweeping a phone over a poster would. Each line is said once, a line
/// running off the picture says so, and nothing is said that the page does not print.
@Suite struct ShortTextRunTests {
    @Test func linesAreSaidOnceAsTheyComeIntoViewAndOnlyWhatThePagePrints() throws {
        let page = TestData.pagesFolder.appendingPathComponent("8071_093.3B.tif")
        guard RunTestSupport.canRead(), TestData.hasTool("ffmpeg"), let scan = QuestionsRunTests.photo(page) else { return }
        let printed = try String(contentsOf: page.deletingPathExtension().appendingPathExtension("txt"), encoding: .utf8)
        let folder = try TestData.temporaryFolder("beacon-short-text")
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("headline-pan.mp4")
        // The page at a third of its 300 dpi (1104 × 850): a 400 × 100 window over "What Kids Need Most in a Dad" and
        // the byline under it, seen as 640 × 160, sliding right for 3 s (the headline's second half comes in from
        // the right edge) and then held.
        let made = try TestData.run("ffmpeg", ["-v", "error", "-y", "-loop", "1", "-t", "4", "-i", scan.path, "-vf",
                                               "scale=1104:-1,crop=400:100:'min(560,150+t*137)':608,scale=640:160,setsar=1",
                                               "-r", "2", "-pix_fmt", "yuv420p", video.path])
        try #require(made.status == 0, "\(made.stderr)")
        let session = try QuestionsRunTests.session("short text\nwait 5\nstop\nquit\n", input: video)
        let said = session.said
        let announced = "Short text; new lines are read as they come into view."
        let start = try #require(said.firstIndex(of: announced), "\(said)")
        let stop = said.lastIndex(of: "Stopped.") ?? said.endIndex
        let lines = said[(start + 1)..<stop].filter { !$0.hasPrefix("Text cut off") }
        // Both halves of the headline are heard.
        let heard = lines.joined(separator: " ").lowercased()
        for word in ["what", "kids", "need", "most", "dad"] { #expect(heard.contains(word), "\(word) in \(lines)") }
        // "Need Most" slides in from the right edge: a line runs off the picture, and the person hears so.
        #expect(said.contains { $0.hasPrefix("Text cut off on the") }, "\(said)")
        // Said once while in view: no line twice, and not once per step of the slide.
        #expect(Set(lines).count == lines.count, "\(lines)")
        #expect(lines.count <= 6, "\(lines)")
        // Nothing invented: the words of every line said are the page's words (OCR may miss a letter of one).
        let pageWords = Set(printed.lowercased().split { !$0.isLetter }.map(String.init))
        for line in lines {
            let words = line.lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count > 2 }
            let known = words.filter { pageWords.contains($0) }
            #expect(known.count * 3 >= words.count * 2, "\(line): \(words.filter { !pageWords.contains($0) }) not on the page; \(lines)")
        }
    }
}
