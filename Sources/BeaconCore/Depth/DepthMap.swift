/// Distances from the camera, one per pixel, in metres along the optical axis. A value of 0 (or anything not
/// finite or not positive) means "no reading": sensors leave holes at glass, black cloth and beyond their range.
public struct DepthMap: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width * height` values, row by row from the top.
    public let metres: [Float]
    /// Seconds since the source started, like the colour frame it belongs to.
    public let timestamp: Double

    public init(width: Int, height: Int, metres: [Float], timestamp: Double = 0) {
        precondition(width > 0 && height > 0 && metres.count == width * height,
                     "depth buffer does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.metres = metres
        self.timestamp = timestamp
    }

    @inlinable public static func isValid(_ metres: Float) -> Bool { metres.isFinite && metres > 0 }

    @inlinable public subscript(x: Int, y: Int) -> Float { metres[y * width + x] }

    /// The valid readings inside `region` (fractions of the picture, clamped to it).
    public func validReadings(in region: NormalizedRect) -> [Float] {
        let x0 = max(0, min(width - 1, Int((region.x * Double(width)).rounded(.down))))
        let y0 = max(0, min(height - 1, Int((region.y * Double(height)).rounded(.down))))
        let x1 = max(x0 + 1, min(width, Int((region.maxX * Double(width)).rounded(.up))))
        let y1 = max(y0 + 1, min(height, Int((region.maxY * Double(height)).rounded(.up))))
        return validReadings(columns: x0..<x1, rows: y0..<y1)
    }

    /// The valid readings in a block of pixels.
    public func validReadings(columns: Range<Int>, rows: Range<Int>) -> [Float] {
        let x0 = columns.lowerBound, x1 = columns.upperBound, y0 = rows.lowerBound, y1 = rows.upperBound
        var values: [Float] = []
        values.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 {
            let row = y * width
            for x in x0..<x1 where Self.isValid(metres[row + x]) { values.append(metres[row + x]) }
        }
        return values
    }

    /// The median of the valid readings in `region`; nil when fewer than `minimumShare` of its pixels are valid.
    public func median(in region: NormalizedRect, minimumShare: Double = 0.05) -> Float? {
        let pixels = Double(max(1, Int(region.width * Double(width)) * Int(region.height * Double(height))))
        let values = validReadings(in: region)
        guard !values.isEmpty, Double(values.count) / pixels >= minimumShare else { return nil }
        return DepthMap.median(values)
    }

    /// The middle value (the lower middle of an even count): cheap, and a real reading rather than an average of two.
    public static func median(_ values: [Float]) -> Float {
        precondition(!values.isEmpty)
        var values = values
        let middle = (values.count - 1) / 2
        // Selection, not a full sort: these run on every depth frame.
        var low = 0, high = values.count - 1
        while low < high {
            let pivot = values[(low + high) / 2]
            var i = low, j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j { values.swapAt(i, j); i += 1; j -= 1 }
            }
            if middle <= j { high = j } else if middle >= i { low = i } else { break }
        }
        return values[middle]
    }
}

/// Where depth comes from: a monocular model run on the colour frame, or a depth camera's own frame.
public protocol DepthEstimator: AnyObject {
    /// A name for messages and benchmarks ("fast_depth_224_int8", "TUM RGB-D folder").
    var name: String { get }
    /// The depth map for `frame`, at whatever resolution the source has (not necessarily the frame's).
    func depth(for frame: Frame) throws -> DepthMap
}

/// The picture in a 3×3 grid: rows top, middle, bottom; columns left, centre, right. Walk mode and `beacon depth`
/// both look at depth this way (Guider's grid).
public struct DepthGrid: Sendable, Equatable {
    public enum Row: Int, Sendable, CaseIterable { case top, middle, bottom }
    public enum Column: Int, Sendable, CaseIterable { case left, centre, right }

    public struct Cell: Sendable, Equatable {
        /// Median metres over the cell's valid pixels; nil when too few were valid.
        public var metres: Float?
        /// The share of the cell's pixels with a valid reading, 0…1.
        public var validShare: Double

        public init(metres: Float?, validShare: Double) {
            self.metres = metres
            self.validShare = validShare
        }
    }

    /// `cells[row][column]`.
    public var cells: [[Cell]]

    public init(cells: [[Cell]]) {
        precondition(cells.count == 3 && cells.allSatisfy { $0.count == 3 })
        self.cells = cells
    }

    public subscript(row: Row, column: Column) -> Cell { cells[row.rawValue][column.rawValue] }

    /// The grid of `map`: each cell's median over its valid pixels (nil below `minimumShare`).
    public init(_ map: DepthMap, minimumShare: Double = 0.05) {
        var cells: [[Cell]] = []
        for row in 0..<3 {
            var line: [Cell] = []
            for column in 0..<3 {
                let x0 = column * map.width / 3, x1 = (column + 1) * map.width / 3
                let y0 = row * map.height / 3, y1 = (row + 1) * map.height / 3
                let pixels = max(1, (x1 - x0) * (y1 - y0))
                let values = map.validReadings(columns: x0..<max(x0 + 1, x1), rows: y0..<max(y0 + 1, y1))
                let share = min(1, Double(values.count) / Double(pixels))
                line.append(Cell(metres: share >= minimumShare && !values.isEmpty ? DepthMap.median(values) : nil,
                                 validShare: share))
            }
            cells.append(line)
        }
        self.cells = cells
    }
}
