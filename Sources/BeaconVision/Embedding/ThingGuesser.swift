import BeaconCore

/// "What is this" when nothing else knows: the ImageNet classifier's guess at the middle of the picture, from the
/// embedder's features and EfficientNet-Lite0's own head.
public struct ThingGuesser: Sendable {
    public let embedder: ImageEmbedder
    public let classifier: ImageNetClassifier

    public init(embedder: ImageEmbedder, classifier: ImageNetClassifier) {
        self.embedder = embedder
        self.classifier = classifier
    }

    /// The guess for the picture's middle square (the whole height of a landscape picture, as ImageNet's photos
    /// are framed on their subject), or nil below `ThingGuess.threshold`.
    public func guess(_ frame: Frame) throws -> ThingGuess? {
        ThingGuess.best(try probabilities(frame))
    }

    public func probabilities(_ frame: Frame) throws -> [Float] {
        try classifier.probabilities(features: try embedder.features(of: frame, region: Self.middleSquare(of: frame)))
    }

    static func middleSquare(of frame: Frame) -> NormalizedRect {
        let (width, height) = (Double(max(frame.width, 1)), Double(max(frame.height, 1)))
        let side = min(width, height)
        return NormalizedRect(x: (1 - side / width) / 2, y: (1 - side / height) / 2, width: side / width,
                              height: side / height)
    }
}
