/// Where the middle of an object lies along one axis of the picture when the picture may cut its box off, from the
/// boxes of one tracked object over time.
///
/// The detector boxes only what the picture shows, so the middle of a box cut by one edge is pulled towards the
/// picture's middle: it would call an object centred while most of it is still off to one side (a person filling
/// most of the picture, a table). The hidden part is estimated, in this order:
/// - the size last seen whole (both sides in the picture);
/// - once the picture has cut the object on one side and later on the other, it is about as large as the picture:
///   the widest box seen (an object slightly smaller than the picture is never seen whole while people turn past it,
///   and assuming more makes them turn back and forth);
/// - otherwise the hidden part is as large as the visible part (the median guess when nothing else is known), but
///   the whole no smaller than the picture once half of it shows. That makes "centred" safe without knowing the
///   size: a box cut on the left only counts as centred when its right side is within the centre corridor of the
///   picture's right edge (at 0.9 or more), and then the object is centred whatever lies beyond the cut — its
///   middle is within 0.1 of the picture's, or it is larger than the picture and covers the middle.
/// Cut on both sides, the visible middle is the middle.
public struct ObjectExtent: Sendable, Hashable {
    /// A side this close to the picture's edge is taken as cut off by it.
    public var edgeMargin: Double
    private var wholeSize: Double?
    private var cutLowSeen = false
    private var cutHighSeen = false
    private var widest = 0.0

    public init(edgeMargin: Double = 0.01) {
        self.edgeMargin = edgeMargin
    }

    /// Learns from a box freshly seen by the detector, `low…high` in picture units (0…1).
    public mutating func observe(low: Double, high: Double) {
        let cutLow = low <= edgeMargin, cutHigh = high >= 1 - edgeMargin
        switch (cutLow, cutHigh) {
        case (false, false): wholeSize = high - low
        case (true, false): cutLowSeen = true
        case (false, true): cutHighSeen = true
        case (true, true): break
        }
        widest = max(widest, high - low)
    }

    /// The estimated middle of the object whose box (now) spans `low…high`.
    public func centre(low: Double, high: Double) -> Double {
        let cutLow = low <= edgeMargin, cutHigh = high >= 1 - edgeMargin
        let visible = high - low
        guard cutLow != cutHigh else { return (low + high) / 2 }
        let size: Double
        if let wholeSize {
            size = max(wholeSize, visible)
        } else if cutLowSeen && cutHighSeen {
            size = max(widest, visible)
        } else {
            size = max(visible, min(1, 2 * visible))
        }
        return cutLow ? high - size / 2 : low + size / 2
    }
}
