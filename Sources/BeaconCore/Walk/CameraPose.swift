import Foundation

/// Where a worn camera is and how it looks: its height above the floor, how far it is tilted down, and its fields of
/// view. Walk mode turns depth into heights and distances on the ground with it.
///
/// A chest-worn camera sits at about 1.3 m and, strapped to a sloping chest, looks some 20° down: the floor then
/// fills the lower part of the picture, and it must not count as an obstacle.
public struct CameraPose: Sendable, Hashable, Codable {
    /// Metres above the floor.
    public var height: Double
    /// Degrees below the horizontal (negative: looking up).
    public var pitchDegrees: Double
    public var horizontalFieldOfView: Double
    public var verticalFieldOfView: Double

    public init(height: Double = 1.3, pitchDegrees: Double = 20, horizontalFieldOfView: Double = 60,
                verticalFieldOfView: Double = 45) {
        self.height = height
        self.pitchDegrees = pitchDegrees
        self.horizontalFieldOfView = horizontalFieldOfView
        self.verticalFieldOfView = verticalFieldOfView
    }
}

/// The pinhole rays of a depth map's pixels for one camera pose, worked out once per size and pose so that each
/// depth frame costs a multiply-add per pixel.
///
/// Geometry. A pixel in row `v` looks along (xₙ, yₙ, 1) in camera coordinates, yₙ = (v + ½ − H/2) / f_y with
/// f_y = (H/2) / tan(vfov/2), image down positive. A depth map gives Z, the distance along the optical axis, so the
/// point is Z·(xₙ, yₙ, 1). With the camera tilted down by p, the point lies Z·(yₙ·cos p + sin p) below the camera
/// and Z·(cos p − yₙ·sin p) ahead of it, and Z·xₙ to the side. Its height above the floor is therefore
/// h − Z·(yₙ·cos p + sin p), and the floor itself, seen through that pixel, lies at Z = h / (yₙ·cos p + sin p) —
/// for pixels that look below the horizon at all.
public struct DepthRays: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pose: CameraPose
    /// Per row: metres below the camera per metre of depth (yₙ·cos p + sin p).
    public let down: [Float]
    /// Per row: metres ahead per metre of depth (cos p − yₙ·sin p).
    public let ahead: [Float]
    /// Per column: metres to the side (right positive) per metre of depth (xₙ).
    public let side: [Float]

    public init(width: Int, height: Int, pose: CameraPose) {
        self.width = width
        self.height = height
        self.pose = pose
        let pitch = pose.pitchDegrees * .pi / 180
        let fy = Double(height) / 2 / tan(pose.verticalFieldOfView * .pi / 360)
        let fx = Double(width) / 2 / tan(pose.horizontalFieldOfView * .pi / 360)
        var down: [Float] = [], ahead: [Float] = []
        for row in 0..<height {
            let yn = (Double(row) + 0.5 - Double(height) / 2) / fy
            down.append(Float(yn * cos(pitch) + sin(pitch)))
            ahead.append(Float(cos(pitch) - yn * sin(pitch)))
        }
        self.down = down
        self.ahead = ahead
        side = (0..<width).map { Float((Double($0) + 0.5 - Double(width) / 2) / fx) }
    }

    /// The depth at which the floor would be seen in `row`; nil for rows that look level or up.
    public func floorDepth(row: Int) -> Float? {
        down[row] > 1e-4 ? Float(pose.height) / down[row] : nil
    }

    /// Height above the floor of the point `depth` metres away in `row`.
    @inlinable public func heightAboveFloor(depth: Float, row: Int) -> Float {
        Float(pose.height) - depth * down[row]
    }

    /// Metres ahead, along the ground, of the point `depth` metres away in `row`.
    @inlinable public func distanceAhead(depth: Float, row: Int) -> Float { depth * ahead[row] }

    /// The picture's angle below the horizontal at `row`, in degrees.
    public func angleBelowHorizontal(row: Int) -> Double {
        let pitch = pose.pitchDegrees * .pi / 180
        let fy = Double(height) / 2 / tan(pose.verticalFieldOfView * .pi / 360)
        return (pitch + atan((Double(row) + 0.5 - Double(height) / 2) / fy)) * 180 / .pi
    }
}
