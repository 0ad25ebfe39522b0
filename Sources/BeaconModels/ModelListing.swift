import Foundation

/// One row of `beacon models list`: a catalogue model, whether and where it is present, and its checksum status.
///
/// Plain data: the CLI prints it as a table or encodes it as JSON (the encoded keys are stable).
public struct ModelListing: Sendable, Hashable, Encodable {
    public let entry: ModelEntry
    /// The copy that would be used (the first in search order), or nil when absent.
    public let check: ModelFileCheck?
    /// How many copies exist in all searched folders (0 when absent).
    public let copyCount: Int

    public var isPresent: Bool { check != nil }
    /// The size on disk when present, else the pinned size when known.
    public var size: Int64? { check?.fingerprint?.size ?? fileSize(check?.copy.url) ?? entry.pinnedFingerprint?.size }

    private func fileSize(_ url: URL?) -> Int64? {
        guard let url, let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
        return (attributes[.size] as? NSNumber)?.int64Value
    }

    private enum CodingKeys: String, CodingKey {
        case name, file, kind, family, licence, downloadable, present, location, path, copies, size
        case expectedSHA256 = "expected_sha256", sha256, checksum, checksumSummary = "checksum_summary"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entry.name, forKey: .name)
        try container.encode(entry.fileName, forKey: .file)
        try container.encode(entry.kind, forKey: .kind)
        try container.encode(entry.family, forKey: .family)
        try container.encode(entry.licence, forKey: .licence)
        try container.encode(entry.isDownloadable, forKey: .downloadable)
        try container.encode(isPresent, forKey: .present)
        try container.encodeIfPresent(check?.copy.location, forKey: .location)
        try container.encodeIfPresent(check?.copy.url.path, forKey: .path)
        try container.encode(copyCount, forKey: .copies)
        try container.encodeIfPresent(size, forKey: .size)
        try container.encodeIfPresent(entry.pinnedFingerprint?.sha256, forKey: .expectedSHA256)
        try container.encodeIfPresent(check?.fingerprint?.sha256, forKey: .sha256)
        try container.encode(check?.status.code ?? "absent", forKey: .checksum)
        try container.encode(check?.status.summary ?? "absent", forKey: .checksumSummary)
    }
}
