import Foundation

/// One thing Beacon announced: what, how sure, which way and how far, and when. Never an image: history is what was
/// said, so a person can ask "what did you see?", not a record of what the camera saw.
public struct DetectionRecord: Sendable, Hashable, Codable {
    /// The detector's label ("cup").
    public var label: String
    /// The detector's score, 0…1.
    public var confidence: Double
    /// The clock direction it was announced at, 1…12.
    public var clockHour: Int
    /// Estimated distance in metres, when there was one.
    public var distance: Double?
    public var time: Date
    /// The person's own taught thing (its label the name they gave it), said as theirs.
    public var isTaught: Bool

    public init(label: String, confidence: Double, clockHour: Int, distance: Double? = nil, time: Date,
                isTaught: Bool = false) {
        precondition((1...12).contains(clockHour), "a clock has hours 1 to 12")
        self.label = label
        self.confidence = confidence
        self.clockHour = clockHour
        self.distance = distance
        self.time = time
        self.isTaught = isTaught
    }

    private enum CodingKeys: String, CodingKey { case label, confidence, clockHour, distance, time, isTaught }

    /// Records written before taught things existed have no `isTaught`: they were the detector's.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(label: try values.decode(String.self, forKey: .label),
                  confidence: try values.decode(Double.self, forKey: .confidence),
                  clockHour: try values.decode(Int.self, forKey: .clockHour),
                  distance: try values.decodeIfPresent(Double.self, forKey: .distance),
                  time: try values.decode(Date.self, forKey: .time),
                  isTaught: try values.decodeIfPresent(Bool.self, forKey: .isTaught) ?? false)
    }

    public var direction: ClockDirection { ClockDirection(hour: clockHour) }
}

/// The last detections, newest first, as many as a person would want read back (ten).
public struct RecentDetections: Sendable, Hashable {
    public static let capacity = 10

    /// Newest first, at most `capacity`.
    public private(set) var records: [DetectionRecord]

    public init(_ records: some Sequence<DetectionRecord> = []) {
        self.records = Array(records.sorted { $0.time > $1.time }.prefix(Self.capacity))
    }

    public var isEmpty: Bool { records.isEmpty }

    public mutating func add(_ record: DetectionRecord) {
        self = RecentDetections(records + [record])
    }

    /// The earliest time still kept when history is kept for `days` days.
    public static func cutoff(now: Date, retentionDays days: Int) -> Date {
        now.addingTimeInterval(-Double(days) * 86_400)
    }

    /// Only the records within the retention period before `now`.
    public func retained(now: Date, retentionDays days: Int) -> RecentDetections {
        let cutoff = Self.cutoff(now: now, retentionDays: days)
        return RecentDetections(records.filter { $0.time >= cutoff })
    }

    /// What is said when asked for recent detections: "Recently: cup, 5 seconds ago; chair, 2 minutes ago."
    public func sentence(now: Date, phrasebook: Phrasebook) -> String {
        let phrases = phrasebook.assistant
        guard !records.isEmpty else { return phrasebook.say(phrases.noRecentDetections) }
        // Each class is named once, at its newest sighting, newest first: "cup, 9 seconds ago" says where to look,
        // and the cup seen a minute before says nothing more. Records of the class with that same age are one item
        // ("three people, 10 seconds ago"): an explore report records each person.
        var groups: [(label: String, isTaught: Bool, age: (minutes: Bool, count: Int), count: Int)] = []
        for record in records {
            let seconds = max(0, Int(now.timeIntervalSince(record.time).rounded()))
            let age = seconds < 60 ? (minutes: false, count: seconds) : (minutes: true, count: seconds / 60)
            if let index = groups.firstIndex(where: { $0.label == record.label && $0.isTaught == record.isTaught }) {
                if groups[index].age == age { groups[index].count += 1 }
            } else {
                groups.append((record.label, record.isTaught, age, 1))
            }
        }
        let items = groups.map { group in
            let name = phrasebook.counted(group.label, count: group.count, isTaught: group.isTaught)
            return phrasebook.say(group.age.minutes ? phrases.agoMinutes : phrases.agoSeconds,
                                  ["object": name, "count": String(group.age.count)])
        }
        let separator = phrasebook.language == .chinese ? "；" : "; "
        return phrasebook.say(phrases.recentDetections, ["list": items.joined(separator: separator)])
    }
}
