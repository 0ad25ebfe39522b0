import BeaconCore
import CTesseract

/// One initialised Tesseract handle and the calls around it. Not thread-safe (Tesseract's handle is not):
/// `TesseractRecognizer` keeps it behind a lock.
final class TesseractEngine {
    fileprivate let handle: OpaquePointer
    fileprivate let options: TesseractOptions

    /// Loads the language packs once; a missing pack is reported before Tesseract is asked (its own message goes to
    /// standard error and names no package).
    init(packs: TesseractLanguagePacks, options: TesseractOptions) throws(TesseractError) {
        for code in packs.codes where !options.dataFolderHasPack(code) {
            throw .languagePackMissing(code: code, folder: options.dataFolder)
        }
        guard let handle = TessBaseAPICreate() else { throw .startFailed(languages: packs.description) }
        guard TessBaseAPIInit3(handle, options.dataFolder, packs.description) == 0 else {
            TessBaseAPIDelete(handle)
            throw .startFailed(languages: packs.description)
        }
        // Warnings such as "Estimating resolution" and "Empty page!!" would otherwise land on standard error,
        // between the lines the command line prints.
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        TessBaseAPISetPageSegMode(handle, options.pageSegmentation)
        self.handle = handle
        self.options = options
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// The lines in the frame with their words, positions normalised to the frame.
    func read(_ frame: Frame) throws(TesseractError) -> [TextLine] {
        guard let grey = LeptonicaImage.grey(from: frame) else { return [] }
        let image = options.normalizesBackground ? (grey.normalizingBackground() ?? grey) : grey
        OpenMPThreadLimit.confineToCallingThread()
        TessBaseAPISetImage2(handle, image.pix)
        defer { TessBaseAPIClear(handle) }
        guard TessBaseAPIRecognize(handle, nil) == 0 else { throw .recognitionFailed }
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        return TesseractPageWalk(iterator: iterator, width: frame.width, height: frame.height).lines()
    }
}

extension TesseractEngine {
    /// Tesseract's page layout analysis alone, without recognising anything: its text lines in the reading order
    /// its page iterator walks (blocks as its column finder ordered them, then paragraphs, then lines). Picture,
    /// rule and noise blocks are left out. Needs the automatic layout (PSM 3).
    func layout(_ frame: Frame) -> PageLayout {
        guard let grey = LeptonicaImage.grey(from: frame) else { return PageLayout(lines: []) }
        let image = options.normalizesBackground ? (grey.normalizingBackground() ?? grey) : grey
        OpenMPThreadLimit.confineToCallingThread()
        TessBaseAPISetImage2(handle, image.pix)
        defer { TessBaseAPIClear(handle) }
        guard let iterator = TessBaseAPIAnalyseLayout(handle) else { return PageLayout(lines: []) }
        defer { TessPageIteratorDelete(iterator) }
        var lines: [PageLayout.Line] = []
        var block = -1, paragraph = -1
        repeat {
            if TessPageIteratorIsAtBeginningOf(iterator, RIL_BLOCK) != 0 { block += 1 }
            if TessPageIteratorIsAtBeginningOf(iterator, RIL_PARA) != 0 { paragraph += 1 }
            guard Self.textBlocks.contains(TessPageIteratorBlockType(iterator)) else { continue }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(iterator, RIL_TEXTLINE, &left, &top, &right, &bottom) != 0 else { continue }
            let w = Double(frame.width), h = Double(frame.height)
            var quad = Quad(NormalizedRect(x: Double(left) / w, y: Double(top) / h,
                                           width: Double(right - left) / w, height: Double(bottom - top) / h))
            // A tilted page's line is a slanted band, and its upright box overlaps the lines above and below: the
            // band is drawn along the baseline instead, as tall as the box less the baseline's rise.
            var x1: Int32 = 0, y1: Int32 = 0, x2: Int32 = 0, y2: Int32 = 0
            if TessPageIteratorBaseline(iterator, RIL_TEXTLINE, &x1, &y1, &x2, &y2) != 0, x2 > x1 {
                let rise = Double(abs(y2 - y1)) * Double(right - left) / Double(x2 - x1)
                let ink = max(Double(bottom - top) - rise, 1)
                let ascent = ink * 0.8, descent = ink * 0.2
                let slope = Double(y2 - y1) / Double(x2 - x1)
                func point(_ x: Int32, _ offset: Double) -> NormalizedPoint {
                    NormalizedPoint(x: Double(x) / w, y: (Double(y1) + slope * Double(x - x1) + offset) / h)
                }
                quad = Quad(topLeft: point(left, -ascent), topRight: point(right, -ascent),
                            bottomRight: point(right, descent), bottomLeft: point(left, descent))
            }
            lines.append(PageLayout.Line(quad: quad, block: block, paragraph: paragraph))
        } while TessPageIteratorNext(iterator, RIL_TEXTLINE) != 0
        return PageLayout(lines: lines)
    }

