import Foundation

/// A JSON value as decoded, keeping integers apart from doubles so each is compared in its own way.
public enum JSONValue: Decodable, Equatable, Sendable {
    case null, bool(Bool), integer(Int), double(Double), string(String), array([JSONValue]), object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    public static func decode(_ text: String) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }

    /// Where `other` differs from this value (nil when it matches): strings, booleans and integers exactly,
    /// doubles within `tolerance`, so a recording holds across machines.
    public func difference(from other: JSONValue, at path: String = "", tolerance: Double = 1e-6) -> String? {
        switch (self, other) {
        case (.integer(let a), .integer(let b)):
            return a == b ? nil : "\(path): \(b), recorded \(a)"
        case (.double, .double), (.double, .integer), (.integer, .double):
            let a = self.number!, b = other.number!
            return abs(a - b) <= tolerance ? nil : "\(path): \(b), recorded \(a)"
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return "\(path): \(b.count) elements, recorded \(a.count)" }
            for (index, (x, y)) in zip(a, b).enumerated() {
                if let found = x.difference(from: y, at: "\(path)[\(index)]", tolerance: tolerance) { return found }
            }
            return nil
        case (.object(let a), .object(let b)):
            guard Set(a.keys) == Set(b.keys) else { return "\(path): keys \(b.keys.sorted()), recorded \(a.keys.sorted())" }
            for key in a.keys.sorted() {
                if let found = a[key]!.difference(from: b[key]!, at: "\(path).\(key)", tolerance: tolerance) { return found }
            }
            return nil
        default:
            return self == other ? nil : "\(path): \(other), recorded \(self)"
        }
    }

    private var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
}

/// The outputs recorded in Tests/Data/recorded, made with the `beacon` binary before the runtime moved into a library.
public enum Recordings {
    public static func lines(_ name: String) throws -> [String] {
        let url = TestData.packageRoot.appendingPathComponent("Tests/Data/recorded/\(name)")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }
}
