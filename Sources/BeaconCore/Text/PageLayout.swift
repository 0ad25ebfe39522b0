/// A page's text lines in reading order as a layout analyser made for pages found them (Tesseract's page layout
/// analysis: its column finder splits a page into blocks around pictures and orders them), without their text.
/// Pictures, rules and noise are left out; only where the text lines are, and which block and paragraph each is in.
public struct PageLayout: Sendable, Hashable, Codable {
    public struct Line: Sendable, Hashable, Codable {
        public var quad: Quad
        /// The block (a column's stretch, a headline, a caption) and paragraph the line is in, counted in reading
        /// order over the page.
        public var block: Int
        public var paragraph: Int

        public init(quad: Quad, block: Int, paragraph: Int) {
            self.quad = quad
            self.block = block
            self.paragraph = paragraph
        }
    }

    /// In reading order.
    public var lines: [Line]

    public init(lines: [Line]) {
        self.lines = lines
    }
}
