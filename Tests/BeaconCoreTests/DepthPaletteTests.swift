import Testing
@testable import BeaconCore

@Suite struct DepthPaletteTests {
    @Test func nearIsWarmFarIsCoolHolesAreBlack() {
        let palette = DepthPalette()
        let near = palette.colour(0.4), far = palette.colour(8)
        #expect(near.0 > near.2, "near should be red-ish: \(near)")
        #expect(far.2 > far.0, "far should be blue-ish: \(far)")
        #expect(palette.colour(0) == (0, 0, 0) && palette.colour(.nan) == (0, 0, 0))
        // Beyond the scale's ends the colours hold.
        #expect(palette.colour(0.01) == palette.colour(0.3) && palette.colour(50) == palette.colour(10))
    }

    @Test func thePictureIsDrawnAtTheFramesSize() {
        let map = DepthMap(width: 2, height: 1, metres: [0.5, 0])
        let picture = DepthPalette().picture(of: map, width: 4, height: 2)
        #expect(picture.width == 4 && picture.height == 2)
        #expect(Array(picture.rgb[9..<12]) == [0, 0, 0]) // the right half is the hole
        #expect(picture.rgb[0] > 0)
    }
}
