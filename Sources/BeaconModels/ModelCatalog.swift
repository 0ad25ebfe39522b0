import Foundation

/// The models Beacon knows, as plain values.
///
/// The installer, locator and inventory all take a catalogue as a parameter, so tests can pass a synthetic one;
/// `ModelCatalog.standard` is the real, pinned list.
public struct ModelCatalog: Sendable, Hashable {
    public let entries: [ModelEntry]

    /// - Precondition: names and file names are unique (a catalogue is written by us, so a duplicate is a bug).
    public init(entries: [ModelEntry]) {
        precondition(Set(entries.map(\.name)).count == entries.count, "duplicate model name in catalogue")
        precondition(Set(entries.map(\.fileName)).count == entries.count, "duplicate file name in catalogue")
        self.entries = entries
    }

    public var names: [String] { entries.map(\.name) }

    /// The entry for a name or a file name, forgiving case, "-" for "_" and a missing ".onnx".
    public func entry(named reference: String) throws(ModelError) -> ModelEntry {
        if let entry = lookUp(reference) { return entry }
        let suggestion = NameSuggester.nearest(to: Self.normalized(reference), among: names)
        throw ModelError.unknownModel(name: reference, suggestion: suggestion, known: names)
    }

    /// The entry for a name or a file name, or nil.
    public func lookUp(_ reference: String) -> ModelEntry? {
        let wanted = Self.normalized(reference)
        return entries.first { Self.normalized($0.name) == wanted || Self.normalized($0.fileName) == wanted }
    }

    /// Lower-cased, "-" as "_", without a trailing ".onnx": "YOLOX-Nano.onnx" → "yolox_nano".
    static func normalized(_ text: String) -> String {
        var result = text.lowercased().replacingOccurrences(of: "-", with: "_")
        if result.hasSuffix(".onnx") { result.removeLast(".onnx".count) }
        return result
    }
}
