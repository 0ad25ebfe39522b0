/// Revilio's vibration language for guidance: horizontal first, then vertical, then a continuous buzz when centred.
///
/// - Target left: a short pulse (dot). Target right: a long pulse (dash).
/// - Horizontally centred, target below: dash-dot. Above: dot-dash.
/// - Centred on both axes: a continuous buzz at full strength.
///
/// Patterns are alternating on/off milliseconds ending with the pause before the next one, so a player repeating the
/// newest pattern back to back gets the rhythm. Closer to the middle, the speed factor 1 + 7·intensity shortens every
/// duration, so the rhythm quickens as the target nears the centre.
public struct HapticScheme: Sendable, Hashable, Codable {
    public var dotMilliseconds = 120.0
    public var dashMilliseconds = 500.0
    public var pauseAfterDotMilliseconds = 250.0
    public var pauseAfterDashMilliseconds = 350.0
    public var gapMilliseconds = 500.0
    public var centredMilliseconds = 250
    public var speedSlope = 7.0
    /// Shortest pulse a phone motor renders as a distinct tap.
    public var shortestPulseMilliseconds = 40.0
    /// A dash never shrinks below three shortest pulses, so dot and dash (left and right) stay tellable apart.
    public var shortestDashMilliseconds = 120.0

    public init() {}

    /// Strength 0.1…1 from the distance of the target from the middle: 0.3 at the edge rising to 1.
    public func intensity(distanceFromCentre distance: Double, centred: Bool) -> Double {
        if centred { return 1 }
        let proximity = 1 - min(1, distance / 0.5)
        return min(1, max(0.1, 0.3 + 0.7 * proximity))
    }

    public func pattern(for direction: Direction, distanceFromCentre distance: Double) -> HapticPattern {
        let intensity = intensity(distanceFromCentre: distance, centred: direction.isCentred)
        if direction.isCentred { return HapticPattern(milliseconds: [centredMilliseconds], intensity: 1) }
        let speed = 1 + speedSlope * intensity
        func scaled(_ milliseconds: Double, atLeast floor: Double = 1) -> Int {
            Int(max(floor, milliseconds / speed).rounded())
        }
        let dot = scaled(dotMilliseconds, atLeast: shortestPulseMilliseconds)
        let dash = scaled(dashMilliseconds, atLeast: shortestDashMilliseconds)
        let afterDot = scaled(pauseAfterDotMilliseconds), afterDash = scaled(pauseAfterDashMilliseconds)
        let gap = scaled(gapMilliseconds)
        let milliseconds: [Int]
        switch (direction.horizontal, direction.vertical) {
        case (.left?, _): milliseconds = [dot, afterDot + gap]
        case (.right?, _): milliseconds = [dash, afterDash + gap]
        case (nil, .down?): milliseconds = [dash, afterDash, dot, afterDot + gap]
        case (nil, .up?): milliseconds = [dot, afterDot, dash, afterDash + gap]
        case (nil, nil): milliseconds = [centredMilliseconds]
        }
        return HapticPattern(milliseconds: milliseconds, intensity: intensity)
    }
}
