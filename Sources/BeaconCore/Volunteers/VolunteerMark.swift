import Foundation

/// What a sighted helper said about the person's photo (the hub's marks), as Beacon tells it.
public enum VolunteerMark: Sendable, Hashable {
    /// The thing is here: normalized coordinates (0…1, origin top-left) in photo `photo`.
    case point(photo: Int, x: Double, y: Double)
    case notInPhoto(photo: Int)
    /// Words to say as they are: "It is on the shelf by the door".
    case message(String)

    /// One short sentence, the most important word first: where, as a clock direction from where the camera pointed
    /// when the photo was taken; or the helper's own words.
    public func sentence(language: TextLanguage = .english, fieldOfView: Double = 60) -> String {
        let book = Phrasebook(language: language), words = VolunteerPhrases()
        switch self {
        case .point(_, let x, let y):
            let direction = Direction.of(x: x, y: y)
            let clock = ClockDirection.of(horizontalOffset: x - 0.5, fieldOfView: fieldOfView,
                                          horizontallyCentred: direction.horizontal == nil)
            let place = GuidancePhrases(language: language).directionWords(direction, clock: clock)
            return book.say(words.marked, ["direction": place])
        case .notInPhoto:
            return book.say(words.notInPhoto)
        case .message(let text):
            let helperWords = text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ".!?。！？")))
            return book.say(words.helperSays, ["text": helperWords])
        }
    }
}
