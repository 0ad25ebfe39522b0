import BeaconCore

/// A small grey copy of a picture: what `CameraMotionEstimator` compares. Small enough that matching two of them
/// takes a millisecond or two, large enough that a degree of turning is a pixel or more with a 60° camera.
public struct MotionThumbnail: Sendable {
    public let width: Int
    public let height: Int
    /// Grey levels 0…255, rows top to bottom.
    public let pixels: [Float]

    public init(width: Int, height: Int, pixels: [Float]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height, "pixels must fill the thumbnail")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The whole shrink factor that brings a picture `width` pixels wide to about `targetWidth`.
    public static func factor(forWidth width: Int, targetWidth: Int) -> Int { max(1, width / max(1, targetWidth)) }

    /// ITU-R BT.601 luma of one RGB pixel.
    @inline(__always)
    public static func grey(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Float {
        0.299 * Float(red) + 0.587 * Float(green) + 0.114 * Float(blue)
    }

    /// The frame in grey, shrunk to about `targetWidth` pixels across.
    public init(frame: Frame, targetWidth: Int = 96) {
        self.init(frame: frame, factor: Self.factor(forWidth: frame.width, targetWidth: targetWidth))
    }

    /// The frame in grey, each thumbnail pixel the average of a `factor`×`factor` block of the frame's (leftover
    /// pixels at the right and bottom edges are left out).
    public init(frame: Frame, factor: Int) {
        precondition(factor >= 1, "a thumbnail cannot be larger than its frame")
        let width = max(1, frame.width / factor), height = max(1, frame.height / factor)
        var sums = [Float](repeating: 0, count: width * height)
        // Every frame of every phone passes through here: raw pointers and a loop per block instead of a division
        // per pixel. The sums are added in the same order as pixel by pixel, so the result is the same.
        frame.rgb.withUnsafeBufferPointer { rgb in
            sums.withUnsafeMutableBufferPointer { sums in
                guard let pixels = rgb.baseAddress, let out = sums.baseAddress else { return }
                for y in 0..<min(frame.height, height * factor) {
                    let row = out + (y / factor) * width
                    var source = pixels + y * frame.width * 3
                    for column in 0..<width {
                        var sum = row[column]
                        for _ in 0..<factor {
                            sum += Self.grey(source[0], source[1], source[2])
                            source += 3
                        }
                        row[column] = sum
                    }
                }
            }
        }
        let scale = 1 / Float(factor * factor)
        self.init(width: width, height: height, pixels: sums.map { $0 * scale })
    }

    /// Half the size, each pixel the average of a 2×2 block: the coarse level of the motion search.
    func halved() -> MotionThumbnail {
        let width = max(1, self.width / 2), height = max(1, self.height / 2)
        var pixels = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let top = 2 * y * self.width + 2 * x, bottom = top + self.width
                pixels[y * width + x] = (self.pixels[top] + self.pixels[top + 1] + self.pixels[bottom] + self.pixels[bottom + 1]) / 4
            }
        }
        return MotionThumbnail(width: width, height: height, pixels: pixels)
    }

    /// Standard deviation of the grey levels: how much texture there is to match.
    var contrast: Float {
        let count = Float(pixels.count)
        let mean = pixels.reduce(0, +) / count
        let variance = pixels.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / count
        return variance.squareRoot()
    }

    /// The pixels less their mean, so a change of exposure between frames does not look like a change of content.
    func centred() -> MotionThumbnail {
        let mean = pixels.reduce(0, +) / Float(pixels.count)
        return MotionThumbnail(width: width, height: height, pixels: pixels.map { $0 - mean })
    }
}
