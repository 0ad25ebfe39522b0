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
        let session = try Self.session("what is this\nquit\n", input: photo) { folder in
            let export = folder.appendingPathComponent("products.tsv")
            try "code\tproduct_name\tbrands\tquantity\tcountries_tags\n8413000065504\tAceitunas rellenas\tLa Española\t350 g\ten:spain\n"
                .write(to: export, atomically: true, encoding: .utf8)
            _ = try ProductStore(folder: folder).importOpenFoodFacts(export)
        }
        #expect(session.said.contains("La Española Aceitunas rellenas, 350 g."), "\(session.said)")
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
