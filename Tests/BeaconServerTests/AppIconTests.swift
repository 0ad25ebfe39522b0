@testable import BeaconServer
import Testing

/// The PNG icon is drawn from icon.svg's shapes: checked at points whose colour the SVG decides.
struct AppIconTests {
    private func colour(_ pixels: [UInt8], side: Int, x: Int, y: Int) -> [UInt8] {
        Array(pixels[(y * side + x) * 3..<(y * side + x) * 3 + 3])
    }

    @Test func theDotAndTheWavesAreYellowOnBlack() {
        let side = 512, pixels = AppIcon.rgb(size: side)
        #expect(pixels.count == side * side * 3)
        let yellow: [UInt8] = [0xFF, 0xD4, 0x00], black: [UInt8] = [0, 0, 0]
        #expect(colour(pixels, side: side, x: 256, y: 256) == yellow) // the dot
        #expect(colour(pixels, side: side, x: 0, y: 0) == black) // the background fills the square
        #expect(colour(pixels, side: side, x: 175, y: 256) == black) // between the dot and the inner wave
        // The inner waves cross the middle row 128 units out from their centres (x 257 and 255): at 129 and 383.
        #expect(colour(pixels, side: side, x: 129, y: 256) == yellow)
        #expect(colour(pixels, side: side, x: 383, y: 256) == yellow)
        // The outer waves' leftmost and rightmost points, and their round ends at the chords' tops.
        #expect(colour(pixels, side: side, x: 44, y: 256) == yellow)
        #expect(colour(pixels, side: side, x: 468, y: 256) == yellow)
        #expect(colour(pixels, side: side, x: 106, y: 106) == yellow)
        #expect(colour(pixels, side: side, x: 406, y: 406) == yellow)
        // Nothing beyond the caps, nor above and below the dot where no wave goes.
        #expect(colour(pixels, side: side, x: 106, y: 80) == black)
        #expect(colour(pixels, side: side, x: 256, y: 120) == black)
        #expect(colour(pixels, side: side, x: 256, y: 400) == black)
    }

    @Test func smallIconsAreTheSamePictureWithSmoothEdges() {
        let side = 180, pixels = AppIcon.rgb(size: side)
        #expect(colour(pixels, side: side, x: 90, y: 90) == [0xFF, 0xD4, 0x00])
        // The picture is mirrored left to right, as the SVG is (to within a step of the 4×4 sampling).
        for y in stride(from: 0, to: side, by: 7) {
            for x in 0..<side / 2 {
                let left = colour(pixels, side: side, x: x, y: y)[0], right = colour(pixels, side: side, x: side - 1 - x, y: y)[0]
                #expect(abs(Int(left) - Int(right)) <= 64, "(\(x), \(y))")
            }
        }
        // Edges are smoothed: some pixels are part yellow.
        #expect(stride(from: 0, to: pixels.count, by: 3).contains { pixels[$0] > 0 && pixels[$0] < 255 })
    }
}
