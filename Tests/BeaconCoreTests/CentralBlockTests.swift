import Testing
@testable import BeaconCore

@Suite struct CentralBlockTests {
    let clustering = CentralBlockClustering()

    @Test func aSinglePageKeepsEveryLine() throws {
        let page = PageLayouts.lines("P", count: 24, left: 0.15, right: 0.85, top: 0.1, paragraphEvery: 6,
                                     paragraphGap: 0.02)
        let selection = clustering.select(from: page)
        #expect(selection.verdict == .centralBlock)
        #expect(Set(PageLayouts.texts(selection.lines)) == Set(PageLayouts.texts(page)))
        let quad = try #require(selection.quad)
        // The block hugs the page: its sides sit in the margins, not at the middle of the text.
        #expect(quad.boundingRect.x < 0.15 && quad.boundingRect.maxX > 0.85)
    }

    /// An open book with its gutter off to one side: only the page under the frame's centre is read.
    @Test(arguments: [true, false]) func anOpenBookKeepsThePageUnderTheCentre(leftPageInMiddle: Bool) throws {
        // The gutter (0.08 wide, about five grid columns) sits at 0.62 or 0.38.
        let gutter = leftPageInMiddle ? 0.62 : 0.38
        let leftPage = PageLayouts.lines("L", count: 26, left: gutter - 0.5, right: gutter - 0.04, top: 0.08,
                                         paragraphEvery: 7, paragraphGap: 0.015)
        // The facing page's lines do not share the left page's baselines.
        let rightPage = PageLayouts.lines("R", count: 26, left: gutter + 0.04, right: gutter + 0.5, top: 0.095,
                                          paragraphEvery: 9, paragraphGap: 0.015)
        let selection = clustering.select(from: leftPage + rightPage)
        #expect(selection.verdict == .centralBlock)
        let expected = leftPageInMiddle ? leftPage : rightPage
        #expect(Set(PageLayouts.texts(selection.lines)) == Set(PageLayouts.texts(expected)))
        let trace = try #require(selection.trace)
        let gutterSide = leftPageInMiddle ? trace.right : trace.left
        #expect(gutterSide.kind == .gap)
        #expect(abs(gutterSide.position - gutter) < 0.04)
        #expect(gutterSide.tiltDegrees == 0)
    }

    @Test func aPageTiltedByTenDegreesKeepsEveryLine() throws {
        let page = PageLayouts.lines("P", count: 22, left: 0.2, right: 0.8, top: 0.15, paragraphEvery: 8,
                                     paragraphGap: 0.02)
        let tilted = PageLayouts.rotated(page, by: 10, aspectRatio: 4.0 / 3)
        let selection = clustering.select(from: tilted, frameAspectRatio: 4.0 / 3)
        #expect(selection.verdict == .centralBlock)
        #expect(Set(PageLayouts.texts(selection.lines)) == Set(PageLayouts.texts(page)))
    }

    /// A tilted book: a straight one-column strip down the gutter crosses text on most rows, so only the tilted
    /// search finds it.
    @Test func aTiltedOpenBookIsCutAlongItsTiltedGutter() throws {
        let leftPage = PageLayouts.lines("L", count: 24, left: 0.12, right: 0.56, top: 0.12)
        let rightPage = PageLayouts.lines("R", count: 24, left: 0.64, right: 1.05, top: 0.12)
        let aspect = 4.0 / 3
        let book = PageLayouts.rotated(leftPage + rightPage, by: 10, aspectRatio: aspect)
        let selection = clustering.select(from: book, frameAspectRatio: aspect)
        #expect(selection.verdict == .centralBlock)
        #expect(Set(PageLayouts.texts(selection.lines)) == Set(PageLayouts.texts(leftPage)))
        let right = try #require(selection.trace?.right)
        #expect(right.kind == .gap)
        // Turned clockwise, the gutter runs down and to the left: tan 10° / (4/3) ≈ 0.13 columns per row.
        #expect(right.tiltDegrees == -10)
        // Straight, the same book would need a wider gap than it has: no straight column through the gutter is
        // 90 % empty over the page's height.
        var straightOnly = CentralBlockClustering.Parameters.revilio
        straightOnly.tiltSteps = 0
        let straight = CentralBlockClustering(parameters: straightOnly).select(from: book, frameAspectRatio: aspect)
        #expect(Set(PageLayouts.texts(straight.lines)) != Set(PageLayouts.texts(leftPage)))
    }

