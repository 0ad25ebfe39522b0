/// Where something is relative to the middle of the picture, in words a person can act on.
public struct Direction: Sendable, Hashable, Codable {
    public enum Horizontal: String, Sendable, Codable { case left, right }
    public enum Vertical: String, Sendable, Codable { case up, down }

    /// nil when centred on that axis.
    public var horizontal: Horizontal?
    public var vertical: Vertical?

    public init(horizontal: Horizontal? = nil, vertical: Vertical? = nil) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public var isCentred: Bool { horizontal == nil && vertical == nil }

    /// "centred", "left", "right, up", …: the horizontal word first, since people turn before they tilt.
    public var words: String {
        if isCentred { return "centred" }
        return [horizontal?.rawValue, vertical?.rawValue].compactMap { $0 }.joined(separator: ", ")
    }

    /// Half-width of the centre corridor: a target within 0.1 of the middle on an axis counts as centred there.
    public static let centreRadius = 0.1
    /// How far inside the corridor a target must come before it counts as centred; once centred it stays so to the
    /// corridor's edge, so a target on the edge does not flicker. Inside rather than outside the corridor: a person
    /// stops turning the moment they hear "centred", and the detector's box is not the object's true extent — it
    /// leaves out a foot, a cup's handle — so its middle can be 0.05 from the object's. Coming in to 0.05 of the
    /// middle still leaves the object within 0.1; at 0.08, `beacon bench guidance` found people stopped 0.10–0.11
    /// off the true centre (PicoDet, seeds 1, 2, 3: 182, 182, 179 of 192 runs centred; at 0.05: 184, 184, 180).
    public static let horizontalHysteresis = 0.05
    /// Tilting is coarser than turning and a thing a little high or low is still in the picture's middle band, so
    /// up and down keep the narrower margin: at 0.05 the pan said "eleven o'clock, up" for a cup 0.07 above the
    /// middle, and the bench centred no more runs (184, 185, 180).
    public static let verticalHysteresis = 0.02

    /// The direction of a point (normalized, origin top-left), remembering the previous direction for hysteresis.
    public static func of(x: Double, y: Double, previous: Direction? = nil) -> Direction {
        let dx = x - 0.5, dy = y - 0.5
        let wasCentredX = previous.map { $0.horizontal == nil } ?? false
        let wasCentredY = previous.map { $0.vertical == nil } ?? false
        let limitX = centreRadius - (wasCentredX ? 0 : horizontalHysteresis)
        let limitY = centreRadius - (wasCentredY ? 0 : verticalHysteresis)
        return Direction(horizontal: abs(dx) < limitX ? nil : (dx < 0 ? .left : .right),
                         vertical: abs(dy) < limitY ? nil : (dy < 0 ? .up : .down))
    }
}

/// Which ninth of the picture a box's centre is in, as a short phrase: "centre", "centre-left", "top-right", …
public func regionPhrase(for box: NormalizedRect) -> String {
    let column = box.midX < 1.0 / 3 ? "left" : (box.midX > 2.0 / 3 ? "right" : "centre")
    let row = box.midY < 1.0 / 3 ? "top" : (box.midY > 2.0 / 3 ? "bottom" : "centre")
    if row == "centre" && column == "centre" { return "centre" }
    return "\(row)-\(column)"
}

/// "cup, 93%, centre-left": what a detection is, how sure, and where.
public func describe(_ detection: Detection) -> String {
    "\(detection.label), \(Int((detection.confidence * 100).rounded()))%, \(regionPhrase(for: detection.box))"
}
