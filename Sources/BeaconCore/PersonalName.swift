import Foundation

/// What a person calls one of their own things, as Beacon keeps and says it: "my keys" is "keys" (asked for from a
/// helper, taught, forgotten) — the thing is theirs anyway, and "Keys, one o'clock." is what they want to hear.
public enum PersonalName {
    /// The words without a leading "my", "the", "a", "an" (or "мои", "мой", "мою", "моё", "我的"); the words as they
    /// are when nothing would be left.
    public static func withoutDeterminer(_ words: String) -> String {
        let trimmed = words.trimmingCharacters(in: .whitespaces)
        for determiner in ["my ", "the ", "a ", "an ", "мои ", "мой ", "мою ", "моё ", "мое ", "我的"]
        where trimmed.lowercased().hasPrefix(determiner) && trimmed.count > determiner.count {
            return String(trimmed.dropFirst(determiner.count))
        }
        return trimmed
    }
}
