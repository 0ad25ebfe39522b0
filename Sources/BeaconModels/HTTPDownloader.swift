import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Downloads one URL into one file with URLSession, hashing the bytes as they arrive.
struct HTTPDownloader: Sendable {
    var progress: (any DownloadProgressObserver)?
    /// Seconds without any data before giving up.
    var idleTimeout: TimeInterval = 60

    /// Writes the body of `url` into `destination` (which must not exist yet) and returns the fingerprint of
    /// the bytes written. On failure the caller deletes `destination`.
    func download(_ url: URL, to destination: URL, displayName: String,
                  expectedBytes: Int64?) async -> Result<FileFingerprint, DownloadFailure> {
        // open(2) directly: O_EXCL guarantees a fresh file, and errno gives the real reason when it fails.
        let descriptor = open(destination.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            return .failure(.writeFailed(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)))
        }
        let output = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        progress?.downloadStarted(fileName: displayName, from: url, expectedBytes: expectedBytes)

        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1 // the delegate relies on its callbacks never overlapping

        let delegate = DownloadDelegate(output: output, displayName: displayName, expectedBytes: expectedBytes, progress: progress)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: delegateQueue)
        let task = session.dataTask(with: url)
        // Cancelling the Swift task cancels the transfer; the delegate then reports it as a failure.
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.attach(continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// URLSession's delegate for one download: streams the body to a file and a hasher, reports progress, and
/// resumes the waiting caller exactly once when the task completes.
private final class DownloadDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Mutable state is touched only from the session's delegate queue, which runs one callback at a time.
    private let output: FileHandle
    private let displayName: String
    private var expectedBytes: Int64?
    private let progress: (any DownloadProgressObserver)?
    private var continuation: CheckedContinuation<Result<FileFingerprint, DownloadFailure>, Never>?
    private var hasher = StreamingSHA256()
    private var failure: DownloadFailure?

    init(output: FileHandle, displayName: String, expectedBytes: Int64?, progress: (any DownloadProgressObserver)?) {
        self.output = output
        self.displayName = displayName
        self.expectedBytes = expectedBytes
        self.progress = progress
    }

    /// Called once, before the task is resumed, so no callback can run before the continuation is in place.
    func attach(_ continuation: CheckedContinuation<Result<FileFingerprint, DownloadFailure>, Never>) {
        self.continuation = continuation
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            failure = .httpStatus(http.statusCode)
            completionHandler(.cancel)
            return
        }
        if expectedBytes == nil, response.expectedContentLength > 0 { expectedBytes = response.expectedContentLength }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard failure == nil else { return }
        do {
            try output.write(contentsOf: data)
        } catch {
            failure = .writeFailed(error)
            dataTask.cancel()
            return
        }
        hasher.update(data)
        progress?.downloadAdvanced(fileName: displayName, receivedBytes: hasher.byteCount, expectedBytes: expectedBytes)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        session.finishTasksAndInvalidate() // a session keeps its delegate alive until invalidated
        do {
            try output.synchronize()
            try output.close()
        } catch {
            if failure == nil { failure = .writeFailed(error) }
        }
        if failure == nil, let error {
            failure = .transport(error as? URLError ?? URLError(.unknown))
        }
        progress?.downloadFinished(fileName: displayName, receivedBytes: hasher.byteCount) // ends a bar's line either way
        let result: Result<FileFingerprint, DownloadFailure> = failure.map { .failure($0) } ?? .success(hasher.finish())
        continuation?.resume(returning: result)
        continuation = nil
    }
}
