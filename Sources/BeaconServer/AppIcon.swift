/// The app's icon as pixels, drawn from the same shapes as `Web/icon.svg` (a yellow dot with two waves on each side,
/// on black). iOS takes no SVG for a home-screen icon and Android's installer wants square pictures of set sizes, so
/// the server offers PNG renderings too; the background fills the square because both systems cut their own shape.
public enum AppIcon {
    /// iOS's home screen (180), Android's launcher and splash screen (192, 512).
    public static let sizes = [180, 192, 512]

    /// `size`×`size` RGB pixels, row by row. Edges are smoothed by sampling 4×4 times the pixels an edge passes
    /// through; the rest are all one colour.
    public static func rgb(size: Int) -> [UInt8] {
        precondition(size > 0)
        let scale = 512 / Double(size), samples = 4
        var pixels = [UInt8](repeating: 0, count: size * size * 3)
        for row in 0..<size {
            for column in 0..<size {
                let inside = yellowDepth(x: (Double(column) + 0.5) * scale, y: (Double(row) + 0.5) * scale)
                let share: Double
                if inside >= scale {
                    share = 1
                } else if inside <= -scale {
                    share = 0
                } else {
                    var covered = 0
                    for sy in 0..<samples {
                        for sx in 0..<samples {
                            let x = (Double(column) + (Double(sx) + 0.5) / Double(samples)) * scale
                            let y = (Double(row) + (Double(sy) + 0.5) / Double(samples)) * scale
                            if yellowDepth(x: x, y: y) >= 0 { covered += 1 }
                        }
                    }
                    share = Double(covered) / Double(samples * samples)
                }
                guard share > 0 else { continue }
                let index = (row * size + column) * 3
                for channel in 0..<3 {
                    pixels[index + channel] = UInt8((Double(yellow[channel]) * share).rounded())
                }
            }
        }
        return pixels
    }

    /// #ffd400, on black.
    static let yellow: [UInt8] = [0xFF, 0xD4, 0x00]

    /// How far inside the yellow (the dot or a wave) a point of the 512-unit square lies; negative outside.
    static func yellowDepth(x: Double, y: Double) -> Double {
        let dx = x - 256, dy = y - 256
        var depth = 64 - (dx * dx + dy * dy).squareRoot()
        for wave in waves { depth = max(depth, 16 - wave.distance(toX: x, y: y)) }
        return depth
    }

    /// icon.svg's four arcs, stroked 32 wide with round caps. Each is the arc of a circle through two points on a
    /// vertical chord, bulging away from the dot.
    static let waves = [
        Wave(chordX: 166, halfChord: 90, radius: 128, bulgesLeft: true),
        Wave(chordX: 346, halfChord: 90, radius: 128, bulgesLeft: false),
        Wave(chordX: 106, halfChord: 150, radius: 212, bulgesLeft: true),
        Wave(chordX: 406, halfChord: 150, radius: 212, bulgesLeft: false),
    ]

    struct Wave {
        let chordX: Double
        let halfChord: Double
        let radius: Double
        let bulgesLeft: Bool

        /// How far the circle's centre sits from the chord, on the dot's side.
        private var offset: Double { (radius * radius - halfChord * halfChord).squareRoot() }
        private var centreX: Double { bulgesLeft ? chordX + offset : chordX - offset }

        /// Distance from a point to the arc: to the circle where the point lies within the arc's angle, else to the
        /// nearer end.
        func distance(toX x: Double, y: Double) -> Double {
            let outward = bulgesLeft ? centreX - x : x - centreX, dy = y - 256
            if outward > 0, abs(dy) * offset <= outward * halfChord {
                return abs((outward * outward + dy * dy).squareRoot() - radius)
            }
            let endX = x - chordX, endY = abs(dy) - halfChord
            return (endX * endX + endY * endY).squareRoot()
        }
    }
}
