import Foundation

/// How speech reaches the person: the phone's own speech synthesis (their screen reader's voice) or audio from the
/// server's espeak-ng.
public enum SpeechPlayback: String, Sendable, Equatable {
    case phone
    case server
}

/// One motion sample from the phone's DeviceMotion, in issue 6's IMU format: seconds, m/s² including gravity, rad/s.
public struct MotionSample: Sendable, Equatable {
    public var t, ax, ay, az, gx, gy, gz: Double

    public init(t: Double, ax: Double, ay: Double, az: Double, gx: Double, gy: Double, gz: Double) {
        (self.t, self.ax, self.ay, self.az, self.gx, self.gy, self.gz) = (t, ax, ay, az, gx, gy, gz)
    }

    /// The sample as a JSON line, the format `--imu` reads.
    public var jsonLine: String {
        "{\"t\":\(t),\"ax\":\(ax),\"ay\":\(ay),\"az\":\(az),\"gx\":\(gx),\"gy\":\(gy),\"gz\":\(gz)}"
    }
}

/// What a phone says to the server (docs/protocol.md), after validation.
public enum PhoneMessage: Sendable, Equatable {
    case hello(token: String, speech: SpeechPlayback, job: String?)
    case command(String)
    case talk(started: Bool)
    case motion([MotionSample])
    case orientation(alpha: Double?, beta: Double?, gamma: Double?)
    case location(latitude: Double, longitude: Double, accuracy: Double?)
    case preferences(speech: SpeechPlayback)
    /// A camera frame, still encoded: it is decoded where the session runs, not on the network's threads. `number`
    /// counts the connection's frames from 1, for the sentence about a frame that turns out unreadable and for the
    /// cues that name the frame they looked at.
    case frame(jpeg: [UInt8], number: Int)
    /// Microphone audio, 16 kHz mono.
    case audio([Int16])
}

/// A message that breaks the protocol: the connection is closed with this code and this reason, said aloud by the
/// page. Nothing else is disturbed.
public struct ProtocolViolation: Error, Sendable, Equatable {
    /// WebSocket close codes (RFC 6455), as the protocol page lists them.
    public enum Code: UInt16, Sendable {
        case goingAway = 1001
        case protocolError = 1002
        case unsupportedData = 1003
        case invalidPayload = 1007
        case policyViolation = 1008
        case messageTooBig = 1009
    }

    public var code: Code
    public var reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

/// The protocol's limits, in one place (docs/protocol.md "Limits and closing").
public enum PhoneProtocol {
    public static let version = 1
    public static let maximumTextBytes = 16 * 1024
    public static let maximumFrameBytes = 512 * 1024
    public static let maximumAudioBytes = 64 * 1024
    /// The largest binary message of any kind: the WebSocket layer refuses anything larger before it is assembled.
    public static let maximumMessageBytes = maximumFrameBytes + 1
    public static let maximumFrameSide = 1920
    public static let maximumMotionSamples = 64
    public static let maximumCommandCharacters = 200
    public static let helloSeconds = 10.0
    public static let pingSeconds = 10.0

    public enum BinaryKind: UInt8 {
        case frame = 0x01
        case audio = 0x02
        case speech = 0x03
    }
}

/// Turns the phone's messages into `PhoneMessage`s, or says in one sentence what is wrong with them. Counts the
/// messages, so a reason can name the one that was wrong.
public struct PhoneMessageDecoder: Sendable {
    public private(set) var count = 0
    private var frames = 0

    public init() {}

    public mutating func decode(text: String) throws(ProtocolViolation) -> PhoneMessage {
        count += 1
        let size = text.utf8.count
        guard size <= PhoneProtocol.maximumTextBytes else {
            throw ProtocolViolation(.messageTooBig, "Message \(count) is \(Self.kibibytes(size)); the limit is 16 KiB.")
        }
        guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else {
            throw ProtocolViolation(.invalidPayload, "Message \(count) is not a valid JSON object.")
        }
        let fields = Fields(object: object, number: count)
        guard case .number(let version)? = object["v"] else {
            throw ProtocolViolation(.protocolError, "Message \(count) has no protocol version \"v\".")
        }
        guard version == Double(PhoneProtocol.version) else {
            throw ProtocolViolation(.protocolError, "Protocol version \(version == version.rounded() && abs(version) < 1e9 ? String(Int(version)) : String(version)) is not spoken here; this server speaks version 1.")
        }
        let type = try fields.string("type")
        switch type {
        case "hello":
            return .hello(token: try fields.string("token", maximumLength: 100),
                          speech: try fields.speech(),
                          job: try fields.optionalString("job", maximumLength: PhoneProtocol.maximumCommandCharacters))
        case "command":
            return .command(try fields.string("text", maximumLength: PhoneProtocol.maximumCommandCharacters))
        case "talk":
            switch try fields.string("state") {
            case "start": return .talk(started: true)
            case "end": return .talk(started: false)
            default: throw fields.wrong("state", "\"start\" or \"end\"")
            }
        case "motion":
            return .motion(try fields.motionSamples())
        case "orientation":
            return .orientation(alpha: try fields.optionalNumber("alpha"), beta: try fields.optionalNumber("beta"),
                                gamma: try fields.optionalNumber("gamma"))
        case "location":
            let latitude = try fields.number("lat"), longitude = try fields.number("lon")
            guard (-90...90).contains(latitude) else { throw fields.wrong("lat", "a latitude from -90 to 90") }
            guard (-180...180).contains(longitude) else { throw fields.wrong("lon", "a longitude from -180 to 180") }
            return .location(latitude: latitude, longitude: longitude, accuracy: try fields.optionalNumber("accuracy"))
        case "preferences":
            return .preferences(speech: try fields.speech())
        default:
            let shown = type.count > 30 ? String(type.prefix(30)) + "…" : type
            throw ProtocolViolation(.protocolError, "Unknown message type \"\(shown)\".")
        }
    }

