import Testing
@testable import BeaconCore

@Suite struct ObjectExtentTests {
    @Test func aBoxTheEdgeDoesNotCutIsItsOwnMiddle() {
        var extent = ObjectExtent()
        extent.observe(low: 0.2, high: 0.6)
        #expect(abs(extent.centre(low: 0.2, high: 0.6) - 0.4) < 1e-12)
        // Cut on both sides: larger than the picture, and the visible middle is all there is.
        #expect(abs(extent.centre(low: 0, high: 1) - 0.5) < 1e-12)
    }

    @Test func aSliverIsTakenToBeHalfShown() {
        let extent = ObjectExtent()
        // Cut on the left, 0.2 showing: 0.4 wide, its middle at the edge.
        #expect(abs(extent.centre(low: 0, high: 0.2)) < 1e-12)
        #expect(abs(extent.centre(low: 0.85, high: 1) - 1) < 1e-12)
    }

    /// Whatever lies beyond the cut, a box reaching to 0.9 from the cut edge is centred: either the object fits in
    /// the picture and its middle is at 0.4 or more, or it is larger and covers the middle.
    @Test func centredOnlyWhenItIsCentredWhateverIsHidden() {
        let extent = ObjectExtent()
        for high in stride(from: 0.5, through: 0.99, by: 0.01) {
            let estimate = extent.centre(low: 0, high: high)
            let claimed = abs(estimate - 0.5) <= Direction.centreRadius + 1e-9
            // Every object that would show this box: left edges from just beyond the picture to a picture away.
            let alwaysCentred = stride(from: -0.001, through: high - 2, by: -0.01).allSatisfy { left in
                let size = high - left
                return size > 1 ? left <= 0.5 : abs((left + high) / 2 - 0.5) <= Direction.centreRadius + 1e-9
            }
            if claimed { #expect(alwaysCentred, "box 0…\(high) claimed centred") }
        }
        #expect(abs(extent.centre(low: 0, high: 0.9) - 0.4) < 1e-12)
        #expect(extent.centre(low: 0, high: 0.85) < 0.4)
    }

    @Test func theSizeSeenWholeWins() {
        var extent = ObjectExtent()
        extent.observe(low: 0.3, high: 0.7)
        extent.observe(low: 0, high: 0.3)
        #expect(abs(extent.centre(low: 0, high: 0.3) - 0.1) < 1e-12)
    }

    /// An object a little smaller than the picture, cut on the left and then, after a turn, on the right: it is
    /// about as large as the widest box, not as large as the picture (which would send the person back).
    @Test func cutOnBothSidesInTurnItIsAsLargeAsTheWidestBox() {
        var extent = ObjectExtent()
        extent.observe(low: 0, high: 0.6)
        #expect(abs(extent.centre(low: 0, high: 0.6) - 0.1) < 1e-12)
        extent.observe(low: 0.14, high: 1)
        #expect(abs(extent.centre(low: 0.14, high: 1) - 0.57) < 1e-12)
    }
}
