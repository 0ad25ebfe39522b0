import Foundation

/// What a sighted helper said about the person's photo (the hub's marks), as Beacon tells it.
public enum HelperMark: Sendable, Equatable {
    /// The thing is here: normalized coordinates (0…1, origin top-left) in photo `photo`.
    case point(photo: Int, x: Double, y: Double)
    case notInPhoto(photo: Int)
    /// Words to say as they are: "It is on the shelf by the door".
    case message(String)

    /// One short sentence, the most important word first: where, as a clock direction from where the camera pointed
    /// when the photo was taken; or the helper's own words.
    public func sentence(phrases: GuidancePhrases = GuidancePhrases(), fieldOfView: Double = 60) -> String {
        switch self {
        case .point(_, let x, let y):
            let direction = Direction.of(x: x, y: y)
            let clock = ClockDirection.of(horizontalOffset: x - 0.5, fieldOfView: fieldOfView,
                                          horizontallyCentred: direction.horizontal == nil)
            return "Marked: \(phrases.directionWords(direction, clock: clock))."
        case .notInPhoto:
            return "Not in that photo; keep turning."
        case .message(let text):
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let ending = trimmed.last.map { ".!?".contains($0) } == true ? "" : "."
            return "Helper says: \(trimmed)\(ending)"
        }
    }
}
