import Foundation

/// A horizontal direction on a clock face, the way orientation and mobility instructors give them:
/// twelve o'clock is straight ahead, one and two o'clock to the right, eleven and ten to the left.
public struct ClockDirection: Sendable, Hashable, Codable {
    /// 1…12.
    public var hour: Int

    public init(hour: Int) {
        precondition((1...12).contains(hour), "a clock has hours 1 to 12")
        self.hour = hour
    }

    public static let straightAhead = ClockDirection(hour: 12)

    /// The angle from straight ahead, in degrees (positive to the right), of a point `dx` from the middle of a picture
    /// taken by a camera with the given horizontal field of view. A pinhole camera: the offset maps through a tangent,
    /// not linearly, so the edge of a 60° picture is 30° off and a quarter of the width in is about 16°.
    public static func bearing(horizontalOffset dx: Double, fieldOfView degrees: Double) -> Double {
        let halfWidth = tan(degrees / 2 * .pi / 180)
        return atan(2 * dx * halfWidth) * 180 / .pi
    }

    /// The nearest hour to the bearing (each hour is 30°). A target outside the centre corridor is at least one hour
    /// off twelve, on its side, so the words never say "straight ahead" while the earcons say "not yet".
    ///
    /// With the default 60° camera the whole picture spans eleven to one o'clock; two o'clock and beyond need a wider
    /// lens (a 120° lens reaches two o'clock at about 45° from the middle).
    public static func of(horizontalOffset dx: Double, fieldOfView degrees: Double, horizontallyCentred: Bool) -> ClockDirection {
        if horizontallyCentred { return .straightAhead }
        var hours = Int((bearing(horizontalOffset: dx, fieldOfView: degrees) / 30).rounded())
        if hours == 0 { hours = dx < 0 ? -1 : 1 }
        hours = min(3, max(-3, hours))
        return ClockDirection(hour: hours > 0 ? hours : 12 + hours)
    }

    /// The nearest hour to the bearing, twelve within 15° either side: the honest answer when nobody is being
    /// steered into a centre corridor (describing a scene, announcing what comes into view).
    public static func nearest(horizontalOffset dx: Double, fieldOfView degrees: Double) -> ClockDirection {
        of(horizontalOffset: dx, fieldOfView: degrees,
           horizontallyCentred: abs(bearing(horizontalOffset: dx, fieldOfView: degrees)) < 15)
    }

    /// "one o'clock", "twelve o'clock".
    public var words: String { "\(Self.hourNames[hour % 12]) o'clock" }

    private static let hourNames = ["twelve", "one", "two", "three", "four", "five", "six",
                                    "seven", "eight", "nine", "ten", "eleven"]
}