    /// The block kinds that hold text (Tesseract's PTIsTextType); pictures, rules and noise do not.
    private static let textBlocks: Set<TessPolyBlockType> = [
        PT_FLOWING_TEXT, PT_HEADING_TEXT, PT_PULLOUT_TEXT, PT_EQUATION, PT_INLINE_EQUATION, PT_TABLE,
        PT_VERTICAL_TEXT, PT_CAPTION_TEXT,
    ]
}

/// Walks Tesseract's results word by word, starting a line at each line's first word.
private struct TesseractPageWalk {
    let iterator: OpaquePointer
    let width: Int
    let height: Int

    func lines() -> [TextLine] {
        let page = TessResultIteratorGetPageIteratorConst(iterator)
        var lines: [TextLine] = []
        var current: TextLine?
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                if let line = current { lines.append(line) }
                current = TextLine(text: text(at: RIL_TEXTLINE), confidence: confidence(at: RIL_TEXTLINE),
                                   quad: quad(at: RIL_TEXTLINE, page: page))
            }
            let word = text(at: RIL_WORD)
            if !word.isEmpty {
                current?.words.append(TextWord(text: word, confidence: confidence(at: RIL_WORD),
                                               quad: quad(at: RIL_WORD, page: page)))
            }
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        if let line = current { lines.append(line) }
        return lines.compactMap(Self.tidied)
    }

    /// Chinese is written without spaces, but Tesseract puts one between its "words" (often single characters):
    /// the line's text is rebuilt from its words, with a space only where a side of the gap is not Han.
    /// Lines without words (blank) are dropped.
    private static func tidied(_ line: TextLine) -> TextLine? {
        guard let first = line.words.first else { return nil }
        var text = first.text
        for (previous, word) in zip(line.words, line.words.dropFirst()) {
            if !(previous.text.unicodeScalars.last.map(isHan) == true && word.text.unicodeScalars.first.map(isHan) == true) {
                text += " "
            }
            text += word.text
        }
        var tidy = line
        tidy.text = text
        return tidy
    }

    private static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        TextLanguage.detect(in: String(scalar)) == .chinese
    }

    private func text(at level: TessPageIteratorLevel) -> String {
        guard let pointer = TessResultIteratorGetUTF8Text(iterator, level) else { return "" }
        defer { TessDeleteText(pointer) }
        return String(cString: pointer).trimmingSpaces
    }

    /// Tesseract reports 0…100; a word it could not score comes back below 0.
    private func confidence(at level: TessPageIteratorLevel) -> Double {
        min(max(Double(TessResultIteratorConfidence(iterator, level)) / 100, 0), 1)
    }

    private func quad(at level: TessPageIteratorLevel, page: OpaquePointer?) -> Quad {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        _ = TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom)
        let w = Double(width), h = Double(height)
        return Quad(NormalizedRect(x: Double(left) / w, y: Double(top) / h,
                                   width: Double(right - left) / w, height: Double(bottom - top) / h))
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }
}
