import BeaconCore
import BeaconMedia
import BeaconTestSupport
import BeaconVision
import Foundation
import Testing
@testable import BeaconRuntime

/// EfficientNet-Lite0's ImageNet head on real photos, as "what is this" uses it when nothing else answers: a cat, a
/// cup of coffee, a hand-held phone (CORe50) are guessed; a page of text and an astronaut are not.
@Suite struct ThingGuesserTests {
    static func guesser() throws -> ThingGuesser? {
        guard TestData.model("efficientnet_lite0_imagenet.onnx") != nil, TestData.model("efficientnet_lite0_embed.onnx") != nil else {
            if TestData.required { Issue.record("efficientnet_lite0_imagenet.onnx or the embedder is missing") }
            else { print("skipping: run beacon models install efficientnet_lite0_imagenet") }
            return nil
        }
        let made = try Composition().thingGuesser()
        if made == nil { Issue.record("the models are there but no guesser was made") }
        return made
    }

    static func frame(_ url: URL?) throws -> Frame? {
        guard let url, FileManager.default.fileExists(atPath: url.path) else {
            if TestData.required { Issue.record("\(url?.path ?? "a photo") is missing") }
            return nil
        }
        return try ImageDecoder().decode(contentsOf: url)
    }

    @Test(arguments: [("chelsea.png", "cat"), ("coffee.png", "coffee")])
    func guessesWhatARealPhotoShows(photo: String, name: String) throws {
        guard let guesser = try Self.guesser(), let frame = try Self.frame(TestData.image(photo)) else { return }
        let guess = try guesser.guess(frame)
        #expect(guess?.name == name, "\(String(describing: guess))")
    }

    @Test func guessesAPhoneHeldUpOutdoors() throws {
        let url = TestData.taughtFolder.appendingPathComponent("phone_red_nokia/teach/core50_VIN01721_crop.jpg")
        guard let guesser = try Self.guesser(), let frame = try Self.frame(url) else { return }
        #expect(try guesser.guess(frame)?.name == "phone")
    }

    /// Nothing ImageNet names fills these: no guess, so "what is this" says it cannot tell.
    @Test(arguments: ["page.png", "astronaut.png", "text.png"])
    func guessesNothingWhereNothingFits(photo: String) throws {
        guard let guesser = try Self.guesser(), let frame = try Self.frame(TestData.image(photo)) else { return }
        let guess = try guesser.guess(frame)
        #expect(guess == nil, "\(String(describing: guess))")
        let answer = try IdentifyRun.identify(frame, reader: ZBarReader(), products: nil, guesser: guesser)
        #expect(answer.guess == nil)
    }

    /// The guess is the last resort: a thing the detector put over the middle is said instead, and colour and
    /// light questions never guess.
    @Test func aDetectedThingOrAnotherQuestionMeansNoGuess() throws {
        guard let guesser = try Self.guesser(), let frame = try Self.frame(TestData.image("chelsea.png")) else { return }
        let reader = ZBarReader()
        #expect(try IdentifyRun.identify(frame, reader: reader, products: nil, guesser: guesser).guess?.name == "cat")
        let cat = Detection(classIndex: 15, label: "cat", confidence: 0.9, box: NormalizedRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8))
        let detected = try IdentifyRun.identify(frame, reader: reader, products: nil, detections: [cat], guesser: guesser)
        #expect(detected.thing?.label == "cat" && detected.guess == nil)
        #expect(try IdentifyRun.identify(frame, reader: reader, products: nil, guesser: guesser, question: .colour).guess == nil)
    }
}
