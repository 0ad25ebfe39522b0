import BeaconCore
import Testing
@testable import BeaconVision

@Suite struct PreprocessingTests {
    /// A 4x2 frame whose pixel (x, y) has R = 10x, G = 100 + y, B = 200.
    static let frame: Frame = {
        var rgb: [UInt8] = []
        for y in 0..<2 { for x in 0..<4 { rgb += [UInt8(10 * x), UInt8(100 + y), 200] } }
        return Frame(width: 4, height: 2, rgb: rgb)
    }()

    @Test func topLeftLetterboxKeepsBGROrderAndPadsWithGrey() {
        var pre = LetterboxPreprocessor(spec: LetterboxSpec(width: 8, height: 8, placement: .topLeft, bgr: true, divisor: 1))
        let geometry = pre.fill(from: Self.frame)
        #expect(geometry.ratio == 2 && geometry.resizedWidth == 8 && geometry.resizedHeight == 4)
        #expect(geometry.padLeft == 0 && geometry.padTop == 0)
        let plane = 64
        // Blue plane first: the photo's blue is 200 everywhere it landed, grey 114 below it.
        #expect(pre.tensor[0] == 200)
        #expect(pre.tensor[7 * 8] == 114)
        // Red is the third plane; a half-pixel-centre upscale starts at the first pixel's value.
        #expect(pre.tensor[2 * plane] == 0)
        #expect(pre.tensor[2 * plane + 7] == 30)
    }

    @Test func centredLetterboxSplitsThePadding() {
        var pre = LetterboxPreprocessor(spec: LetterboxSpec(width: 8, height: 8, placement: .centred, bgr: false, divisor: 255))
        let geometry = pre.fill(from: Self.frame)
        #expect(geometry.padTop == 2 && geometry.padLeft == 0)
        #expect(abs(pre.tensor[0] - 114 / 255) < 1e-6)          // top padding row
        #expect(abs(pre.tensor[2 * 8] - 0) < 1e-6)              // red of the first photo pixel
        #expect(abs(pre.tensor[64 + 2 * 8] - 100 / 255) < 1e-6) // green plane
    }

    @Test func nmsIsClassAwareAndKeepsTheBest() {
        let boxes = [
            ScoredBox(x1: 0, y1: 0, x2: 10, y2: 10, score: 0.9, classIndex: 0),
            ScoredBox(x1: 1, y1: 1, x2: 10, y2: 10, score: 0.8, classIndex: 0), // overlaps the first: dropped
            ScoredBox(x1: 1, y1: 1, x2: 10, y2: 10, score: 0.7, classIndex: 1), // other class: kept
            ScoredBox(x1: 20, y1: 20, x2: 30, y2: 30, score: 0.6, classIndex: 0), // apart: kept
        ]
        let kept = nonMaximumSuppression(boxes, iouThreshold: 0.45)
        #expect(kept.map(\.score) == [0.9, 0.7, 0.6])
    }

    @Test func parsesUltralyticsNames() {
        #expect(YOLOFormat.parseNames("{0: 'person', 1: 'bicycle', 2: \"it's\"}") == ["person", "bicycle", "it's"])
        #expect(YOLOFormat.parseNames("not a dict") == [])
    }
}
