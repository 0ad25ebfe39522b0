/// The colours of a region of a picture, as a kernel-weighted hue–saturation histogram (the target model of
/// Comaniciu, Ramesh and Meer's kernel-based tracking), compared by the Bhattacharyya coefficient.
///
/// Why: the image embedding matches the kind of thing (a phone, a highlighter) more than this one; what tells a pink
/// highlighter from a yellow one, or a red phone from a grey one, is colour, and colour survives a 128-pixel view.
/// Pixels near the region's edge count less (Epanechnikov kernel): a box drawn round a thing has the hand or the table
/// at its edges. Hue and saturation, not brightness, so a thing under a lamp and in daylight compare; pixels too dark
/// or too grey for their hue to mean anything go to a few bins of their own, by brightness (black, grey, white).
public struct ColourSignature: Sendable, Hashable {
    /// Bin weights, summing to 1 (all zero for an empty region).
    public let bins: [Float]

    /// Hue bins and saturation bands of the coloured pixels, and the brightness bins of the grey ones.
    static let hueBins = 12, saturationBands = 2, greyBins = 3
    public static let binCount = 1 + greyBins + hueBins * saturationBands
    /// Below this brightness (0–1) a pixel is black; below this saturation it is grey.
    static let darkest = 0.2, greyest = 0.25
    /// Pixels sampled along each side of a region at most: a 40×40 grid is plenty for a histogram of 28 bins.
    static let samples = 40

    public init(bins: [Float]) {
        let total = bins.reduce(0, +)
        self.bins = total > 0 ? bins.map { $0 / total } : bins
    }

    /// The signature of `region` of `frame` (clamped to it).
    public init(of region: NormalizedRect, in frame: Frame) {
        var bins = [Float](repeating: 0, count: Self.binCount)
        let x0 = max(0, region.x) * Double(frame.width), x1 = min(1, region.maxX) * Double(frame.width)
        let y0 = max(0, region.y) * Double(frame.height), y1 = min(1, region.maxY) * Double(frame.height)
        if x1 > x0, y1 > y0 {
            let columns = min(Self.samples, max(1, Int(x1 - x0))), rows = min(Self.samples, max(1, Int(y1 - y0)))
            for row in 0..<rows {
                // Sample centres, and where they lie from the middle (−1…1) for the kernel.
                let v = (Double(row) + 0.5) / Double(rows), dy = 2 * v - 1
                let y = min(frame.height - 1, Int(y0 + v * (y1 - y0)))
                for column in 0..<columns {
                    let u = (Double(column) + 0.5) / Double(columns), dx = 2 * u - 1
                    let weight = 1 - (dx * dx + dy * dy)
                    guard weight > 0 else { continue }
                    let x = min(frame.width - 1, Int(x0 + u * (x1 - x0)))
                    let offset = (y * frame.width + x) * 3
                    bins[Self.bin(frame.rgb[offset], frame.rgb[offset + 1], frame.rgb[offset + 2])] += Float(weight)
                }
            }
        }
        self.init(bins: bins)
    }

    /// The bin of one pixel: 0 black, then the grey bins by brightness, then hue × saturation.
    static func bin(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        let red = Double(r) / 255, green = Double(g) / 255, blue = Double(b) / 255
        let high = max(red, green, blue), low = min(red, green, blue)
        guard high >= darkest else { return 0 }
        let saturation = (high - low) / high
        guard saturation >= greyest else {
            return 1 + min(greyBins - 1, Int((high - darkest) / (1 - darkest) * Double(greyBins)))
        }
        let chroma = high - low
        var hue: Double // 0..<6
        if high == red { hue = (green - blue) / chroma } else if high == green { hue = 2 + (blue - red) / chroma } else {
            hue = 4 + (red - green) / chroma
        }
        if hue < 0 { hue += 6 }
        let hueBin = min(hueBins - 1, Int(hue / 6 * Double(hueBins)))
        let band = min(saturationBands - 1, Int((saturation - greyest) / (1 - greyest) * Double(saturationBands)))
        return 1 + greyBins + hueBin * saturationBands + band
    }

    /// The Bhattacharyya coefficient of two signatures: 1 for the same colours, 0 for none in common; 0 when they
    /// cannot be compared (different bins).
    public func similarity(_ other: ColourSignature) -> Float {
        guard bins.count == other.bins.count else { return 0 }
        var sum: Float = 0
        for index in bins.indices { sum += (bins[index] * other.bins[index]).squareRoot() }
        return min(1, sum)
    }
}
