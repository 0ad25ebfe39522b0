import Foundation

/// Where the person is, as far as Beacon knows: a place in words, coordinates, or both.
public struct EmergencyLocation: Sendable, Hashable, Codable {
    public var text: String
    public var latitude: Double?
    public var longitude: Double?

    public init(text: String, latitude: Double? = nil, longitude: Double? = nil) {
        self.text = text
        self.latitude = latitude
        self.longitude = longitude
    }

    public init(latitude: Double, longitude: Double) {
        self.init(text: Self.coordinatesText(latitude, longitude), latitude: latitude, longitude: longitude)
    }

    /// A map link a helper can open, when there are coordinates.
    public var mapLink: String? {
        guard let latitude, let longitude else { return nil }
        return "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=18/\(latitude)/\(longitude)"
    }

    /// The place as said in a message: the words, and the link when there are coordinates.
    public var described: String {
        mapLink.map { "\(text) (\($0))" } ?? text
    }

    static func coordinatesText(_ latitude: Double, _ longitude: Double) -> String {
        String(format: "%.5f, %.5f", latitude, longitude)
    }
}

/// The message that calls for help, as the webhook receives it (JSON). `fall` numbers the alarms of one session,
/// so a receiver can tell a repeat delivery from a new fall; an all-clear carries the number of the fall it clears.
public struct EmergencyMessage: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A fall with no answer: come and help.
        case fall
        /// The person answered after help was called: they are OK.
        case allClear = "all-clear"
    }

    public var kind: Kind
    public var fall: Int
    public var time: Date
    public var location: EmergencyLocation?
    /// A short text in the person's language, ready to forward as an SMS.
    public var text: String
    public var language: TextLanguage

    public init(kind: Kind, fall: Int, time: Date, location: EmergencyLocation?, text: String, language: TextLanguage) {
        self.kind = kind
        self.fall = fall
        self.time = time
        self.location = location
        self.text = text
        self.language = language
    }
}

/// What the adapter that sends emergency messages should do.
public enum EmergencyEffect: Sendable, Hashable {
    /// POST this message to `webhook`, retrying while the network is down, until it is delivered.
    case send(EmergencyMessage, webhook: String)
    /// The fall was cancelled: if its message was delivered, POST this all-clear; if not yet, stop trying (nothing
    /// was said to anyone, so nothing needs clearing).
    case withdraw(fall: Int, allClear: EmergencyMessage, webhook: String)
}

/// What the sender reports back.
public enum EmergencyDelivery: Sendable, Hashable {
    case delivered(fall: Int, kind: EmergencyMessage.Kind)
    /// The first attempt failed; the sender keeps trying quietly. `sentence` says why, for the terminal.
    case failing(fall: Int, sentence: String)
}

/// Everything about falls that reaches the session.
public enum FallEvent: Sendable, Hashable {
    case motion(IMUSample)
    /// The camera's height above the floor, from depth or pose.
    case cameraHeight(metres: Double, timestamp: Double)
    /// A location fix from a location source (a phone's GPS): the newest is what the message carries.
    case location(EmergencyLocation, timestamp: Double)
    /// An IMU line that was refused: said once on the terminal; the stream goes on.
    case unreadableMotion(IMULineError, timestamp: Double)
    case delivery(EmergencyDelivery, timestamp: Double)
}
