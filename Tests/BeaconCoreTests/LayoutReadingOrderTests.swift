import Testing
@testable import BeaconCore

/// Lines put in the order of a page layout analysis (`ReadingOrder.sorted(_:following:)`).
@Suite struct LayoutReadingOrderTests {
    static func layout(_ lines: [TextLine]) -> PageLayout {
        PageLayout(lines: lines.enumerated().map { PageLayout.Line(quad: $0.element.quad, block: 0, paragraph: $0.offset) })
    }

    /// Two columns that narrow around a picture in the middle: on the lines' geometry alone the short lines beside
    /// the picture stand in columns of their own; the layout says the left column is read whole before the right.
    @Test func followsTheLayoutsOrderWhereTheGeometryCannotTell() {
        let leftTop = PageLayouts.lines("LT", count: 4, left: 0.05, right: 0.48, top: 0.1)
        let leftBeside = PageLayouts.lines("LB", count: 6, left: 0.05, right: 0.3, top: 0.23)
        let rightTop = PageLayouts.lines("RT", count: 4, left: 0.52, right: 0.95, top: 0.1)
        let rightBeside = PageLayouts.lines("RB", count: 6, left: 0.7, right: 0.95, top: 0.23)
        let printed = leftTop + leftBeside + rightTop + rightBeside
        // The analyser's boxes are tighter than a recogniser's: the recognised lines are padded.
        let analysed = Self.layout(printed.map { line in
            var tight = line
            let r = line.quad.boundingRect
            tight.quad = Quad(NormalizedRect(x: r.x + 0.005, y: r.y + 0.004, width: r.width - 0.01, height: r.height - 0.008))
            return tight
        })
        let order = ReadingOrder().sorted(PageLayouts.scrambled(printed), following: analysed)
        #expect(order.map { PageLayouts.texts($0) } == PageLayouts.texts(printed))
    }

    /// A recognised line that runs on across the gutter is cut where its words move to the other column.
    @Test func aLineRunAcrossTwoColumnsIsCutBetweenThem() {
        func word(_ text: String, _ x: Double, _ y: Double) -> TextWord {
            TextWord(text: text, confidence: 0.9, quad: Quad(NormalizedRect(x: x, y: y, width: 0.08, height: 0.02)))
        }
        var merged = PageLayouts.line("one two three four", x: 0.05, y: 0.1, width: 0.9, height: 0.02)
        merged.words = [word("one", 0.05, 0.1), word("two", 0.3, 0.1), word("three", 0.55, 0.1), word("four", 0.8, 0.1)]
        var next = PageLayouts.line("five", x: 0.05, y: 0.14, width: 0.4, height: 0.02)
        next.words = [word("five", 0.05, 0.14)]
        let layout = PageLayout(lines: [
            .init(quad: Quad(NormalizedRect(x: 0.05, y: 0.1, width: 0.4, height: 0.02)), block: 0, paragraph: 0),
            .init(quad: Quad(NormalizedRect(x: 0.05, y: 0.14, width: 0.4, height: 0.02)), block: 0, paragraph: 0),
            .init(quad: Quad(NormalizedRect(x: 0.55, y: 0.1, width: 0.4, height: 0.02)), block: 1, paragraph: 1),
        ])
        let order = ReadingOrder().sorted([merged, next], following: layout)
        #expect(order.map { PageLayouts.texts($0) } == ["one two", "five", "three four"])
    }

    /// A layout that explains little of what was read (a photo's scene text the analyser took for a picture)
    /// leaves the order to the lines' geometry.
    @Test func aLayoutThatExplainsLittleIsNotFollowed() {
        let lines = PageLayouts.lines("L", count: 5, left: 0.1, right: 0.9, top: 0.1)
        let stray = PageLayout(lines: [.init(quad: lines[4].quad, block: 0, paragraph: 0)])
        #expect(ReadingOrder().sorted(lines, following: stray) == nil)
        #expect(ReadingOrder().sorted(lines, following: PageLayout(lines: [])) == nil)
    }

    /// What the layout leaves out is read after what it places, in the geometry's order.
    @Test func linesOffTheLayoutComeAfterTheRest() {
        let body = PageLayouts.lines("B", count: 4, left: 0.1, right: 0.9, top: 0.5)
        let sign = PageLayouts.line("EXIT", x: 0.4, y: 0.1, width: 0.1)
        let order = ReadingOrder().sorted([sign] + body.reversed(), following: Self.layout(body))
        #expect(order.map { PageLayouts.texts($0) } == PageLayouts.texts(body) + ["EXIT"])
    }
}
