import Foundation

/// How bright a picture is, and whether a light (a lamp, a window, the sun) is in it: "is the light on".
///
/// What is measured is the picture as the camera made it. A camera's automatic exposure brightens a dim room and
/// darkens a sunny one, so a picture's brightness tells a lit room from a dark one only roughly; a light in view
/// (pixels at the sensor's limit in a picture that is not bright all over) says more. The sentences say "picture",
/// not "room", for that reason.
public struct LightReading: Sendable, Hashable {
    public enum Level: String, Sendable, Hashable, Codable {
        case dark, dim, bright
    }

    public var level: Level
    /// The mean Rec. 601 luma of the picture, 0 (black) to 1 (white).
    public var brightness: Double
    /// The share of the picture at the sensor's limit (luma 250 and above).
    public var clippedShare: Double
    /// Where the brightest light is, left to right (0…1), when one is in view.
    public var lightAt: Double?

    public var lightInView: Bool { lightAt != nil }

    /// The picture's reading.
    public init(_ frame: Frame) {
        var sum = 0.0, clipped = 0, clippedX = 0.0
        let count = frame.forEachSample(columns: Self.columns, rows: Self.rows) { x, _, red, green, blue in
            let luma = 0.299 * Double(red) + 0.587 * Double(green) + 0.114 * Double(blue)
            sum += luma
            if luma >= Self.clippedLuma {
                clipped += 1
                clippedX += (Double(x) + 0.5) / Double(frame.width)
            }
        }
        brightness = count > 0 ? sum / Double(count) / 255 : 0
        clippedShare = count > 0 ? Double(clipped) / Double(count) : 0
        level = brightness < Self.darkBelow ? .dark : brightness < Self.dimBelow ? .dim : .bright
        // A light is a small bright part of a picture that is not all bright: a white wall filling the picture, or a
        // sheet of paper, is clipped all over and is no lamp.
        let isLight = clipped >= Self.lightMinimumSamples && clippedShare <= Self.lightLargestShare
        lightAt = isLight ? clippedX / Double(clipped) : nil
    }

    /// A light's place as a person hears it: "on the left", "ahead", "on the right".
    public var lightSide: Side? {
        guard let lightAt else { return nil }
        return lightAt < 1.0 / 3 ? .left : lightAt > 2.0 / 3 ? .right : .ahead
    }

    public enum Side: String, Sendable, Hashable, Codable { case left, ahead, right }

    /// The light mode's tone for this brightness, as an earcon's pitch: −1 for black to +1 for white, a step of
    /// brightness the same step of pitch (the mixer's pitch is in semitones, as pitch is heard).
    public var tonePitch: Double { 2 * min(max(brightness, 0), 1) - 1 }

    // MARK: tuning

    static let columns = 160, rows = 120
    static let clippedLuma = 250.0
    /// Mean luma below this is a dark picture (the ride's low-light lift starts at 0.25, for a detector; a person
    /// calls a picture dark sooner than that).
    static let darkBelow = 0.12
    static let dimBelow = 0.3
    /// At least 20 of the 19,200 samples (0.1 %) at the limit, and at most a third of the picture.
    static let lightMinimumSamples = 20
    static let lightLargestShare = 1.0 / 3
}
