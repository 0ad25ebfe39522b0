import Foundation

/// What a page says, from the recognised lines: the central block (unless the whole frame is wanted), in reading
/// order (the page layout's when the reading has one that explains it, else `ReadingOrder`'s), cut into sentences
/// or lines, each with its language.
public struct PageText: Sendable {
    public var selection: CentralBlockSelection?
    public var orderedLines: [TextLine]
    public var units: [ReadingUnit]
    /// What the recogniser saw and could not read.
    public var unreadable: [UnreadableText]

    public init(reading: TextReading, frameWidth: Int, frameHeight: Int, wholeFrame: Bool, mode: ReadingMode, language: ReadingLanguage) {
        let aspectRatio = Double(frameWidth) / Double(max(1, frameHeight))
        let lines = reading.lines
        unreadable = reading.unreadable
        var kept = lines
        if !wholeFrame {
            let selection = CentralBlockClustering().select(from: lines, frameAspectRatio: aspectRatio)
            self.selection = selection
            kept = selection.lines
        }
        // A page layout analysis, when there is one and it explains the lines, knows columns around pictures that
        // the lines' own geometry cannot tell apart (a real magazine page read 0.42 in printed order without it).
        let order = ReadingOrder(frameAspectRatio: aspectRatio)
        orderedLines = reading.layout.flatMap { order.sorted(kept, following: $0) } ?? order.sorted(kept)
        units = ReadingUnit.units(from: orderedLines, mode: mode).map { unit in
            guard case .fixed(let fixed) = language else { return unit }
            var unit = unit
            unit.language = fixed
            return unit
        }
    }

    /// Why there is nothing to read, when there is nothing.
    public var ifEmpty: EmptyPage { EmptyPage(unreadable: unreadable) }

    public struct Record: Encodable, Sendable {
        public var verdict: String?
        public var lines: [TextLine]
        public var units: [String]
        public var languages: [String]
        public var unreadable: [UnreadableText]
    }

    public var record: Record {
        Record(verdict: selection?.verdict.rawValue, lines: orderedLines, units: units.map(\.text),
               languages: units.map { ($0.language ?? .english).rawValue }, unreadable: unreadable)
    }
}
