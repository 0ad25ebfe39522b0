/// Every sentence the guidance speaks, in one place, so they stay short and consistent (and can be translated).
/// Sentences start with a capital and end with a full stop so synthesizers phrase them as sentences.
public struct GuidancePhrases: Sendable, Hashable {
    /// What kind of thing the target is, said before its name when the search starts: "the text" gives
    /// "Looking for the text EXIT." (a bare "Looking for EXIT." could be an object). Nil for objects.
    public var targetKind: String?

    public init(targetKind: String? = nil) {
        self.targetKind = targetKind
    }

    /// "Cup, one o'clock." / "Cup, centred, 1.5 metres."
    public func found(_ label: String, direction: String, distance: Double? = nil) -> String {
        sentence([label, direction, distance.map(metres)].compactMap { $0 }.joined(separator: ", "))
    }

    /// "One o'clock." / "Centred."
    public func direction(_ words: String) -> String { sentence(words) }

    /// "Cup lost; last seen to your left."
    public func lost(_ label: String, lastSeen: NormalizedPoint?) -> String {
        guard let lastSeen else { return sentence("\(label) lost") }
        return sentence("\(label) lost; last seen \(whereabouts(of: lastSeen))")
    }

    /// The answer to "where is it?" while the target is not in view.
    public func notInView(_ label: String, lastSeen: NormalizedPoint?) -> String {
        guard let lastSeen else { return sentence("looking for \(kindAndName(label)); not seen yet") }
        return sentence("\(label) not in view; last seen \(whereabouts(of: lastSeen))")
    }

    /// "Cup not in view; keep turning.": said when a search has found nothing for a while.
    public func keepTurning(_ label: String) -> String { sentence("\(label) not in view; keep turning") }

    public func lookingFor(_ label: String) -> String { sentence("looking for \(kindAndName(label))") }

    private func kindAndName(_ label: String) -> String { targetKind.map { "\($0) \(label)" } ?? label }

    /// "Search paused after two minutes. Press p to resume."
    public func autoPaused(after seconds: Double) -> String {
        "Search paused after \(duration(seconds)). Press p to resume."
    }

    public let paused = "Paused."
    public let resumed = "Resumed."
    public let nothingToRepeat = "Nothing to repeat yet."

    /// Coarse words for where a point is, horizontal first since people turn before they tilt.
    public func whereabouts(of point: NormalizedPoint) -> String {
        let corridor = Direction.centreRadius
        if point.dx < -corridor { return "to your left" }
        if point.dx > corridor { return "to your right" }
        if point.dy < -corridor { return "high up" }
        if point.dy > corridor { return "low down" }
        return "straight ahead"
    }

    /// "half a metre", "1 metre", "2.5 metres": to the nearest half metre, which is as exact as the estimate is.
    public func metres(_ distance: Double) -> String {
        let halves = max(1, Int((distance * 2).rounded()))
        if halves == 1 { return "half a metre" }
        if halves == 2 { return "1 metre" }
        return halves % 2 == 0 ? "\(halves / 2) metres" : "\(halves / 2).5 metres"
    }

    /// "two minutes", "90 seconds", "15 minutes".
    public func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        let numbers = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        func counted(_ count: Int, _ unit: String) -> String {
            let number = count < numbers.count ? numbers[count] : String(count)
            return "\(number) \(unit)\(count == 1 ? "" : "s")"
        }
        return whole >= 60 && whole % 60 == 0 ? counted(whole / 60, "minute") : counted(whole, "second")
    }

    private func sentence(_ text: String) -> String { text.capitalizedFirst + "." }
}

extension String {
    /// "cup" → "Cup": sentences spoken aloud start with a capital so synthesizers phrase them as sentences.
    public var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
