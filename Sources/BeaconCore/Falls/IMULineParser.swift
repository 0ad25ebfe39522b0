import Foundation

/// Reads IMU samples from text, one sample a line, in either of two formats (the phone sends the same):
///
/// - JSON lines: `{"t":12.34,"ax":0.1,"ay":9.8,"az":0.2,"gx":0.01,"gy":0,"gz":-0.02}`
/// - CSV with the header `t,ax,ay,az,gx,gy,gz` (columns in any order; without a header, that order).
///
/// `t` is seconds on any clock that goes forward; `ax ay az` m/s² including gravity; `gx gy gz` rad/s. A JSON line
/// with `lat` and `lon` (degrees) instead of the sensor's fields is a location fix, `{"t":12.5,"lat":55.75,"lon":37.62}`:
/// the phone's GPS, sent with the emergency message. Blank lines and lines starting with `#` are skipped. A line that does not parse is refused with one sentence naming its
/// number, and reading goes on with the next.
public struct IMULineParser: Sendable {
    public static let fields = ["t", "ax", "ay", "az", "gx", "gy", "gz"]

    /// What one line turned out to be.
    public enum Line: Sendable, Hashable {
        case sample(IMUSample)
        /// Where the device is (a JSON line with `lat` and `lon`).
        case location(EmergencyLocation)
        /// A header, a comment or a blank line.
        case skipped
        case refused(IMULineError)
    }

    /// CSV column of each field, from the header (the standard order until one is seen).
    private var columns: [String: Int] = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1, $0) })
    private var lastTime: Double?
    public private(set) var lineNumber = 0

    public init() {}

    /// The next line of the stream.
    public mutating func parse(_ text: String) -> Line {
        lineNumber += 1
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if line.isEmpty || line.hasPrefix("#") { return .skipped }
        let values: [String: Double]
        do throws(Problem) {
            if line.hasPrefix("{") {
                if let fix = try location(line) { return .location(fix) }
                values = try json(line)
            } else if line.first.map({ $0.isLetter }) == true {
                try readHeader(line)
                return .skipped
            } else {
                values = try csv(line)
            }
            let sample = try self.sample(from: values)
            lastTime = sample.timestamp
            return .sample(sample)
        } catch {
            return .refused(IMULineError(line: lineNumber, problem: error.words))
        }
    }

    private struct Problem: Error {
        var words: String
    }

    /// A JSON value that is a number, or something else (a string, a flag, null).
    private enum Field: Decodable {
        case number(Double)
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            self = (try? container.decode(Double.self)).map(Field.number) ?? .other
        }
    }

    /// A location fix, or nil for a line that is no fix (it has the sensor's fields, or no coordinates).
    private func location(_ line: String) throws(Problem) -> EmergencyLocation? {
        guard let object = try? JSONDecoder().decode([String: Field].self, from: Data(line.utf8)),
              object["lat"] != nil || object["lon"] != nil, object["ax"] == nil else { return nil }
        guard case .number(let latitude)? = object["lat"], case .number(let longitude)? = object["lon"],
              (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw Problem(words: "a location needs \"lat\" from -90 to 90 and \"lon\" from -180 to 180")
        }
        return EmergencyLocation(latitude: latitude, longitude: longitude)
    }

    private func json(_ line: String) throws(Problem) -> [String: Double] {
        guard let object = try? JSONDecoder().decode([String: Field].self, from: Data(line.utf8)) else {
            throw Problem(words: "it is not a JSON object")
        }
        var values: [String: Double] = [:]
        for field in Self.fields {
            guard let value = object[field] else { throw Problem(words: "\"\(field)\" is missing") }
            guard case .number(let number) = value else { throw Problem(words: "\"\(field)\" is not a number") }
            values[field] = number
        }
        return values
    }

    private mutating func readHeader(_ line: String) throws(Problem) {
        let names = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard Set(names).isSuperset(of: Self.fields) else {
            throw Problem(words: "the header must name the columns t,ax,ay,az,gx,gy,gz")
        }
        columns = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func csv(_ line: String) throws(Problem) -> [String: Double] {
        let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var values: [String: Double] = [:]
        for field in Self.fields {
            guard let column = columns[field], column < cells.count else {
                throw Problem(words: "it has \(cells.count) values, not the 7 of t,ax,ay,az,gx,gy,gz")
            }
            guard let number = Double(cells[column]) else {
                throw Problem(words: "\"\(cells[column])\" (\(field)) is not a number")
            }
            values[field] = number
        }
        return values
    }

    private func sample(from values: [String: Double]) throws(Problem) -> IMUSample {
        guard values.values.allSatisfy(\.isFinite) else { throw Problem(words: "a value is not a finite number") }
        let time = values["t"]!
        if let lastTime, time <= lastTime {
            throw Problem(words: "its time \(time) is not after the line before (\(lastTime))")
        }
        return IMUSample(timestamp: time, acceleration: Vector3(values["ax"]!, values["ay"]!, values["az"]!),
                         rotation: Vector3(values["gx"]!, values["gy"]!, values["gz"]!))
    }
}

/// An IMU line that was refused: which one, and why, in a sentence for the terminal.
public struct IMULineError: UserFacingError, Hashable {
    public let line: Int
    public let problem: String

    public var sentence: String { "IMU line \(line) skipped: \(problem)." }
}
