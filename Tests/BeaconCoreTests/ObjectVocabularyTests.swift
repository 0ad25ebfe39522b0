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
