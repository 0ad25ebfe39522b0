/// How far the picture's content moved between two frames, in picture widths (`dx`) and heights (`dy`): the camera
/// turning right moves everything left (`dx` < 0), tilting up moves everything down (`dy` > 0).
///
/// A person following guidance turns by tens of degrees a second; at 5 detections a second an object then jumps by
/// more than its own width between detections, and a tracker that only knows each box's own past motion matches it
/// to a neighbour of the same class, or loses it. Measured camera motion (from the pictures themselves, or a
/// gyroscope) moves every track with the picture, so identities survive fast turns.
public struct CameraMotion: Sendable, Hashable, Codable {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = CameraMotion(dx: 0, dy: 0)

    public static func + (lhs: CameraMotion, rhs: CameraMotion) -> CameraMotion {
        CameraMotion(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy)
    }
}

extension NormalizedRect {
    /// The same rectangle where the picture's motion carries it (it may leave the picture).
    public func moved(by motion: CameraMotion) -> NormalizedRect {
        NormalizedRect(x: x + motion.dx, y: y + motion.dy, width: width, height: height)
    }
}

extension NormalizedPoint {
    public func moved(by motion: CameraMotion) -> NormalizedPoint { NormalizedPoint(x: x + motion.dx, y: y + motion.dy) }
}

/// The camera motion of the last few frames, so detections of an older frame (the detector takes a while) can be
/// moved to where their objects are in the frame now in hand. Each measurement is between two frames handed to the
/// session, which need not be neighbours: a live camera drops frames the loop was too slow for.
public struct MotionLog: Sendable {
    /// Measurements remembered: a detection older than these is not moved.
    public var capacity: Int
    private var entries: [Entry] = []

    private struct Entry: Sendable {
        var from: Int
        var to: Int
        var motion: CameraMotion
    }

    public init(capacity: Int = 30) {
        self.capacity = capacity
    }

    /// The picture moved by `motion` from frame `from` to frame `to`.
    public mutating func record(_ motion: CameraMotion, from: Int, to: Int) {
        guard to > from else { return }
        entries.removeAll { $0.to >= to }
        entries.append(Entry(from: from, to: to, motion: motion))
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }

    /// The motion from frame `older` to frame `newer`, summed along the measurements between them; nil when a step
    /// between them was not measured, so nothing is moved by a guess.
    public func motion(from older: Int, to newer: Int) -> CameraMotion? {
        var total = CameraMotion.zero
        var at = newer
        while at != older {
            guard at > older, let entry = entries.last(where: { $0.to == at }), entry.from >= older else { return nil }
            total = total + entry.motion
            at = entry.from
        }
        return total
    }
}