    /// A heading and paragraph gaps are narrower than the eight-row window, so the page stays one block; a caption
    /// far below the page is beyond a real gap and is left out.
    @Test func aHeadingAndParagraphGapsStayInTheBlock() throws {
        let heading = PageLayouts.line("Heading", x: 0.35, y: 0.1, width: 0.3, height: 0.03)
        let first = PageLayouts.lines("A", count: 8, left: 0.15, right: 0.85, top: 0.19)
        let second = PageLayouts.lines("B", count: 8, left: 0.15, right: 0.85, top: 0.19 + 8 * 0.032 + 0.05)
        let caption = PageLayouts.line("Caption", x: 0.3, y: 0.93, width: 0.4)
        let selection = clustering.select(from: [heading] + first + second + [caption])
        #expect(selection.verdict == .centralBlock)
        #expect(Set(PageLayouts.texts(selection.lines)) == Set(["Heading"] + PageLayouts.texts(first + second)))
        let trace = try #require(selection.trace)
        #expect(trace.bottom.kind == .gap)
        #expect(trace.bottom.position > 0.72 && trace.bottom.position < 0.93)
    }

    @Test func fewerThanSixLinesAreReadAsTheWholeFrame() {
        let sign = PageLayouts.lines("S", count: 5, left: 0.1, right: 0.4, top: 0.1, pitch: 0.2)
        let selection = clustering.select(from: sign)
        #expect(selection.verdict == .tooFewLines)
        #expect(selection.lines == sign)
        #expect(selection.quad == nil)
        #expect(clustering.select(from: []).verdict == .tooFewLines)
    }

    @Test func aLowMedianConfidenceAsksForAnotherFrame() {
        let sure = PageLayouts.lines("S", count: 3, left: 0.1, right: 0.9, top: 0.1, confidence: 0.95)
        let unsure = PageLayouts.lines("U", count: 4, left: 0.1, right: 0.9, top: 0.3, confidence: 0.3)
        let selection = clustering.select(from: sure + unsure)
        #expect(selection.verdict == .lowConfidence)
        #expect(selection.medianConfidence == 0.3)
        #expect(selection.summary.contains("30%"))
        // At the threshold the frame is good enough.
        let borderline = PageLayouts.lines("B", count: 6, left: 0.1, right: 0.9, top: 0.3, confidence: 0.4)
        #expect(clustering.select(from: borderline).verdict == .centralBlock)
    }

    /// Rasterising the quad: a thin line at 45° marks a diagonal band, far fewer cells than its bounding box.
    @Test func tiltedQuadsMarkTheirOwnCellsNotTheirBoundingBox() {
        let diagonal = Quad(topLeft: NormalizedPoint(x: 0.1, y: 0.1), topRight: NormalizedPoint(x: 0.9, y: 0.9),
                            bottomRight: NormalizedPoint(x: 0.88, y: 0.92), bottomLeft: NormalizedPoint(x: 0.08, y: 0.12))
        let grid = OccupancyGrid(size: 60, marking: [diagonal])
        #expect(grid.isText(row: 30, column: 30))
        #expect(!grid.isText(row: 10, column: 50))
        #expect(grid.textCellCount < 200)  // The bounding box covers 50 × 50 = 2500 cells.
        #expect(grid.textCellCount > 48 * 2)
    }

    @Test func windingNumberContainment() {
        let tilted = Quad(topLeft: NormalizedPoint(x: 0.3, y: 0.1), topRight: NormalizedPoint(x: 0.9, y: 0.3),
                          bottomRight: NormalizedPoint(x: 0.7, y: 0.9), bottomLeft: NormalizedPoint(x: 0.1, y: 0.7))
        #expect(tilted.contains(NormalizedPoint(x: 0.5, y: 0.5)))
        #expect(!tilted.contains(NormalizedPoint(x: 0.15, y: 0.15)))
        #expect(!tilted.contains(NormalizedPoint(x: 0.85, y: 0.85)))
        // The corners given the other way round describe the same area.
        let reversed = Quad(topLeft: tilted.topLeft, topRight: tilted.bottomLeft, bottomRight: tilted.bottomRight,
                            bottomLeft: tilted.topRight)
        #expect(reversed.contains(NormalizedPoint(x: 0.5, y: 0.5)))
        #expect(!reversed.contains(NormalizedPoint(x: 0.15, y: 0.15)))
    }

    /// Lines with corners that are not numbers are not counted, kept or allowed to crash the search.
    @Test func linesWithoutAGeometryAreLeftOut() {
        var broken = PageLayouts.line("NaN", x: 0.4, y: 0.5, width: 0.2)
        broken.quad.topLeft = NormalizedPoint(x: .nan, y: 0.5)
        let page = PageLayouts.lines("P", count: 10, left: 0.15, right: 0.85, top: 0.2)
        let selection = clustering.select(from: page + [broken])
        #expect(selection.verdict == .centralBlock)
        #expect(Set(PageLayouts.texts(selection.lines)) == Set(PageLayouts.texts(page)))
    }
}
