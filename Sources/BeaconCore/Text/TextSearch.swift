/// Text search through the object-search guidance: each OCR reading becomes the detections of one "text target",
/// so the same `GuidanceSession` (tracker, target lock, cues, speech arbiter, keys) guides to a sign as to a cup.
public struct TextSearch: Sendable, Hashable {
    /// The class index text targets carry: not a detector class, so no object can be mistaken for the text.
    public static let classIndex = -1

    public let query: TextQuery
    public let matcher: TextMatcher

    public init(query: TextQuery, matcher: TextMatcher = TextMatcher()) {
        self.query = query
        self.matcher = matcher
    }

    /// What to start the guidance session with; its label is the query as the user gave it.
    public var target: SearchTarget { SearchTarget(label: query.text, classIndex: Self.classIndex) }

    /// One detection per line with a match: the box around the matched characters, the match score as confidence.
    public func detections(in lines: [TextLine]) -> [Detection] {
        matcher.matches(of: query, in: lines).map { match in
            Detection(classIndex: Self.classIndex, label: query.text, confidence: match.score, box: match.quad.boundingRect)
        }
    }

    /// The guidance event for one OCR reading of frame `frame`.
    public func event(for lines: [TextLine], frame: Int, timestamp: Double) -> GuidanceEvent {
        .detections(detections(in: lines), frame: frame, timestamp: timestamp)
    }
}

extension GuidanceConfiguration {
    /// Guidance for text search: Revilio's text conviction (+4 per reading with the text, −2 per reading without,
    /// so from saturation four misses switch guidance off: OCR readings come several times less often than
    /// detections, and a miss that counts double lets go of a vanished sign in about the same time), and phrases
    /// that say it is a text, in `language`.
    public static func textSearch(language: TextLanguage = .english) -> GuidanceConfiguration {
        var configuration = GuidanceConfiguration()
        configuration.lock.conviction = ConvictionCounter(gainPerHit: 4, costPerMiss: 2)
        configuration.cues.phrases = GuidancePhrases(language: language, targetKind: .text)
        return configuration
    }
}
