import Testing
@testable import BeaconCore

@Suite struct ObjectSearchTests {
    func cup(atX x: Double, confidence: Double = 0.9) -> Detection {
        Detection(classIndex: 41, label: "cup", confidence: confidence, box: NormalizedRect(x: x - 0.1, y: 0.4, width: 0.2, height: 0.2))
    }

    /// A recorded stream: the cup enters on the right, crosses the middle and leaves on the left.
    @Test func speaksOnlyWhenThePlaceChanges() {
        var search = ObjectSearch(target: "cup", classIndex: 41)
        let xs: [Double?] = [nil, 0.85, 0.8, 0.7, 0.55, 0.5, 0.45, 0.3, 0.2, nil, nil, nil, nil]
        var spoken: [String] = []
        for (index, x) in xs.enumerated() {
            let detections = x.map { [cup(atX: $0)] } ?? []
            let update = search.observe(detections, frame: index, timestamp: Double(index) / 10)
            if let speech = update.speech { spoken.append(speech) }
            #expect(update.visible == (x != nil || (index >= 9 && index < 11)))
        }
        #expect(spoken == ["Cup, right.", "Centred.", "Left.", "Cup lost."])
    }

    @Test func otherObjectsAreIgnoredAndTheSurestCupWins() {
        var search = ObjectSearch(target: "cup", classIndex: 41)
        let bowl = Detection(classIndex: 45, label: "bowl", confidence: 0.99, box: NormalizedRect(x: 0, y: 0, width: 0.1, height: 0.1))
        let update = search.observe([bowl, cup(atX: 0.2, confidence: 0.6), cup(atX: 0.5, confidence: 0.8)], frame: 0, timestamp: 0)
        #expect(update.direction == "centred")
        #expect(update.speech == "Cup, centred.")
        #expect(update.confidence == 0.8)
    }
}
