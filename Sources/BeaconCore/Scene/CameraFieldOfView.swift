import Foundation

/// How wide and how tall the camera sees, in degrees: what turns a box's place and size in the picture into a
/// direction and a distance.
public struct CameraFieldOfView: Sendable, Hashable, Codable {
    public var horizontal: Double
    public var vertical: Double

    public init(horizontal: Double = 60, vertical: Double = 45) {
        precondition(horizontal > 0 && horizontal < 180 && vertical > 0 && vertical < 180,
                     "a pinhole camera sees less than 180°")
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// A typical webcam or phone camera held in landscape (4:3). The same 60° the guidance cues assume
    /// (`CueModel.horizontalFieldOfView`); 45° tall is the round figure for 4:3 (a pinhole gives 46.8°).
    public static let standard = CameraFieldOfView()

    /// The hour on the clock face nearest the box's middle: twelve while it is within 15° of straight ahead.
    public func clockDirection(of box: NormalizedRect) -> ClockDirection {
        ClockDirection.nearest(horizontalOffset: box.midX - 0.5, fieldOfView: horizontal)
    }
}
