@testable import BeaconModels
import Testing

@Suite struct BatchNormFoldingTests {
    @Test func scalesEachOutputChannelAndMovesTheMeanIntoTheBias() {
        // Channel 0: scale 2 / sqrt(4) = 1; channel 1: scale 1 / sqrt(0.25) = 2.
        let weight = FloatTensor(shape: [2, 1, 1, 2], values: [1, -2, 3, 0.5])
        let norm = BatchNorm(gamma: [2, 1], beta: [0.5, -1], runningMean: [1, 3], runningVariance: [4, 0.25])
        let (folded, bias) = BatchNormFolding.fold(weight, norm, epsilon: 0)
        #expect(folded == FloatTensor(shape: [2, 1, 1, 2], values: [1, -2, 6, 1]))
        #expect(bias == [0.5 - 1, -1 - 6])
    }

    @Test func usesTensorFlowsEpsilonInFloat32() {
        let weight = FloatTensor(shape: [1, 1, 1, 1], values: [1])
        let norm = BatchNorm(gamma: [1], beta: [0], runningMean: [0], runningVariance: [0.999])
        let (folded, _) = BatchNormFolding.fold(weight, norm)
        #expect(BatchNormFolding.efficientNetEpsilon == Float(0.001))
        #expect(folded.values == [1 / (Float(0.999) + Float(0.001)).squareRoot()])
    }

    private func layout(_ padding: SamePadding) -> [Int] { [padding.begin, padding.end, padding.outputSize] }

    @Test func padsLikeTensorFlowSameWithTheOddPixelAtTheEnd() {
        #expect(layout(SamePadding(inputSize: 224, kernel: 3, stride: 2)) == [0, 1, 112])
        #expect(layout(SamePadding(inputSize: 56, kernel: 5, stride: 2)) == [1, 2, 28])
        #expect(layout(SamePadding(inputSize: 14, kernel: 5, stride: 1)) == [2, 2, 14])
        #expect(layout(SamePadding(inputSize: 7, kernel: 1, stride: 1)) == [0, 0, 7])
    }
}
