import Foundation

/// The SHA-256 a user accepted with --trust-unverified, kept beside the model as `<file>.sha256`.
///
/// Without it, a model whose catalogue checksum is unknown could change silently after install; with it,
/// `verify` can tell. The line is in `sha256sum` format, so `sha256sum -c yolox_x.onnx.sha256` checks it too.
enum TrustRecord {
    static func url(for modelURL: URL) -> URL {
        modelURL.deletingLastPathComponent().appendingPathComponent(modelURL.lastPathComponent + ".sha256")
    }

    /// The recorded SHA-256 for a model file, or nil when there is no readable record.
    static func recordedSHA256(for modelURL: URL) -> String? {
        guard let text = try? String(contentsOf: url(for: modelURL), encoding: .utf8) else { return nil }
        let digest = text.prefix { !$0.isWhitespace }.lowercased()
        return digest.count == 64 && digest.allSatisfy(\.isHexDigit) ? digest : nil
    }

    /// Writes the record atomically (to a temporary file, then renamed), so a crash leaves an old or a new one.
    static func write(sha256: String, for modelURL: URL) throws {
        let line = "\(sha256)  \(modelURL.lastPathComponent)\n"
        try Data(line.utf8).write(to: url(for: modelURL), options: .atomic)
    }
}
