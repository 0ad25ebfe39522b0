import Testing
@testable import BeaconCore

@Suite struct DirectionTests {
    @Test func centredWithinATenthOfTheMiddle() {
        #expect(Direction.of(x: 0.5, y: 0.5).isCentred)
        // Coming from outside, a target has to be inside the corridor: 0.05 of the middle across, 0.08 up and down.
        #expect(Direction.of(x: 0.54, y: 0.43).isCentred)
        #expect(Direction.of(x: 0.56, y: 0.5) == Direction(horizontal: .right))
        #expect(Direction.of(x: 0.5, y: 0.41) == Direction(vertical: .up))
        #expect(Direction.of(x: 0.61, y: 0.5) == Direction(horizontal: .right))
        #expect(Direction.of(x: 0.2, y: 0.8) == Direction(horizontal: .left, vertical: .down))
        #expect(Direction.of(x: 0.5, y: 0.2).words == "up")
        #expect(Direction.of(x: 0.9, y: 0.1).words == "right, up")
    }

    @Test func hysteresisKeepsAnEdgeTargetFromFlickering() {
        // Once centred it stays so to the corridor's edge, never beyond it; coming from outside it needs 0.05 across.
        let centred = Direction.of(x: 0.5, y: 0.5)
        #expect(Direction.of(x: 0.59, y: 0.5, previous: centred).isCentred)
        #expect(!Direction.of(x: 0.61, y: 0.5, previous: centred).isCentred)
        #expect(!Direction.of(x: 0.59, y: 0.5, previous: Direction(horizontal: .right)).isCentred)
        #expect(!Direction.of(x: 0.56, y: 0.5, previous: Direction(horizontal: .right)).isCentred)
        #expect(Direction.of(x: 0.54, y: 0.5, previous: Direction(horizontal: .right)).isCentred)
        #expect(Direction.of(x: 0.5, y: 0.59, previous: centred).isCentred)
        #expect(!Direction.of(x: 0.5, y: 0.59, previous: Direction(vertical: .down)).isCentred)
        #expect(Direction.of(x: 0.5, y: 0.57, previous: Direction(vertical: .down)).isCentred)
    }

    @Test func regionsNameTheNinth() {
        #expect(regionPhrase(for: NormalizedRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)) == "centre")
        #expect(regionPhrase(for: NormalizedRect(x: 0.0, y: 0.4, width: 0.2, height: 0.2)) == "centre-left")
        #expect(regionPhrase(for: NormalizedRect(x: 0.8, y: 0.0, width: 0.2, height: 0.2)) == "top-right")
        #expect(regionPhrase(for: NormalizedRect(x: 0.4, y: 0.8, width: 0.2, height: 0.2)) == "bottom-centre")
        let cup = Detection(classIndex: 41, label: "cup", confidence: 0.934, box: NormalizedRect(x: 0.05, y: 0.4, width: 0.2, height: 0.2))
        #expect(describe(cup) == "cup, 93%, centre-left")
    }
}
