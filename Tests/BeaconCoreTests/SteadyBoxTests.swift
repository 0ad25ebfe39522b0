import Testing
@testable import BeaconCore

@Suite struct SteadyBoxTests {
    private let box = NormalizedRect(x: 0.4, y: 0.3, width: 0.2, height: 0.3)

    @Test func aLessConfidentDetectionMovesTheBoxLess() {
        var confident = SteadyBox(box, confidence: 0.9, time: 0)
        var doubtful = confident
        for index in 1...5 {
            confident.update(with: box, confidence: 0.9, time: Double(index) / 15)
            doubtful.update(with: box, confidence: 0.9, time: Double(index) / 15)
        }
        let moved = NormalizedRect(x: 0.43, y: 0.3, width: 0.2, height: 0.3)
        confident.update(with: moved, confidence: 0.9, time: 0.4)
        doubtful.update(with: moved, confidence: 0.5, time: 0.4)
        #expect(confident.box.midX > doubtful.box.midX)
        #expect(doubtful.box.midX > box.midX)
    }

    @Test func aWildBoxIsBelievedOnlyPartly() {
        var filter = SteadyBox(box, confidence: 0.9, time: 0)
        for index in 1...10 { filter.update(with: box, confidence: 0.9, time: Double(index) / 15) }
        var ungated = filter
        let wild = NormalizedRect(x: 0.4, y: 0.6, width: 0.2, height: 0.3)
        filter.update(with: wild, confidence: 0.9, time: 11.0 / 15)
        var configuration = SteadyBox.Configuration()
        configuration.gate = .infinity
        ungated = SteadyBox(box, confidence: 0.9, time: 0, configuration: configuration)
        for index in 1...10 { ungated.update(with: box, confidence: 0.9, time: Double(index) / 15) }
        ungated.update(with: wild, confidence: 0.9, time: 11.0 / 15)
        let gatedStep = filter.box.midY - box.midY, ungatedStep = ungated.box.midY - box.midY
        #expect(gatedStep > 0)
        #expect(gatedStep < ungatedStep / 2)
    }

    @Test func theCamerasTurnMovesTheBoxWithThePicture() {
        var filter = SteadyBox(box, confidence: 0.9, time: 0)
        filter.move(with: CameraMotion(dx: -0.1, dy: 0.02))
        #expect(abs(filter.box.midX - (box.midX - 0.1)) < 1e-12)
        #expect(abs(filter.box.midY - (box.midY + 0.02)) < 1e-12)
        #expect(abs(filter.box.width - box.width) < 1e-12)
    }

    @Test func aSteadyMotionIsLearnt() {
        var filter = SteadyBox(box, confidence: 0.9, time: 0)
        for index in 1...30 {
            let time = Double(index) / 15
            filter.update(with: NormalizedRect(x: 0.4 + 0.15 * time, y: 0.3, width: 0.2, height: 0.3),
                          confidence: 0.9, time: time)
        }
        #expect(abs(filter.velocity.dx - 0.15) < 0.01)
        #expect(abs(filter.velocity.dy) < 0.01)
        #expect(abs(filter.box(at: 2.5).midX - (0.5 + 0.15 * 2.5)) < 0.01)
    }

    @Test func theSpreadShrinksWithEvidence() {
        var filter = ConstantVelocityFilter(position: 0.5, spread: 0.05, initialSpeedSpread: 0.2, time: 0)
        let before = filter.spread
        for index in 1...10 {
            filter.predict(to: Double(index) / 15, acceleration: 0.5)
            filter.update(measurement: 0.5, noise: 0.02, gate: 2)
        }
        #expect(filter.spread < before)
        #expect(abs(filter.position - 0.5) < 1e-9)
    }
}
