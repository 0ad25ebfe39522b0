import Foundation

/// How large an object of some class typically is, in metres. Each dimension is given only where it means what the
/// estimate needs:
/// - `height`: things that stand upright. A roughly level camera sees their height unforeshortened from any side.
/// - `width`: things that look about as wide from any side they are seen from (round things, signs and screens
///   seen face-on).
/// - `length`: the longest extent of long things (a car, a bench, a knife). Seen from an angle they look shorter, so
///   the length only bounds the distance: the object looks at most this long.
public struct ObjectSize: Sendable, Hashable, Codable {
    public var height: Double?
    public var width: Double?
    public var length: Double?

    public init(height: Double? = nil, width: Double? = nil, length: Double? = nil) {
        self.height = height
        self.width = width
        self.length = length
    }
}

extension NormalizedRect {
    /// Whether the picture cuts the box off (a side within `margin` of the picture's edge, or beyond it), across and
    /// up and down.
    func cutByPicture(margin: Double) -> (horizontally: Bool, vertically: Bool) {
        (x <= margin || maxX >= 1 - margin, y <= margin || maxY >= 1 - margin)
    }
}

/// How far away something is, as a person can use it: rounded, and said with "about".
public struct DistanceEstimate: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// About this far ("about 2 metres").
        case about
        /// At most this far: the picture cut the object off, so it looked smaller, and further away, than it is.
        /// Said as "about 2 metres" too: a bound is no distance a listener can walk.
        case atMost
        /// Measured by depth at the object itself ("1 metre"): no "about".
        case measured
    }

    /// What to say: half metres below 3 m, whole metres from there on, never less than half a metre. An upper
    /// bound is rounded up, so it stays a bound.
    public var metres: Double
    public var kind: Kind
    /// The estimate before rounding, for comparing and ordering.
    public var unroundedMetres: Double

    public init(unroundedMetres: Double, kind: Kind) {
        self.unroundedMetres = unroundedMetres
        self.kind = kind
        metres = Self.rounded(unroundedMetres, up: kind == .atMost)
    }

    static func rounded(_ metres: Double, up: Bool) -> Double {
        let step = metres < 3 ? 0.5 : 1
        let steps = metres / step
        return max(0.5, (up ? steps.rounded(.up) : steps.rounded()) * step)
    }
}

/// Typical real sizes of the COCO classes, and the distance a box of that size means to a pinhole camera.
///
/// An object `size` metres tall at `d` metres fills `size / (2·d·tan(fov/2))` of a picture that is `fov` degrees
/// tall, so `d = size / (2·tan(fov/2)·fraction)`. The sizes are typical adults, cars and furniture: a child, a
/// seated person or a minibus is off by its own ratio to the typical one, which is why the answer is rounded and
/// said with "about".
public struct SizePriors: Sendable, Hashable {
    public var sizes: [String: ObjectSize]
    /// For a label the table does not know: something about half a metre tall.
    public var defaultSize: ObjectSize
    /// A box side this close to the picture's edge is cut off by it (as `ObjectExtent` judges).
    public var edgeMargin: Double
    /// An upper bound beyond this says nothing a person can act on (at most 9 metres): no estimate.
    public var longestUsefulBound: Double

    public init(sizes: [String: ObjectSize] = Self.coco, defaultSize: ObjectSize = ObjectSize(height: 0.5),
                edgeMargin: Double = 0.01, longestUsefulBound: Double = 5) {
        self.sizes = sizes
        self.defaultSize = defaultSize
        self.edgeMargin = edgeMargin
        self.longestUsefulBound = longestUsefulBound
    }

    public static let standard = SizePriors()

    public func size(of label: String) -> ObjectSize { sizes[label] ?? defaultSize }

    /// How far away an object of class `label` is whose box is `box`, seen by a camera with these fields of view
    /// (degrees). Nil when the box says nothing: empty, or cut by the picture's edge so that only a useless bound is
    /// left.
    ///
    /// The box's height is used when the class has one and the box is not cut at the top or bottom, then its width
    /// (for classes with a face-on width) when it is not cut at the sides. Otherwise every dimension still bounds the
    /// distance from above (the object fills at least what shows), and the tightest bound is the answer.
    public func distance(of box: NormalizedRect, label: String, verticalFieldOfView: Double = 45,
                         horizontalFieldOfView: Double = 60) -> DistanceEstimate? {
        let top = max(0, box.y), bottom = min(1, box.maxY), left = max(0, box.x), right = min(1, box.maxX)
        let shownHeight = bottom - top, shownWidth = right - left
        guard shownHeight > 0, shownWidth > 0 else { return nil }
        let (cutHorizontally, cutVertically) = box.cutByPicture(margin: edgeMargin)
        let pictureHeight = 2 * tan(verticalFieldOfView / 2 * .pi / 180)
        let pictureWidth = 2 * tan(horizontalFieldOfView / 2 * .pi / 180)
        // The distance at which `metres` fills `fraction` of a picture `span` wide (in tangent units).
        func distance(_ metres: Double, filling fraction: Double, of span: Double) -> Double {
            metres / (span * fraction)
        }
        let size = size(of: label)
        if let height = size.height, !cutVertically {
            return DistanceEstimate(unroundedMetres: distance(height, filling: shownHeight, of: pictureHeight),
                                    kind: .about)
        }
        if let width = size.width, !cutHorizontally {
            return DistanceEstimate(unroundedMetres: distance(width, filling: shownWidth, of: pictureWidth),
                                    kind: .about)
        }
        var bounds: [Double] = []
        if let height = size.height { bounds.append(distance(height, filling: shownHeight, of: pictureHeight)) }
        if let width = size.width { bounds.append(distance(width, filling: shownWidth, of: pictureWidth)) }
        if let length = size.length {
            bounds.append(distance(length, filling: shownHeight, of: pictureHeight))
            bounds.append(distance(length, filling: shownWidth, of: pictureWidth))
        }
        guard let tightest = bounds.min(), tightest <= longestUsefulBound else { return nil }
        return DistanceEstimate(unroundedMetres: tightest, kind: .atMost)
    }