    public mutating func decode(binary bytes: [UInt8]) throws(ProtocolViolation) -> PhoneMessage {
        count += 1
        guard let first = bytes.first, let kind = PhoneProtocol.BinaryKind(rawValue: first), kind != .speech else {
            let shown = bytes.first.map { String(format: "0x%02x", $0) } ?? "nothing"
            throw ProtocolViolation(.unsupportedData, "Binary message \(count) begins with \(shown), which is no kind of message.")
        }
        let payload = bytes.count - 1
        switch kind {
        case .frame:
            frames += 1
            guard payload <= PhoneProtocol.maximumFrameBytes else {
                throw ProtocolViolation(.messageTooBig, "Frame \(frames) is \(Self.kibibytes(payload)); the limit is 512 KiB.")
            }
            guard payload >= 4, bytes[1] == 0xFF, bytes[2] == 0xD8 else {
                throw ProtocolViolation(.unsupportedData, "Frame \(frames) is not a JPEG.")
            }
            return .frame(jpeg: Array(bytes[1...]), number: frames)
        case .audio:
            guard payload <= PhoneProtocol.maximumAudioBytes else {
                throw ProtocolViolation(.messageTooBig, "Audio message \(count) is \(Self.kibibytes(payload)); the limit is 64 KiB.")
            }
            guard payload % 2 == 0 else {
                throw ProtocolViolation(.invalidPayload, "Audio message \(count) has an odd number of bytes; audio is 16-bit samples.")
            }
            var samples = [Int16](repeating: 0, count: payload / 2)
            for index in samples.indices {
                samples[index] = Int16(bitPattern: UInt16(bytes[1 + 2 * index]) | UInt16(bytes[2 + 2 * index]) << 8)
            }
            return .audio(samples)
        case .speech:
            preconditionFailure("refused above")
        }
    }

    static func kibibytes(_ bytes: Int) -> String { "\(Int((Double(bytes) / 1024).rounded(.up))) KiB" }
}

/// Any JSON value, so each field's type can be checked and named in the sentence that refuses it.
enum JSONValue: Decodable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}

/// Field access with one clear sentence for each way a field can be wrong.
private struct Fields {
    let object: [String: JSONValue]
    let number: Int

    func wrong(_ name: String, _ expected: String) -> ProtocolViolation {
        ProtocolViolation(.invalidPayload, "Message \(number): \"\(name)\" must be \(expected).")
    }

    func string(_ name: String, maximumLength: Int = 100) throws(ProtocolViolation) -> String {
        guard let value = try optionalString(name, maximumLength: maximumLength) else { throw wrong(name, "a string") }
        return value
    }

    func optionalString(_ name: String, maximumLength: Int) throws(ProtocolViolation) -> String? {
        switch object[name] {
        case nil, .null?: return nil
        case .string(let value)?:
            guard value.count <= maximumLength else { throw wrong(name, "at most \(maximumLength) characters") }
            return value
        default: throw wrong(name, "a string")
        }
    }

    func number(_ name: String) throws(ProtocolViolation) -> Double {
        guard let value = try optionalNumber(name) else { throw wrong(name, "a number") }
        return value
    }

    func optionalNumber(_ name: String) throws(ProtocolViolation) -> Double? {
        switch object[name] {
        case nil, .null?: return nil
        case .number(let value)? where value.isFinite: return value
        default: throw wrong(name, "a number")
        }
    }

    func speech() throws(ProtocolViolation) -> SpeechPlayback {
        guard let value = try optionalString("speech", maximumLength: 10) else { return .phone }
        guard let speech = SpeechPlayback(rawValue: value) else { throw wrong("speech", "\"phone\" or \"server\"") }
        return speech
    }

    func motionSamples() throws(ProtocolViolation) -> [MotionSample] {
        guard case .array(let list)? = object["samples"] else { throw wrong("samples", "a list of motion samples") }
        guard list.count <= PhoneProtocol.maximumMotionSamples else {
            throw ProtocolViolation(.messageTooBig, "Message \(number) has \(list.count) motion samples; the limit is 64.")
        }
        var samples: [MotionSample] = []
        for item in list {
            guard case .object(let sample) = item else { throw wrong("samples", "a list of objects") }
            let fields = Fields(object: sample, number: number)
            samples.append(MotionSample(t: try fields.number("t"), ax: try fields.number("ax"), ay: try fields.number("ay"),
                                        az: try fields.number("az"), gx: try fields.number("gx"), gy: try fields.number("gy"),
                                        gz: try fields.number("gz")))
        }
        return samples
    }
}
