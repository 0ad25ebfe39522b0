import BeaconCore

/// Everything that can go wrong finding, downloading or checking a model, each told as one sentence.
public enum ModelError: UserFacingError, Equatable {
    case unknownModel(name: String, suggestion: String?, known: [String])
    /// No copy in any searched folder. `installable` says whether `beacon models install` can fetch it.
    case notFound(name: String, fileName: String, searched: [String], cacheFolder: String, installable: Bool)
    /// A path given explicitly (a flag) that does not exist.
    case missingFile(path: String)
    case notDownloadable(name: String, fileName: String, reason: String, cacheFolder: String)
    /// The catalogue has no checksum for this model and the user did not pass --trust-unverified.
    case unverifiedChecksum(name: String)
    case networkUnreachable(fileName: String, host: String, cacheFolder: String)
    case notFoundOnServer(fileName: String, url: String)
    case httpStatus(fileName: String, url: String, status: Int)
    case downloadFailed(fileName: String, url: String, detail: String)
    /// A download of the wrong length; the temporary file has been deleted.
    case sizeMismatch(fileName: String, expected: Int64, actual: Int64)
    /// A download with the wrong SHA-256; the temporary file has been deleted.
    case checksumMismatch(fileName: String, expected: String, actual: String)
    case cacheNotWritable(folder: String, detail: String)
    case wheelMemberMissing(fileName: String, member: String, wheel: String)
    case unreadableArchive(wheel: String, detail: String)
    case unreadableFile(path: String, detail: String)
    case invalidMirror(String)
    /// Beacon's own conversion of a verified wheel member failed.
    case conversionFailed(fileName: String, member: String, detail: String)
    /// Beacon's conversion made other bytes than the pinned ones: a fault in Beacon, not in the download.
    case convertedChecksumMismatch(fileName: String, expected: String, actual: String)

    public var sentence: String {
        switch self {
        case .unknownModel(let name, let suggestion?, _):
            return "There is no model called \"\(name)\"; did you mean \"\(suggestion)\"?"
        case .unknownModel(let name, nil, let known):
            return "There is no model called \"\(name)\"; the known models are \(known.joined(separator: ", "))."
        case .notFound(let name, let fileName, let searched, let cacheFolder, let installable):
            let remedy = installable ? "run \"beacon models install \(name)\" or copy it to \(cacheFolder)"
                                     : "copy it to \(cacheFolder)"
            return "The model file \(fileName) was not found in \(searched.joined(separator: ", ")); \(remedy)."
        case .missingFile(let path):
            return "The model file \(path) does not exist; check the path."
        case .notDownloadable(let name, let fileName, let reason, let cacheFolder):
            return "\(name) cannot be downloaded because \(reason); copy \(fileName) to \(cacheFolder) yourself."
        case .unverifiedChecksum(let name):
            return "\(name) has no pinned checksum, so Beacon will not install it unless you pass --trust-unverified."
        case .networkUnreachable(let fileName, let host, let cacheFolder):
            return "Could not reach \(host) to download \(fileName); use --mirror or copy the file to \(cacheFolder)."
        case .notFoundOnServer(let fileName, let url):
            return "\(fileName) was not found at \(url) (HTTP 404); check the --mirror address or that the file is there."
        case .httpStatus(let fileName, let url, let status):
            return "The server answered HTTP \(status) for \(fileName) at \(url); try again later or use --mirror."
        case .downloadFailed(let fileName, let url, let detail):
            return "Downloading \(fileName) from \(url) failed (\(detail)); try again or use --mirror."
        case .sizeMismatch(let fileName, let expected, let actual):
            return "The download of \(fileName) was \(actual) bytes instead of \(expected), so it was deleted; "
                + "try again or use another mirror."
        case .checksumMismatch(let fileName, let expected, let actual):
            return "The download of \(fileName) has SHA-256 \(actual.prefix(12))… instead of \(expected.prefix(12))…, "
                + "so it was deleted and nothing was installed; try another mirror."
        case .cacheNotWritable(let folder, let detail):
            return "Cannot write model files to \(folder) (\(detail)); make it writable, free some space, "
                + "or set XDG_CACHE_HOME to another folder."
        case .wheelMemberMissing(let fileName, let member, let wheel):
            return "The wheel \(wheel) has no member \(member), so \(fileName) was not installed; "
                + "check that the mirror serves the right wheel."
        case .unreadableArchive(let wheel, let detail):
            return "The downloaded wheel \(wheel) could not be read as a zip archive (\(detail)); try again or use another mirror."
        case .unreadableFile(let path, let detail):
            return "Cannot read the model file \(path) (\(detail)); check that it exists and is readable."
        case .invalidMirror(let text):
            return "The mirror address \"\(text)\" is not an http or https URL; pass one like --mirror http://127.0.0.1:8000/."
        case .conversionFailed(let fileName, let member, let detail):
            return "Beacon could not convert \(member) into \(fileName) because \(detail), so nothing was installed; "
                + "check that the mirror serves the right wheel."
        case .convertedChecksumMismatch(let fileName, let expected, let actual):
            return "Beacon converted \(fileName) but got SHA-256 \(actual.prefix(12))… instead of \(expected.prefix(12))…, "
                + "so it was deleted and nothing was installed; please report this as a bug in Beacon."
        }
    }
}