    /// Typical sizes of the 80 COCO classes (adults, family cars, household furniture and tableware).
    public static let coco: [String: ObjectSize] = [
        "person": ObjectSize(height: 1.7),
        "bicycle": ObjectSize(height: 1.0, length: 1.75),
        "car": ObjectSize(height: 1.5, length: 4.5),
        "motorcycle": ObjectSize(height: 1.1, length: 2.1),
        "airplane": ObjectSize(height: 8, length: 35),
        "bus": ObjectSize(height: 3.0, length: 12),
        "train": ObjectSize(height: 4.0, length: 20),
        "truck": ObjectSize(height: 3.0, length: 8),
        "boat": ObjectSize(height: 1.5, length: 6),
        "traffic light": ObjectSize(height: 0.9),
        "fire hydrant": ObjectSize(height: 0.75),
        "stop sign": ObjectSize(height: 0.75, width: 0.75),
        "parking meter": ObjectSize(height: 1.5),
        "bench": ObjectSize(height: 0.8, length: 1.5),
        "bird": ObjectSize(height: 0.2),
        "cat": ObjectSize(height: 0.3, length: 0.45),
        "dog": ObjectSize(height: 0.6, length: 0.9),
        "horse": ObjectSize(height: 1.7, length: 2.4),
        "sheep": ObjectSize(height: 0.9, length: 1.2),
        "cow": ObjectSize(height: 1.5, length: 2.4),
        "elephant": ObjectSize(height: 3.0, length: 6),
        "bear": ObjectSize(height: 1.2, length: 2),
        "zebra": ObjectSize(height: 1.4, length: 2.3),
        "giraffe": ObjectSize(height: 5.0),
        "backpack": ObjectSize(height: 0.45),
        "umbrella": ObjectSize(width: 1.0),
        "handbag": ObjectSize(height: 0.3),
        "tie": ObjectSize(height: 0.5),
        "suitcase": ObjectSize(height: 0.65),
        "frisbee": ObjectSize(width: 0.25),
        "skis": ObjectSize(length: 1.7),
        "snowboard": ObjectSize(length: 1.5),
        "sports ball": ObjectSize(width: 0.22),
        "kite": ObjectSize(width: 1.0),
        "baseball bat": ObjectSize(length: 0.85),
        "baseball glove": ObjectSize(height: 0.3),
        "skateboard": ObjectSize(length: 0.8),
        "surfboard": ObjectSize(length: 2.0),
        "tennis racket": ObjectSize(length: 0.68),
        "bottle": ObjectSize(height: 0.25),
        "wine glass": ObjectSize(height: 0.2),
        "cup": ObjectSize(height: 0.1),
        "fork": ObjectSize(length: 0.19),
        "knife": ObjectSize(length: 0.22),
        "spoon": ObjectSize(length: 0.17),
        "bowl": ObjectSize(width: 0.16),
        "banana": ObjectSize(length: 0.2),
        "apple": ObjectSize(width: 0.08),
        "sandwich": ObjectSize(width: 0.12),
        "orange": ObjectSize(width: 0.08),
        "broccoli": ObjectSize(width: 0.15),
        "carrot": ObjectSize(length: 0.18),
        "hot dog": ObjectSize(length: 0.18),
        "pizza": ObjectSize(width: 0.3),
        "donut": ObjectSize(width: 0.1),
        "cake": ObjectSize(width: 0.25),
        "chair": ObjectSize(height: 0.9),
        "couch": ObjectSize(height: 0.85, length: 2.0),
        "potted plant": ObjectSize(height: 0.5),
        "bed": ObjectSize(height: 0.6, length: 2.0),
        "dining table": ObjectSize(height: 0.75, length: 1.6),
        "toilet": ObjectSize(height: 0.75),
        "tv": ObjectSize(height: 0.6, width: 1.0),
        "laptop": ObjectSize(width: 0.33),
        "mouse": ObjectSize(length: 0.11),
        "remote": ObjectSize(length: 0.18),
        "keyboard": ObjectSize(width: 0.45),
        "cell phone": ObjectSize(height: 0.15),
        "microwave": ObjectSize(height: 0.3, width: 0.5),
        "oven": ObjectSize(height: 0.9),
        "toaster": ObjectSize(height: 0.2),
        "sink": ObjectSize(width: 0.5),
        "refrigerator": ObjectSize(height: 1.8),
        "book": ObjectSize(height: 0.23),
        "clock": ObjectSize(height: 0.3, width: 0.3),
        "vase": ObjectSize(height: 0.3),
        "scissors": ObjectSize(length: 0.2),
        "teddy bear": ObjectSize(height: 0.3),
        "hair drier": ObjectSize(length: 0.25),
        "toothbrush": ObjectSize(length: 0.19),
    ]
}
