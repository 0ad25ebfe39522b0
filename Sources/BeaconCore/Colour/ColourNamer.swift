import Foundation

/// What colour a patch of a picture is, as a person would name it.
public struct ColourReading: Sendable, Hashable {
    /// The name, or two when the patch is split between two colours (the larger part first).
    public var names: [ColourName]
    /// The share of the patch's samples each name's colour family took (0…1), in the order of `names`.
    public var shares: [Double]
    /// False in strongly coloured light, or when no colour had a clear majority: said as "not sure".
    public var sure: Bool
    /// The light the colours were taken back from.
    public var light: SceneLight
}

/// Names the colour of a patch of a picture (its middle, or a thing's box).
///
/// First the light: the scene's light is estimated from the whole picture (`SceneLight.estimate`, shades of grey)
/// and each pixel taken back to white light, as for a car's colour. Then every sampled pixel of the patch votes for
/// the nearest name in CIELAB of the survey's colours (`ColourName.all`). Votes are counted per basic colour first
/// (navy and blue are both blue), so shades of one colour do not split a patch; the name said is the family's most
/// voted one. A second family with a large share of its own is said too ("blue and white": a plaid mug, a label).
///
/// Lightness counts half in the distance: a photo's lightness is mostly the exposure and the shading (the same
/// shirt is L* 70 in sun and 35 in shade), while the hue and chroma belong to the thing.
public enum ColourNamer {
    /// The colour of `patch` in `frame`, nil when the patch is too small to sample. The light is estimated from the
    /// whole picture unless given.
    public static func read(_ frame: Frame, patch: NormalizedRect = middle, light given: SceneLight? = nil) -> ColourReading? {
        guard let region = pixelRegion(patch, width: frame.width, height: frame.height) else { return nil }
        let light = given ?? SceneLight.estimate(frame, excluding: [patch]) ?? .neutral
        let tables = light.balancingTables()
        let names = ColourName.all
        var votes = [Int](repeating: 0, count: names.count)
        frame.forEachSample(x0: region.x0, y0: region.y0, x1: region.x1, y1: region.y1, columns: samples, rows: samples) { _, _, r, g, b in
            votes[nearest(CIELAB(red: tables.red[Int(r)], green: tables.green[Int(g)], blue: tables.blue[Int(b)]))] += 1
        }
        let total = votes.reduce(0, +)
        guard total >= minimumSamples else { return nil }
        // Families by their votes, most first (ties in the order of the table).
        var families: [ColourName.Basic: Int] = [:]
        for index in names.indices { families[names[index].basic, default: 0] += votes[index] }
        // Colour is believed before its absence, as for cars (`CarColourNamer.hueShareToWin`): a red phone's
        // screen and keys are grey, a blue ball's highlight white, so a thing a third colourful is that colour.
        let colourless: Set<ColourName.Basic> = [.black, .white, .grey]
        let colourful = families.filter { !colourless.contains($0.key) }.values.reduce(0, +)
        let huesFirst = Double(colourful) >= CarColourNamer.hueShareToWin * Double(total)
        let ranked = ColourName.Basic.allCases.filter { families[$0, default: 0] > 0 }
            .sorted { (huesFirst && !colourless.contains($0) ? 1 : 0, families[$0]!) > (huesFirst && !colourless.contains($1) ? 1 : 0, families[$1]!) }
        func bestName(in family: ColourName.Basic) -> ColourName {
            let index = names.indices.filter { names[$0].basic == family }.max { votes[$0] < votes[$1] }!
            return names[index]
        }
        let first = ranked[0]
        let firstShare = Double(families[first]!) / Double(total)
        var chosen = [bestName(in: first)], shares = [firstShare]
        if ranked.count > 1 {
            let secondShare = Double(families[ranked[1]]!) / Double(total)
            if secondShare >= splitShare {
                chosen.append(bestName(in: ranked[1]))
                shares.append(secondShare)
            }
        }
        let clear = shares.reduce(0, +) >= clearShare
        let sure = clear && (light.strength < unsureLight || firstShare >= unsureShare)
        return ColourReading(names: chosen, shares: shares, sure: sure, light: light)
    }

    /// The middle of the picture: where a person aims the camera at a thing held up or put in front of it.
    public static let middle = NormalizedRect(x: 0.35, y: 0.35, width: 0.3, height: 0.3)

    /// The index in `ColourName.all` of the name nearest `lab`.
    static func nearest(_ lab: CIELAB) -> Int {
        var best = 0, bestDistance = Double.infinity
        for (index, centre) in centres.enumerated() {
            let dl = (lab.l - centre.l) * lightnessWeight, da = lab.a - centre.a, db = lab.b - centre.b
            let distance = dl * dl + da * da + db * db
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }

    private static let centres: [CIELAB] = ColourName.all.map { CIELAB(red: $0.red, green: $0.green, blue: $0.blue) }

    // MARK: tuning

    /// How much a difference of lightness counts against one of hue and chroma (see the type's comment).
    static let lightnessWeight = 0.5
    /// A grid of at most 48 × 48 samples.
    static let samples = 48
    static let minimumSamples = 24
    /// A second colour family with at least this share of the patch is said too.
    static let splitShare = 0.3
    /// The names said must cover at least this share of the patch, else no colour clearly is the patch's.
    static let clearShare = 0.5
    /// Strongly coloured light, as for cars (`CarColourNamer.unsureLight`), where a name needs a clear majority.
    static let unsureLight = CarColourNamer.unsureLight
    static let unsureShare = CarColourNamer.unsureShare

    /// `rect` in whole pixels clamped to the frame (x1, y1 exclusive), nil when empty.
    static func pixelRegion(_ rect: NormalizedRect, width: Int, height: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        guard width > 0, height > 0, [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite) else { return nil }
        func clamp(_ value: Double, _ limit: Int) -> Int { Int(min(max(value, 0), Double(limit)).rounded()) }
        let x0 = clamp(rect.x * Double(width), width), x1 = clamp((rect.x + rect.width) * Double(width), width)
        let y0 = clamp(rect.y * Double(height), height), y1 = clamp((rect.y + rect.height) * Double(height), height)
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1, y1)
    }
}
