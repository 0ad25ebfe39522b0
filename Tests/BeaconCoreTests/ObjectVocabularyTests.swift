import Testing
@testable import BeaconCore

@Suite struct ObjectVocabularyTests {
    let vocabulary = ObjectVocabulary()

    func label(_ query: String) -> String? { vocabulary.classIndex(for: query).map { vocabulary.labels[$0] } }

    @Test func namesSynonymsAndPlurals() {
        #expect(label("cup") == "cup")
        #expect(label("mug") == "cup")
        #expect(label("Find my mug!") == "cup")
        #expect(label("phone") == "cell phone")
        #expect(label("my phone") == "cell phone")
        #expect(label("couch") == "couch")
        #expect(label("sofa") == "couch")
        #expect(label("people") == "person")
        #expect(label("cups") == "cup")
        #expect(label("knives") == "knife")
        #expect(label("buses") == "bus")
        #expect(label("traffic lights") == "traffic light")
        #expect(label("the TV") == "tv")
        #expect(label("coffee cup") == "cup")
        #expect(label("teddy bears") == "teddy bear")
    }

    @Test func unknownObjectsGetSuggestionsNotGuesses() {
        #expect(label("unicorn") == nil)
        #expect(label("") == nil)
        #expect(vocabulary.suggestions(for: "cupp").first == "cup")
        #expect(vocabulary.suggestions(for: "zzzzzz").isEmpty)
    }

    @Test func editDistanceCountsEdits() {
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("cup", "cup") == 0)
    }
}

@Suite struct ObjectNamesTests {
    let vocabulary = ObjectVocabulary()

    func label(_ query: String) -> String? { vocabulary.classIndex(for: query).map { vocabulary.labels[$0] } }

    @Test func russianNamesInAnyCase() {
        #expect(label("чашка") == "cup")
        #expect(label("найди мою чашку") == "cup")
        #expect(label("кружку") == "cup")
        #expect(label("телефон") == "cell phone")
        #expect(label("где мой телефон") == "cell phone")
        #expect(label("бутылки") == "bottle")
        #expect(label("стул") == "chair")
        #expect(label("люди") == "person")
    }

    @Test func chineseNamesInsideARequest() {
        #expect(label("杯子") == "cup")
        #expect(label("找我的杯子") == "cup")
        #expect(label("手机在哪里") == "cell phone")
        #expect(label("公共汽车") == "bus")
        #expect(label("椅子") == "chair")
    }

    @Test func recogniserMishearings() {
        #expect(label("cop") == "cup")
        #expect(label("sell phone") == "cell phone")
        #expect(label("lap top") == "laptop")
    }

    @Test func thingsTheDetectorCannotSeeGetAHelpfulAnswer() {
        let keys = vocabulary.resolve("find my keys")
        #expect(keys == .notDetectable(name: "keys", alternatives: ["backpack", "handbag"]))
        #expect(vocabulary.answer(for: "find my keys", keys) == "Beacon cannot see keys yet; it can look for a backpack or handbag instead.")
        #expect(vocabulary.resolve("ключи") == .notDetectable(name: "ключи", alternatives: ["backpack", "handbag"]))
        #expect(vocabulary.resolve("door").self == .notDetectable(name: "door", alternatives: []))
        let answer = vocabulary.answer(for: "door", vocabulary.resolve("door")) ?? ""
        #expect(answer.hasPrefix("Beacon cannot see door yet"))
        #expect(vocabulary.resolve("mug") == .found(classIndex: 41))
        #expect(vocabulary.answer(for: "cupp", vocabulary.resolve("cupp")) == "Beacon does not know \"cupp\"; did you mean cup?")
    }
}
