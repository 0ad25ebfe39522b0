import BeaconCore

/// What the detector saw in one tile, boxes normalized to the tile.
public struct TileDetections: Sendable {
    public var region: PixelRegion
    public var detections: [Detection]

    public init(region: PixelRegion, detections: [Detection]) {
        self.region = region
        self.detections = detections
    }
}

/// Puts the full-frame detections and the tiles' detections of the searched classes together, in frame
/// coordinates, with one box per object.
struct TileMerger {
    let frameWidth: Int
    let frameHeight: Int
    let targets: Set<Int>
    let iouThreshold: Float

    /// A tile box this close (a fraction of the tile) to an edge that is not the frame's is cut by that edge.
    static let edgeMargin = 0.01
    /// A cut box with this much of its area inside a whole box of its class is a piece of that object.
    static let coveredFraction = 0.6
    /// Tile boxes covering more of their tile than this are dropped: objects that large are the full frame's to
    /// find, and a zoomed-in texture (fur, fabric, fruit skin) is where a small model hallucinates tile-sized
    /// people and animals.
    static let largestTileShare = 0.5

    func merge(fullFrame: [Detection], tiles: [TileDetections]) -> [Detection] {
        var whole = fullFrame
        var cut: [Detection] = []
        for tile in tiles {
            for detection in tile.detections
            where targets.contains(detection.classIndex) && detection.box.area <= Self.largestTileShare {
                var mapped = detection
                mapped.box = frameBox(detection.box, in: tile.region)
                if isCut(detection.box, in: tile.region) { cut.append(mapped) } else { whole.append(mapped) }
            }
        }
        // NMS alone would keep a piece of a large object next to the whole: their overlap is small by IoU.
        let pieces = cut.filter { piece in
            !whole.contains { $0.classIndex == piece.classIndex && Self.covers($0.box, piece.box) }
        }
        return suppressDuplicates(whole + pieces)
    }

    /// A box normalized to a tile, normalized to the frame instead.
    func frameBox(_ box: NormalizedRect, in region: PixelRegion) -> NormalizedRect {
        let w = Double(frameWidth), h = Double(frameHeight)
        return NormalizedRect(x: (Double(region.x) + box.x * Double(region.width)) / w,
                              y: (Double(region.y) + box.y * Double(region.height)) / h,
                              width: box.width * Double(region.width) / w,
                              height: box.height * Double(region.height) / h)
    }

    /// Whether a box touches an edge of its tile that lies inside the frame, so the object may go on beyond it.
    func isCut(_ box: NormalizedRect, in region: PixelRegion) -> Bool {
        let margin = Self.edgeMargin
        return (box.x <= margin && region.x > 0)
            || (box.y <= margin && region.y > 0)
            || (box.maxX >= 1 - margin && region.maxX < frameWidth)
            || (box.maxY >= 1 - margin && region.maxY < frameHeight)
    }

    static func covers(_ whole: NormalizedRect, _ piece: NormalizedRect) -> Bool {
        guard piece.area > 0, whole.area >= piece.area else { return false }
        let ix = max(0, min(whole.maxX, piece.maxX) - max(whole.x, piece.x))
        let iy = max(0, min(whole.maxY, piece.maxY) - max(whole.y, piece.y))
        return ix * iy >= coveredFraction * piece.area
    }

    /// Class-aware NMS over everything, in frame pixels like the detector's own.
    private func suppressDuplicates(_ detections: [Detection]) -> [Detection] {
        var labels: [Int: String] = [:]
        let boxes = detections.map { detection in
            labels[detection.classIndex] = detection.label
            let p = detection.box.pixels(width: frameWidth, height: frameHeight)
            return ScoredBox(x1: Float(p.x1), y1: Float(p.y1), x2: Float(p.x2), y2: Float(p.y2),
                             score: Float(detection.confidence), classIndex: detection.classIndex)
        }
        return nonMaximumSuppression(boxes, iouThreshold: iouThreshold).map { box in
            Detection(classIndex: box.classIndex, label: labels[box.classIndex] ?? "class \(box.classIndex)",
                      confidence: Double(box.score),
                      box: PixelRect(x1: Double(box.x1), y1: Double(box.y1), x2: Double(box.x2), y2: Double(box.y2))
                        .normalized(width: frameWidth, height: frameHeight))
        }
    }
}
