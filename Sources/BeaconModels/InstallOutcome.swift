import Foundation

/// What `ModelInstaller.install` did.
public struct InstallOutcome: Sendable, Hashable, CustomStringConvertible {
    public enum Action: String, Sendable, Hashable, Codable {
        /// A good copy was already in the cache; nothing was downloaded.
        case alreadyInstalled = "already-installed"
        /// Downloaded, verified and put in place.
        case installed
        /// The cache held a copy that failed verification; it was replaced with a verified download.
        case replaced
    }

    public let entry: ModelEntry
    /// The installed file, under its final name in the cache.
    public let url: URL
    public let action: Action
    public let fingerprint: FileFingerprint
    /// `.verified` or `.verifiedKnownCopy` for pinned models, `.trusted` for ones installed with --trust-unverified.
    public let status: ChecksumStatus

    /// One sentence for the user.
    public var description: String {
        let check: String
        switch status {
        case .trusted:
            check = "no pinned checksum; trusted as SHA-256 \(fingerprint.sha256.prefix(12))…, recorded in "
                + TrustRecord.url(for: url).lastPathComponent
        default:
            check = "SHA-256 verified"
        }
        let size = ConsoleProgressReporter.megabytes(fingerprint.size)
        switch action {
        case .alreadyInstalled:
            return "\(entry.name) is already installed at \(url.path) (\(check)); nothing to do."
        case .installed:
            return "Installed \(entry.name) at \(url.path) (\(size), \(check))."
        case .replaced:
            return "Replaced a copy of \(entry.name) that failed verification at \(url.path) (\(size), \(check))."
        }
    }
}

/// One model's result from `ModelInstaller.install(_ names:)`.
public struct InstallAttempt: Sendable {
    /// The name as the user typed it.
    public let name: String
    public let result: Result<InstallOutcome, ModelError>

    /// The outcome's sentence, or the error's.
    public var sentence: String {
        switch result {
        case .success(let outcome): return outcome.description
        case .failure(let error): return error.sentence
        }
    }
}
