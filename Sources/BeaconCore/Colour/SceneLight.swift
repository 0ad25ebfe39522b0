import Foundation

/// The colour of the light on a scene, estimated from the scene itself: Finlayson and Trezzi's shades of grey
/// (2004), the Minkowski p-norm of each linear channel over the picture. p = 1 is grey-world (the average is grey),
/// p = ∞ the brightest patch is white; p = 6 is the published compromise, weighting the bright, most often neutral
/// surfaces (walls, road markings, lights) without trusting a single one. Clipped pixels say nothing of the light.
public struct SceneLight: Sendable, Hashable, Codable {
    /// Linear red, green and blue of the light, scaled so that their mean is 1 (1, 1, 1: white light).
    public var red: Double, green: Double, blue: Double

    public init(red: Double, green: Double, blue: Double) {
        let mean = (red + green + blue) / 3
        self.red = red / mean
        self.green = green / mean
        self.blue = blue / mean
    }

    public static let neutral = SceneLight(red: 1, green: 1, blue: 1)

    /// How coloured the light is: the strongest channel over the weakest (1 for white light; a street lamp's
    /// sodium glow or a strong green cast is 1.5 and more).
    public var strength: Double { max(red, green, blue) / max(min(red, green, blue), 1e-6) }

    /// The light's own hue: the CIELAB hue angle (degrees, 0..<360) of a white surface under it.
    public var hue: Double {
        let top = max(red, green, blue, 1e-6)
        let lab = CIELAB(red: CIELAB.encoded(red / top), green: CIELAB.encoded(green / top), blue: CIELAB.encoded(blue / top))
        let degrees = atan2(lab.b, lab.a) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// Whether a colour of hue `degrees` may be this light's own tint, left over on a white or grey surface by a
    /// white balance that undid the light only partly: the light is strongly coloured (`strongFrom`, its strength)
    /// and the hue within `tintHalfAngle` of the light's. A white car under a sodium lamp reads beige, yellow or
    /// orange, never blue.
    public func mayTint(hue degrees: Double, strongFrom: Double) -> Bool {
        guard strength >= strongFrom else { return false }
        let turn = abs(degrees - hue).truncatingRemainder(dividingBy: 360)
        return min(turn, 360 - turn) < Self.tintHalfAngle
    }

    /// Half an octant of hue either side of the light's. Chosen before measuring, from the hue names' spacing
    /// (about 45° apart): the light's own name and its nearest neighbours, not the colours across the circle.
    static let tintHalfAngle = 45.0

    /// The light over `frame`, leaving out `excluding` (the car being named: a red car filling the picture is not
    /// red light) unless that leaves under `leftShare` of the picture (a close-up is nearly all car; then the car
    /// is part of the scene). nil when too few unclipped pixels remain.
    public static func estimate(_ frame: Frame, excluding: [NormalizedRect] = [], p: Double = 6, leftShare: Double = 0.3) -> SceneLight? {
        // Sums of each channel's p-th power outside the excluded boxes and inside them.
        var outside = (0.0, 0.0, 0.0, 0), inside = (0.0, 0.0, 0.0, 0)
        frame.forEachSample(columns: 160, rows: 120) { x, y, r, g, b in
            // A clipped channel is the sensor's limit, not the light's colour.
            if max(r, g, b) >= clipped { return }
            let powers = (pow(CIELAB.linear[Int(r)], p), pow(CIELAB.linear[Int(g)], p), pow(CIELAB.linear[Int(b)], p))
            let point = NormalizedPoint(x: (Double(x) + 0.5) / Double(frame.width), y: (Double(y) + 0.5) / Double(frame.height))
            if excluding.contains(where: { $0.contains(point) }) {
                inside = (inside.0 + powers.0, inside.1 + powers.1, inside.2 + powers.2, inside.3 + 1)
            } else {
                outside = (outside.0 + powers.0, outside.1 + powers.1, outside.2 + powers.2, outside.3 + 1)
            }
        }
        let all = outside.3 + inside.3
        let sums = Double(outside.3) >= leftShare * Double(all)
            ? outside : (outside.0 + inside.0, outside.1 + inside.1, outside.2 + inside.2, all)
        guard sums.3 >= 100, sums.0 > 0, sums.1 > 0, sums.2 > 0 else { return nil }
        let count = Double(sums.3)
        return SceneLight(red: pow(sums.0 / count, 1 / p), green: pow(sums.1 / count, 1 / p), blue: pow(sums.2 / count, 1 / p))
    }

    static let clipped: UInt8 = 250

    /// Each 8-bit value of each channel as it would be under white light (von Kries: every linear channel divided
    /// by the light's), as lookup tables; `exposure` multiplies every linear value too (1: as exposed).
    func balancingTables(exposure: Double = 1) -> (red: [UInt8], green: [UInt8], blue: [UInt8]) {
        func table(_ gain: Double) -> [UInt8] {
            (0..<256).map { CIELAB.encoded(min(1, CIELAB.linear[$0] * exposure / gain)) }
        }
        return (table(red), table(green), table(blue))
    }
}

/// CIELAB under D65 from 8-bit sRGB.
struct CIELAB {
    var l: Double
    var a: Double
    var b: Double

    init(red: UInt8, green: UInt8, blue: UInt8) {
        let r = Self.linear[Int(red)], g = Self.linear[Int(green)], b = Self.linear[Int(blue)]
        // sRGB (D65) to XYZ, each divided by the white point's.
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        let fx = Self.f(x), fy = Self.f(y), fz = Self.f(z)
        l = 116 * fy - 16
        a = 500 * (fx - fy)
        self.b = 200 * (fy - fz)
    }

    private static func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }

    /// A linear value (0…1) back to 8-bit sRGB.
    static func encoded(_ value: Double) -> UInt8 {
        let c = value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
        return UInt8(min(255, max(0, (c * 255).rounded())))
    }

    /// sRGB's transfer curve undone for every 8-bit value, once.
    static let linear: [Double] = (0..<256).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
}
