/// One job a session is started for, as `beacon find`, `find-text` and `read` start it (and the phone's deep links
/// will): the session does that job and nothing else — no greeting, no scanning, no hazard warnings, no volume of
/// its own — and ends with `.quit`, saying nothing more, when the job ends or the person stops it.
public enum AssistantJob: Sendable {
    /// Guide to an object the caller resolved, with guidance configured exactly as given (the caller chose the
    /// tracker's confident threshold, pauses, field of view, earcons and language).
    case findObject(SearchTarget, GuidanceConfiguration)
    /// Guide to written text.
    case findText(TextQuery, GuidanceConfiguration)
    /// Read a page already captured and cut into units.
    case read([ReadingUnit], ifEmpty: EmptyPage)
    /// Find my ride: check the cars, guide to the one whose plate matches.
    case findRide(RideDescription, GuidanceConfiguration)
    /// Teach a thing by name from the pictures (`beacon teach NAME --input VIDEO`): guided as "teach my keys" is, and
    /// ended once what was learned has been said.
    case teach(name: String)

    /// The guidance a find job was configured with; nil for reading.
    public var guidance: GuidanceConfiguration? {
        switch self {
        case .findObject(_, let guidance), .findText(_, let guidance), .findRide(_, let guidance): guidance
        case .read, .teach: nil
        }
    }
}
