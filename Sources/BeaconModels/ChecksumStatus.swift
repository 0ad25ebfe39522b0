/// How a model file on disk compares with what the catalogue expects.
public enum ChecksumStatus: Sendable, Hashable {
    /// Exactly the pinned bytes.
    case verified
    /// Not the pinned bytes, but a copy the catalogue knows and accepts (e.g. the development re-export).
    case verifiedKnownCopy(origin: String)
    /// The catalogue has no checksum; the file matches the one recorded when the user trusted it.
    case trusted
    /// Differs from the pinned checksum, or from the trusted record.
    case mismatch(expectedSHA256: String)
    /// The catalogue has no checksum and nothing was recorded, or the catalogue does not know the file.
    case unverified
    /// The file was not read (listing without checking contents).
    case notChecked
    /// The file could not be read; the detail says why.
    case unreadable(detail: String)

    /// Compares a file's fingerprint with the catalogue entry and, for unpinned entries, the trusted record.
    static func evaluate(entry: ModelEntry?, actual: FileFingerprint, trustedSHA256: String?) -> ChecksumStatus {
        guard let entry else { return .unverified }
        switch entry.checksum {
        case .pinned(let expected):
            if actual == expected { return .verified }
            if let copy = entry.knownCopies.first(where: { $0.fingerprint == actual }) {
                return .verifiedKnownCopy(origin: copy.origin)
            }
            return .mismatch(expectedSHA256: expected.sha256)
        case .unknown:
            guard let trustedSHA256 else { return .unverified }
            return trustedSHA256 == actual.sha256 ? .trusted : .mismatch(expectedSHA256: trustedSHA256)
        }
    }

    /// True when the file is one the catalogue (or the user, explicitly) vouches for.
    public var isAcceptable: Bool {
        switch self {
        case .verified, .verifiedKnownCopy, .trusted: return true
        case .mismatch, .unverified, .notChecked, .unreadable: return false
        }
    }

    /// A stable machine-readable word, for JSON output and scripts.
    public var code: String {
        switch self {
        case .verified: return "verified"
        case .verifiedKnownCopy: return "known-copy"
        case .trusted: return "trusted"
        case .mismatch: return "mismatch"
        case .unverified: return "unverified"
        case .notChecked: return "not-checked"
        case .unreadable: return "unreadable"
        }
    }

    /// A few words for a table column.
    public var summary: String {
        switch self {
        case .verified: return "ok"
        case .verifiedKnownCopy(let origin): return "ok (known copy: \(origin))"
        case .trusted: return "ok (trusted by you, no pinned checksum)"
        case .mismatch(let expected): return "MISMATCH (expected \(expected.prefix(12))…)"
        case .unverified: return "unverified (no pinned checksum)"
        case .notChecked: return "not checked"
        case .unreadable(let detail): return "UNREADABLE (\(detail))"
        }
    }
}
