import Foundation

/// What the server says to a phone (docs/protocol.md, "Server → phone"). Text messages encode as JSON objects with
/// `"v":1` and a `"type"`; speech audio goes as a binary message.
public enum ServerMessage: Sendable, Equatable {
    /// One note of an earcon: the same notes the terminal's mixer renders, so the page plays the same sound.
    public struct Note: Sendable, Equatable, Encodable {
        public struct Partial: Sendable, Equatable, Encodable {
            public var frequency: Double
            public var amplitude: Double
            public init(frequency: Double, amplitude: Double) {
                self.frequency = frequency
                self.amplitude = amplitude
            }
        }

        public var start: Double
        public var duration: Double
        /// "sine", "smooth" (with attack and release) or "bell" (with attack and decay).
        public var envelope: String
        public var attack: Double?
        public var release: Double?
        public var decay: Double?
        public var partials: [Partial]

        public init(start: Double, duration: Double, envelope: String, attack: Double? = nil, release: Double? = nil,
                    decay: Double? = nil, partials: [Partial]) {
            self.start = start
            self.duration = duration
            self.envelope = envelope
            self.attack = attack
            self.release = release
            self.decay = decay
            self.partials = partials
        }
    }

    case welcome(session: Int, frameRate: Double, speech: SpeechPlayback)
    case frames(frameRate: Double)
    case speak(text: String, language: String, priority: String)
    case interrupt
    case stopAll
    case earcon(kind: String, pan: Double, gain: Double, notes: [Note])
    case haptic(pattern: [Int])
    /// What guidance decided after a frame: `frame` is the phone's frame number in hand, `lookedAt` the one the
    /// detector saw (nil when only tracking ran), so a phone (or `beacon bench serve`) can tell how old a cue is.
    case cue(frame: Int, lookedAt: Int?, locked: Bool, pan: Double?, centred: Bool)
    case mode(String, target: String?)
    case volume(Double)
    case setting(String, value: String)
    case show(String)
    /// The person's taught things by name, for the Find screen to offer.
    case yourThings([String])
    case error(String)
    /// Speech from the server's synthesiser: a WAV file.
    case speechAudio(wav: [UInt8])

    /// The message as the WebSocket carries it: JSON text, or binary with its kind byte first.
    public enum Encoded: Sendable, Equatable {
        case text(String)
        case binary([UInt8])
    }

    public var encoded: Encoded {
        if case .speechAudio(let wav) = self { return .binary([PhoneProtocol.BinaryKind.speech.rawValue] + wav) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every field is a plain value: encoding cannot fail.
        let data = (try? encoder.encode(Body(self))) ?? Data("{}".utf8)
        return .text(String(decoding: data, as: UTF8.self))
    }

    /// The JSON object of a text message.
    private struct Body: Encodable {
        var v = PhoneProtocol.version
        var type: String
        var session: Int?
        var frameRate: Double?
        var speech: String?
        var text: String?
        var language: String?
        var priority: String?
        var kind: String?
        var pan: Double?
        var gain: Double?
        var notes: [Note]?
        var pattern: [Int]?
        var mode: String?
        var target: String?
        var value: Double?
        var setting: String?
        var settingValue: String?
        var frame: Int?
        var lookedAt: Int?
        var locked: Bool?
        var centred: Bool?
        var names: [String]?

        enum CodingKeys: String, CodingKey {
            case v, type, session, frameRate, speech, text, language, priority, kind, pan, gain, notes, pattern, mode,
                 target, value, setting, frame, lookedAt, locked, centred, names
            case settingValue = "newValue"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(v, forKey: .v)
            try container.encode(type, forKey: .type)
            try container.encodeIfPresent(session, forKey: .session)
            try container.encodeIfPresent(frameRate, forKey: .frameRate)
            try container.encodeIfPresent(speech, forKey: .speech)
            try container.encodeIfPresent(text, forKey: .text)
            try container.encodeIfPresent(language, forKey: .language)
            try container.encodeIfPresent(priority, forKey: .priority)
            try container.encodeIfPresent(kind, forKey: .kind)
            try container.encodeIfPresent(pan, forKey: .pan)
            try container.encodeIfPresent(gain, forKey: .gain)
            try container.encodeIfPresent(notes, forKey: .notes)
            try container.encodeIfPresent(pattern, forKey: .pattern)
            try container.encodeIfPresent(mode, forKey: .mode)
            try container.encodeIfPresent(target, forKey: .target)
            try container.encodeIfPresent(setting, forKey: .setting)
            try container.encodeIfPresent(frame, forKey: .frame)
            try container.encodeIfPresent(lookedAt, forKey: .lookedAt)
            try container.encodeIfPresent(locked, forKey: .locked)
            try container.encodeIfPresent(centred, forKey: .centred)
            try container.encodeIfPresent(names, forKey: .names)
            // A setting's value is a string; the volume's is a number. Both are "value" on the wire.
            if let settingValue {
                try container.encode(settingValue, forKey: .value)
            } else {
                try container.encodeIfPresent(value, forKey: .value)
            }
        }

        init(_ message: ServerMessage) {
            switch message {
            case let .welcome(session, frameRate, speech):
                type = "welcome"
                self.session = session
                self.frameRate = frameRate
                self.speech = speech.rawValue
            case .frames(let frameRate):
                type = "frames"
                self.frameRate = frameRate
            case let .speak(text, language, priority):
                type = "speak"
                self.text = text
                self.language = language
                self.priority = priority
            case .interrupt: type = "interrupt"
            case .stopAll: type = "stop-all"
            case let .earcon(kind, pan, gain, notes):
                type = "earcon"
                self.kind = kind
                self.pan = pan
                self.gain = gain
                self.notes = notes
            case .haptic(let pattern):
                type = "haptic"
                self.pattern = pattern
            case let .cue(frame, lookedAt, locked, pan, centred):
                type = "cue"
                self.frame = frame
                self.lookedAt = lookedAt
                self.locked = locked
                self.pan = pan
                self.centred = centred
            case let .mode(mode, target):
                type = "mode"
                self.mode = mode
                self.target = target
            case .volume(let volume):
                type = "volume"
                value = volume
            case let .setting(setting, value):
                type = "setting"
                self.setting = setting
                settingValue = value
            case .show(let text):
                type = "show"
                self.text = text
            case .yourThings(let names):
                type = "your-things"
                self.names = names
            case .error(let text):
                type = "error"
                self.text = text
            case .speechAudio:
                type = "speech-audio" // never encoded as text (see `encoded`)
            }
        }
    }
}
