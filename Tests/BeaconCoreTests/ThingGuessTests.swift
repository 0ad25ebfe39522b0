@testable import BeaconCore
import Testing

/// The ImageNet guess "what is this" says last: ImageNet's kinds added up to the everyday name, only above the
/// threshold, and always said as a guess.
@Suite struct ThingGuessTests {
    /// Probabilities with the given classes set and the rest spread evenly.
    static func probabilities(_ set: [Int: Float]) -> [Float] {
        let rest = (1 - set.values.reduce(0, +)) / Float(ImageNetNames.spoken.count - set.count)
        return (0..<ImageNetNames.spoken.count).map { set[$0] ?? rest }
    }

    @Test func imageNetHasAThousandNamedClasses() {
        #expect(ImageNetNames.spoken.count == 1000)
        #expect(ImageNetNames.spoken.allSatisfy { !$0.isEmpty && $0 == $0.trimmingCharacters(in: .whitespaces) })
        #expect(ImageNetNames.spoken[504] == "cup" && ImageNetNames.spoken[968] == "cup") // coffee mug, cup
        #expect(ImageNetNames.spoken[761] == "remote control")
        #expect(ImageNetNames.spoken[151...268].allSatisfy { $0 == "dog" })
    }

    /// Nine balls of ImageNet, none sure alone, are surely a ball together; a breed alone is said as a dog.
    @Test func kindsAddUpToTheEverydayName() {
        let balls = ThingGuess.best(Self.probabilities([852: 0.35, 522: 0.3, 890: 0.2]))
        #expect(balls?.name == "ball")
        #expect(abs((balls?.probability ?? 0) - 0.85) < 0.01)
        #expect(ThingGuess.best(Self.probabilities([208: 0.9]))?.name == "dog")
    }

    @Test func nothingIsGuessedBelowTheThreshold() {
        #expect(ThingGuess.best(Self.probabilities([761: 0.75])) == nil)
        #expect(ThingGuess.best(Self.probabilities([761: 0.85]))?.name == "remote control")
        #expect(ThingGuess.best([0.5, 0.5]) == nil, "not ImageNet's 1,000 classes")
    }

    @Test func theGuessIsSaidAsAGuessInEachLanguage() {
        let light = LightReading(Frame(width: 4, height: 4, rgb: [UInt8](repeating: 128, count: 48)))
        func said(_ name: String, _ language: TextLanguage) -> String {
            let book = Phrasebook(language: language)
            return book.identify.whatItIs(Identification(light: light, guess: ThingGuess(name: name, probability: 0.9)),
                                          in: book)
        }
        #expect(said("ball", .english) == "Maybe a ball.")
        #expect(said("umbrella", .english) == "Maybe an umbrella.")
        #expect(said("coffee", .english) == "Maybe coffee.")
        #expect(said("ball", .russian) == "Возможно, это мяч.")
        #expect(said("ball", .chinese) == "可能是球。")
        // A name with no Russian or Chinese word is not said in English inside their speech.
        #expect(said("maraca", .russian) == "Не могу понять; покажите другую сторону.")
        #expect(said("maraca", .chinese) == "看不出来，换一面试试。")
        #expect(said("maraca", .english) == "Maybe a maraca.")
    }

    /// A thing the detector saw is named as before; the guess is only the last resort.
    @Test func aDetectedThingComesBeforeTheGuess() {
        let book = Phrasebook(language: .english)
        let light = LightReading(Frame(width: 4, height: 4, rgb: [UInt8](repeating: 128, count: 48)))
        let cup = Detection(classIndex: 41, label: "cup", confidence: 0.8, box: NormalizedRect(x: 0.3, y: 0.3, width: 0.4, height: 0.4))
        let answer = Identification(thing: cup, light: light, guess: ThingGuess(name: "ball", probability: 0.9))
        #expect(book.identify.whatItIs(answer, in: book) == "Cup.")
    }
}
