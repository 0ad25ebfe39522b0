import BeaconCore

/// Finds the spot a helper marked in a photo again in later pictures: the photo's small grey patch around the mark,
/// compared by normalised cross-correlation with every position near where the camera's motion says the spot is now.
/// Camera motion alone drifts (each frame's measurement is off by a little, and a person also steps); the patch puts
/// the spot back on the thing whenever it is recognisably in view.
public struct MarkedSpotMatcher: Sendable {
    public struct Configuration: Sendable {
        /// Thumbnails this wide are compared (a 640-pixel frame at a quarter).
        public var thumbnailWidth = 160
        /// The patch is (2r+1)² thumbnail pixels around the mark: about a tenth of the picture's width.
        public var patchRadius = 8
        /// How far from the predicted spot the patch is looked for, in thumbnail pixels.
        public var searchRadius = 16
        /// A match must correlate at least this well (1 is identical up to brightness and contrast).
        public var minimumScore = 0.8
        /// A patch with less grey-level spread than this (a white wall) cannot be recognised, so it is not tried.
        public var minimumContrast: Float = 5

        public init() {}
    }

    public let configuration: Configuration
    /// The patch, less its mean, and its norm.
    private let patch: [Float]
    private let patchNorm: Float

    /// A matcher for the spot `mark` of `photo`; nil when the patch around it leaves the picture or has too little
    /// texture to be told from its surroundings.
    public init?(photo: Frame, mark: NormalizedPoint, configuration: Configuration = Configuration()) {
        self.init(photo: Self.thumbnail(photo, configuration), mark: mark, configuration: configuration)
    }

    public init?(photo: MotionThumbnail, mark: NormalizedPoint, configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let radius = configuration.patchRadius
        let centreX = Int((mark.x * Double(photo.width)).rounded(.down)), centreY = Int((mark.y * Double(photo.height)).rounded(.down))
        guard centreX - radius >= 0, centreY - radius >= 0, centreX + radius < photo.width, centreY + radius < photo.height
        else { return nil }
        var values: [Float] = []
        values.reserveCapacity((2 * radius + 1) * (2 * radius + 1))
        for y in (centreY - radius)...(centreY + radius) {
            for x in (centreX - radius)...(centreX + radius) { values.append(photo.pixels[y * photo.width + x]) }
        }
        let mean = values.reduce(0, +) / Float(values.count)
        let centred = values.map { $0 - mean }
        let norm = centred.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard norm / Float(values.count).squareRoot() >= configuration.minimumContrast else { return nil }
        patch = centred
        patchNorm = norm
    }

    /// The grey thumbnail the matcher compares, for a frame.
    public static func thumbnail(_ frame: Frame, _ configuration: Configuration = Configuration()) -> MotionThumbnail {
        MotionThumbnail(frame: frame, targetWidth: configuration.thumbnailWidth)
    }

    /// The spot in `picture` (a thumbnail made as `thumbnail` makes it) near `predicted`, with its score; nil when
    /// nothing there correlates well enough (the spot is hidden, out of view, or too changed).
    public func find(in picture: MotionThumbnail, near predicted: NormalizedPoint) -> (point: NormalizedPoint, score: Double)? {
        let radius = configuration.patchRadius, reach = configuration.searchRadius
        let side = 2 * radius + 1
        let guessX = Int((predicted.x * Double(picture.width)).rounded(.down))
        let guessY = Int((predicted.y * Double(picture.height)).rounded(.down))
        let lowX = max(radius, guessX - reach), highX = min(picture.width - 1 - radius, guessX + reach)
        let lowY = max(radius, guessY - reach), highY = min(picture.height - 1 - radius, guessY + reach)
        guard lowX <= highX, lowY <= highY else { return nil }
        var scores = [Float](repeating: -1, count: (highX - lowX + 1) * (highY - lowY + 1))
        var best: (x: Int, y: Int, score: Float) = (0, 0, -1)
        let count = Float(side * side)
        picture.pixels.withUnsafeBufferPointer { pixels in
            patch.withUnsafeBufferPointer { template in
                for y in lowY...highY {
                    for x in lowX...highX {
                        var sum: Float = 0, sumSquares: Float = 0, product: Float = 0
                        var index = 0
                        for row in (y - radius)...(y + radius) {
                            var at = row * picture.width + x - radius
                            for _ in 0..<side {
                                let value = pixels[at]
                                sum += value
                                sumSquares += value * value
                                product += value * template[index]
                                index += 1
                                at += 1
                            }
                        }
                        // The template has zero mean, so the window's own mean drops out of the product.
                        let variance = sumSquares - sum * sum / count
                        let score = variance > 1e-3 ? product / (variance.squareRoot() * patchNorm) : -1
                        scores[(y - lowY) * (highX - lowX + 1) + (x - lowX)] = score
                        if score > best.score { best = (x, y, score) }
                    }
                }
            }
        }
        guard Double(best.score) >= configuration.minimumScore else { return nil }
        // A parabola through the best score and its neighbours places the spot between pixels.
        func score(_ x: Int, _ y: Int) -> Float? {
            guard (lowX...highX).contains(x), (lowY...highY).contains(y) else { return nil }
            return scores[(y - lowY) * (highX - lowX + 1) + (x - lowX)]
        }
        let offsetX = Self.peakOffset(score(best.x - 1, best.y), best.score, score(best.x + 1, best.y))
        let offsetY = Self.peakOffset(score(best.x, best.y - 1), best.score, score(best.x, best.y + 1))
        let point = NormalizedPoint(x: (Double(best.x) + 0.5 + offsetX) / Double(picture.width),
                                    y: (Double(best.y) + 0.5 + offsetY) / Double(picture.height))
        return (point, Double(best.score))
    }

    /// Where between -0.5 and 0.5 pixels the peak of a parabola through three scores lies.
    static func peakOffset(_ left: Float?, _ middle: Float, _ right: Float?) -> Double {
        guard let left, let right else { return 0 }
        let curvature = left - 2 * middle + right
        guard curvature < 0 else { return 0 }
        return Double(max(-0.5, min(0.5, (left - right) / (2 * curvature))))
    }
}
