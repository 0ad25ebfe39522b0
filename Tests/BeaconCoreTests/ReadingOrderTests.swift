import Testing
@testable import BeaconCore

@Suite struct ReadingOrderTests {
    /// A heading across two columns, then the left column top to bottom, then the right one — whatever order the
    /// recogniser returned the lines in.
    @Test(arguments: [0.0, 10.0, -8.0]) func twoColumnsReadColumnByColumn(tilt: Double) {
        let heading = PageLayouts.line("Heading", x: 0.2, y: 0.08, width: 0.6, height: 0.035)
        let left = PageLayouts.lines("L", count: 12, left: 0.08, right: 0.46, top: 0.16, paragraphEvery: 5)
        // The right column's baselines are half a line lower than the left's.
        let right = PageLayouts.lines("R", count: 11, left: 0.54, right: 0.92, top: 0.176, paragraphEvery: 4)
        let footer = PageLayouts.line("Footer", x: 0.3, y: 0.6, width: 0.4)
        let page = [heading] + left + right + [footer]
        let aspect = 16.0 / 9
        let photographed = PageLayouts.scrambled(PageLayouts.rotated(page, by: tilt, aspectRatio: aspect))
        let order = ReadingOrder(frameAspectRatio: aspect).sorted(photographed)
        #expect(PageLayouts.texts(order) == PageLayouts.texts(page))
    }

    /// Two columns that start under a full-width paragraph are still read one after the other, not row by row.
    @Test func columnsUnderAFullWidthParagraph() {
        let intro = PageLayouts.lines("I", count: 3, left: 0.08, right: 0.92, top: 0.1)
        let left = PageLayouts.lines("L", count: 6, left: 0.08, right: 0.46, top: 0.22)
        let right = PageLayouts.lines("R", count: 6, left: 0.54, right: 0.92, top: 0.22)
        let order = ReadingOrder().sorted((right + left + intro).reversed())
        #expect(PageLayouts.texts(order) == PageLayouts.texts(intro + left + right))
    }

    /// Pieces of one printed line (the recogniser split it at a wide space) are read left to right on their row.
    @Test func piecesOnOneBaselineAreJoinedLeftToRight() {
        let above = PageLayouts.line("above", x: 0.1, y: 0.2, width: 0.8)
        let name = PageLayouts.line("Name:", x: 0.1, y: 0.232, width: 0.2)
        let value = PageLayouts.line("Ada Lovelace", x: 0.32, y: 0.234, width: 0.4)
        let below = PageLayouts.line("below", x: 0.1, y: 0.264, width: 0.8)
        let layout = ReadingOrder().arrange([below, value, above, name])
        #expect(PageLayouts.texts(layout.lines) == ["above", "Name:", "Ada Lovelace", "below"])
        #expect(layout.rows.map { PageLayouts.texts($0) } == [["above"], ["Name:", "Ada Lovelace"], ["below"]])
    }

    /// A right-aligned date above a left-aligned greeting: they do not overlap across, but they are not columns.
    @Test func itemsOneAboveTheOtherAreNotColumns() {
        let date = PageLayouts.line("12 May", x: 0.7, y: 0.1, width: 0.2)
        let greeting = PageLayouts.line("Dear Ada,", x: 0.1, y: 0.16, width: 0.25)
        let body = PageLayouts.lines("B", count: 3, left: 0.1, right: 0.9, top: 0.25)
        let order = ReadingOrder().sorted([greeting] + body.reversed() + [date])
        #expect(PageLayouts.texts(order) == ["12 May", "Dear Ada,"] + PageLayouts.texts(body))
    }

    /// Both pages of an open book read whole (as PP-OCR boxed them in a photo): padded boxes taller than the line
    /// pitch, a gap between the pages narrower than a box, and each page at its own angle. Left page, then right.
    @Test func anOpenBookWithPagesAtTheirOwnAnglesReadsPageByPage() {
        let aspect = 1280.0 / 420
        let left = PageLayouts.lines("L", count: 6, left: 0.025, right: 0.41, top: 0.2, pitch: 0.056, height: 0.07)
        let right = PageLayouts.lines("R", count: 6, left: 0.44, right: 0.94, top: 0.15, pitch: 0.07, height: 0.085)
        let photographed = PageLayouts.rotated(left, by: -3.5, about: NormalizedPoint(x: 0.22, y: 0.35), aspectRatio: aspect)
            + PageLayouts.rotated(right, by: 1, about: NormalizedPoint(x: 0.69, y: 0.35), aspectRatio: aspect)
        let order = ReadingOrder(frameAspectRatio: aspect).sorted(PageLayouts.scrambled(photographed))
        #expect(PageLayouts.texts(order) == PageLayouts.texts(left + right))
    }

    /// A page photographed at 25°: bounding boxes of neighbouring lines overlap heavily, the levelled lines do not.
    @Test func aSteeplyTiltedSingleColumnKeepsItsLineOrder() {
        let page = PageLayouts.lines("P", count: 14, left: 0.2, right: 0.8, top: 0.25, pitch: 0.035)
        let tilted = PageLayouts.scrambled(PageLayouts.rotated(page, by: 25))
        #expect(PageLayouts.texts(ReadingOrder().sorted(tilted)) == PageLayouts.texts(page))
        #expect(ReadingOrder().arrange(tilted).blocks.count == 1)
    }

    @Test func noLinesNoLayout() {
        #expect(ReadingOrder().arrange([]).blocks.isEmpty)
    }
}
