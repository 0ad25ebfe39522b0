import Foundation

/// One model file on disk compared with the catalogue.
public struct ModelFileCheck: Sendable, Hashable {
    public let entry: ModelEntry
    public let copy: LocatedModel
    /// What was read, or nil when the file was not read or could not be.
    public let fingerprint: FileFingerprint?
    public let status: ChecksumStatus

    /// Reads the file (unless `readContents` is false) and compares it with the entry and any trust record.
    static func check(_ copy: LocatedModel, of entry: ModelEntry, readContents: Bool = true) -> ModelFileCheck {
        guard readContents else {
            return ModelFileCheck(entry: entry, copy: copy, fingerprint: nil, status: .notChecked)
        }
        do {
            let fingerprint = try FileFingerprinter.fingerprint(of: copy.url)
            let status = ChecksumStatus.evaluate(entry: entry, actual: fingerprint,
                                                 trustedSHA256: TrustRecord.recordedSHA256(for: copy.url))
            return ModelFileCheck(entry: entry, copy: copy, fingerprint: fingerprint, status: status)
        } catch {
            let detail: String
            if case .unreadableFile(_, let text) = error { detail = text } else { detail = error.sentence }
            return ModelFileCheck(entry: entry, copy: copy, fingerprint: nil, status: .unreadable(detail: detail))
        }
    }

    /// One sentence per file for `beacon models verify`, saying what to do when something is wrong.
    public var sentence: String {
        let file = "\(entry.fileName) in the \(copy.location.label) (\(copy.url.path))"
        let remedy = entry.isDownloadable ? "delete it and run \"beacon models install \(entry.name)\""
                                          : "replace it with the file described in shared/models/PROVENANCE.md"
        switch status {
        case .verified:
            return "\(file) is verified."
        case .verifiedKnownCopy(let origin):
            return "\(file) is verified as a known copy: \(origin)."
        case .trusted:
            return "\(file) matches the SHA-256 recorded when you trusted it."
        case .mismatch(let expected):
            let actual = fingerprint.map { "\($0.sha256.prefix(12))…" } ?? "unknown"
            return "\(file) does not match: SHA-256 \(actual) instead of \(expected.prefix(12))…; \(remedy)."
        case .unverified:
            return "\(file) has no pinned checksum to compare with; reinstall it with --trust-unverified to record one."
        case .notChecked:
            return "\(file) was not checked."
        case .unreadable(let detail):
            return "\(file) cannot be read (\(detail)); check its permissions."
        }
    }

    /// True for a file that is present but wrong or unreadable: what `verify` must fail on.
    public var isFailure: Bool {
        switch status {
        case .mismatch, .unreadable: return true
        default: return false
        }
    }
}
