/// Where a camera points, in degrees: yaw positive to the right, pitch positive upwards, both 0 at the middle of the
/// scene.
public struct ViewDirection: Sendable, Hashable, Codable {
    public var yaw: Double
    public var pitch: Double

    public init(yaw: Double, pitch: Double) {
        self.yaw = yaw
        self.pitch = pitch
    }

    public static let ahead = ViewDirection(yaw: 0, pitch: 0)

    public static func + (lhs: ViewDirection, rhs: ViewDirection) -> ViewDirection {
        ViewDirection(yaw: lhs.yaw + rhs.yaw, pitch: lhs.pitch + rhs.pitch)
    }

    public static func - (lhs: ViewDirection, rhs: ViewDirection) -> ViewDirection {
        ViewDirection(yaw: lhs.yaw - rhs.yaw, pitch: lhs.pitch - rhs.pitch)
    }

    public static func * (lhs: ViewDirection, factor: Double) -> ViewDirection {
        ViewDirection(yaw: lhs.yaw * factor, pitch: lhs.pitch * factor)
    }

    /// The length of the straight line between two directions, in degrees (small-angle, as on the photo).
    public var magnitude: Double { (yaw * yaw + pitch * pitch).squareRoot() }
}

/// The simulated camera's field of view: 60°×45° is a typical phone or webcam lens at 4:3, and matches the cue
/// model's default horizontal field of view, which turns positions into clock directions.
public struct VirtualCamera: Sendable, Hashable, Codable {
    public var horizontalFieldOfView: Double
    public var verticalFieldOfView: Double

    public init(horizontalFieldOfView: Double = 60, verticalFieldOfView: Double = 45) {
        self.horizontalFieldOfView = horizontalFieldOfView
        self.verticalFieldOfView = verticalFieldOfView
    }
}
