import Testing
@testable import BeaconCore

@Suite struct ExploreCaptureTests {
    /// A 10 × 10 sharpness map with the same Laplacian variance and grey level in every cell.
    static func map(sharpness: Float, brightness: Float = 120) -> SharpnessMap {
        SharpnessMap(gridSize: 10, width: 100, height: 100, laplacianVariance: Array(repeating: sharpness, count: 100),
                     greyMean: Array(repeating: brightness, count: 100), greyDeviation: Array(repeating: 30, count: 100),
                     sharpVariance: 192, texturedDeviation: 8)
    }

    static let dark = map(sharpness: 300, brightness: 3)

    /// The frame the capture asks the detector to look at, if any.
    static func detected(_ effects: [ExploreCapture<Int>.Effect]) -> Int? {
        for case .detect(let frame, _) in effects { return frame }
        return nil
    }

    static func saysUnclear(_ effects: [ExploreCapture<Int>.Effect]) -> Bool {
        effects.contains { if case .unclear = $0 { true } else { false } }
    }

    static func describes(_ effects: [ExploreCapture<Int>.Effect]) -> Bool {
        effects.contains { if case .describe = $0 { true } else { false } }
    }

    @Test func theSharpestOfTheNextThreeFramesIsDetectedIn() {
        var capture = ExploreCapture<Int>()
        #expect(capture.handle(.frame(0, Self.map(sharpness: 300))).isEmpty)
        #expect(capture.handle(.frame(1, Self.map(sharpness: 600))).isEmpty)
        let effects = capture.handle(.frame(2, Self.map(sharpness: 400)))
        #expect(Self.detected(effects) == 1)
        #expect(capture.phase == .detecting)
        // Frames while the detector runs are not needed.
        #expect(capture.handle(.frame(3, Self.map(sharpness: 900))).isEmpty)
        #expect(Self.describes(capture.handle(.detected(count: 4))))
        #expect(capture.isFinished)
        #expect(capture.handle(.frame(4, Self.map(sharpness: 900))).isEmpty)
    }

    @Test func threeDarkFramesAreUnclear() {
        var capture = ExploreCapture<Int>()
        #expect(capture.handle(.frame(0, Self.dark)).isEmpty)
        #expect(capture.handle(.frame(1, Self.dark)).isEmpty)
        #expect(capture.unclearCount == 2)
        #expect(Self.saysUnclear(capture.handle(.frame(2, Self.dark))))
        #expect(capture.isFinished)
    }

    @Test func aDarkFrameIsNeverPickedHoweverSharp() {
        var capture = ExploreCapture<Int>()
        _ = capture.handle(.frame(0, Self.dark))
        _ = capture.handle(.frame(1, Self.map(sharpness: 2)))
        let effects = capture.handle(.frame(2, Self.dark))
        #expect(Self.detected(effects) == 1, "the blurred frame is tried: the detector judges blur")
        // Two dark frames and a detector run that found nothing: three unclear tries.
        #expect(Self.saysUnclear(capture.handle(.detected(count: 0))))
    }

    @Test func framesWithNothingInThemAreTriedThreeTimes() {
        var capture = ExploreCapture<Int>()
        var tries: [Int] = []
        var frame = 0
        var unclear = false
        while !capture.isFinished && frame < 30 {
            let effects = capture.handle(.frame(frame, Self.map(sharpness: 500 + 10 * Float(frame % 3))))
            if let tried = Self.detected(effects) {
                tries.append(tried)
                unclear = Self.saysUnclear(capture.handle(.detected(count: 0)))
            }
            frame += 1
        }
        #expect(tries == [2, 5, 8], "the sharpest of each three")
        #expect(unclear)
    }

    @Test func aStillImageIsTriedHoweverDarkItIs() {
        var capture = ExploreCapture<Int>()
        #expect(capture.handle(.frame(0, Self.dark)).isEmpty)
        #expect(Self.detected(capture.handle(.sourceEnded)) == 0)
        #expect(Self.saysUnclear(capture.handle(.detected(count: 0))), "no more frames will come")

        var found = ExploreCapture<Int>()
        _ = found.handle(.frame(0, Self.dark))
        _ = found.handle(.sourceEnded)
        #expect(Self.describes(found.handle(.detected(count: 2))))

        var nothing = ExploreCapture<Int>()
        #expect(Self.saysUnclear(nothing.handle(.sourceEnded)))
    }

    @Test func clarityIsTheMeanOverTheGrid() {
        let capture = ExploreCapture<Int>()
        var variance = Array(repeating: Float(0), count: 100)
        variance[0] = 1_000
        let map = SharpnessMap(gridSize: 10, width: 100, height: 100, laplacianVariance: variance,
                               greyMean: Array(repeating: 4, count: 50) + Array(repeating: 8, count: 50),
                               greyDeviation: Array(repeating: 30, count: 100), sharpVariance: 192, texturedDeviation: 8)
        let clarity = capture.clarity(of: map)
        #expect(clarity.sharpness == 10 && clarity.brightness == 6 && clarity.isClear)
        #expect(!capture.clarity(of: Self.dark).isClear)
    }

    @Test func restartForgetsEverything() {
        var capture = ExploreCapture<Int>()
        for frame in 0..<3 { _ = capture.handle(.frame(frame, Self.dark)) }
        #expect(capture.isFinished)
        capture.restart()
        #expect(capture.phase == .collecting && capture.unclearCount == 0)
    }
}
