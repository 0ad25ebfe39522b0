import Foundation

/// Pictures taken in the dark, brightened for the detector and the plate reader.
///
/// A night street is mostly black with a few lamps, and a detector trained on daylight pictures misses the cars
/// in it. Babakhani and Zarei's automatic gamma correction (2015) lifts such a picture by a power curve chosen from
/// its own mean brightness: γ = log(0.5) / log(mean), which takes the mean luminance to the middle grey, lifting
/// the shadows most and leaving the lamps bright. Only a dark picture is changed; the colours keep their hue (each
/// channel goes through the same curve), but a car's colour is still named from the picture as taken.
///
/// The lifted picture is an addition, not a replacement: on the shared night photo of a black BMW in rain the
/// detector found the car in the picture as taken (0.54) and nothing in the lifted one, so a ride check detects on
/// both and keeps each car once.
public enum LowLight {
    /// A picture whose mean luminance (0…1) is below this is dark: brightened, and said so.
    public static let darkMean = 0.25
    /// Mean luminance is taken over at most this many pixels, on an even grid.
    static let samples = (columns: 160, rows: 120)

    /// The mean Rec. 601 luma of `frame`, 0 (black) to 1 (white).
    public static func meanLuminance(_ frame: Frame) -> Double {
        var sum = 0.0
        let count = frame.forEachSample(columns: samples.columns, rows: samples.rows) { _, _, red, green, blue in
            sum += 0.299 * Double(red) + 0.587 * Double(green) + 0.114 * Double(blue)
        }
        return count > 0 ? sum / Double(count) / 255 : 0
    }

    /// The gamma that takes a mean luminance `mean` to the middle grey; 1 (no change) for a picture not dark.
    public static func gamma(forMean mean: Double, darkBelow darkMean: Double = darkMean) -> Double {
        guard mean < darkMean else { return 1 }
        // A black picture has nothing to lift; the bound keeps noise from being stretched into a grey fog.
        return log(0.5) / log(max(mean, 0.02))
    }

    /// `frame` through the power curve `gamma` (a crop of a dark picture takes the whole picture's); `frame` itself
    /// when `gamma` is 1, as for a picture not dark.
    public static func brightened(_ frame: Frame, gamma: Double) -> Frame {
        guard gamma < 1 else { return frame }
        let table = (0..<256).map { UInt8((pow(Double($0) / 255, gamma) * 255).rounded()) }
        let rgb = frame.rgb.map { table[Int($0)] }
        return Frame(width: frame.width, height: frame.height, rgb: rgb, timestamp: frame.timestamp, index: frame.index)
    }
}
