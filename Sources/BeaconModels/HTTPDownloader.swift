import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Downloads one URL into one file with AsyncHTTPClient, hashing the bytes as they arrive. Not URLSession:
/// FoundationNetworking's libcurl corrupted the heap now and then on failed connections (seen in the webhook
/// sender), and one HTTP client for the whole program is one set of failures to understand.
struct HTTPDownloader: Sendable {
    var progress: (any DownloadProgressObserver)?
    /// Seconds without any data before giving up.
    var idleTimeout: TimeInterval = 60
    /// Seconds to reach the server.
    var connectTimeout: TimeInterval = 10

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

        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .milliseconds(Int64(connectTimeout * 1000)),
                                      read: .milliseconds(Int64(idleTimeout * 1000)))
        // A server that cannot be reached is said at once (with what to do), not retried until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let receiver = FileReceiver(output: output, displayName: displayName, expectedBytes: expectedBytes, progress: progress)
        var result: Result<FileFingerprint, DownloadFailure>
        do {
            let request = try HTTPClient.Request(url: url.absoluteString)
            // The body goes to the file on the connection's own thread as it arrives; only the end comes back here.
            // A body read through an async sequence instead stalls whenever the caller's threads are busy (a test
            // suite blocking the cooperative pool), until the idle timeout takes a waiting download for a dead one.
            let task = client.execute(request: request, delegate: receiver, deadline: .now() + .hours(24))
            result = .success(try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            })
        } catch let status as HTTPStatusRefused {
            result = .failure(.httpStatus(status.code))
        } catch let failure as WriteFailed {
            result = .failure(.writeFailed(failure.underlying))
        } catch {
            result = .failure(Self.failure(for: error))
        }
        try? await client.shutdown()
        do {
            try output.synchronize()
            try output.close()
        } catch {
            if case .success = result { result = .failure(.writeFailed(error)) }
        }
        progress?.downloadFinished(fileName: displayName, receivedBytes: receiver.receivedBytes) // ends a bar's line either way
        return result
    }

    /// What went wrong on the way, as the installer tells it: the server not reached, or the transfer broken.
    static func failure(for error: any Error) -> DownloadFailure {
        if error is CancellationError || (error as? HTTPClientError) == .cancelled { return .transport(error) }
        if error is NIOConnectionError { return .unreachable(error) }
        if let client = error as? HTTPClientError,
           [.connectTimeout, .readTimeout, .remoteConnectionClosed, .deadlineExceeded].contains(client) {
            return .unreachable(error)
        }
        if let channel = error as? ChannelError, case .connectTimeout = channel { return .unreachable(error) }
        if let io = error as? IOError, [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, ETIMEDOUT, ECONNRESET].contains(io.errnoCode) {
            return .unreachable(error)
        }
        return .transport(error)
    }
}

private struct HTTPStatusRefused: Error {
    let code: Int
}

private struct WriteFailed: Error {
    let underlying: any Error
}

/// Streams one response body to a file and a hasher, reporting progress. AsyncHTTPClient calls it on the request's
/// event loop, one call at a time and each after the last has finished, so only the byte count, which the caller
/// reads at the end, sits behind a lock.
private final class FileReceiver: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = FileFingerprint

    private let output: FileHandle
    private let displayName: String
    private var expectedBytes: Int64?
    private let progress: (any DownloadProgressObserver)?
    private var hasher = StreamingSHA256()
    private let lock = NSLock()
    private var received: Int64 = 0

    init(output: FileHandle, displayName: String, expectedBytes: Int64?, progress: (any DownloadProgressObserver)?) {
        self.output = output
        self.displayName = displayName
        self.expectedBytes = expectedBytes
        self.progress = progress
    }

    var receivedBytes: Int64 { lock.withLock { received } }

    func didReceiveHead(task: HTTPClient.Task<FileFingerprint>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        guard (200..<300).contains(head.status.code) else {
            return task.eventLoop.makeFailedFuture(HTTPStatusRefused(code: Int(head.status.code)))
        }
        if expectedBytes == nil, let length = head.headers.first(name: "content-length").flatMap(Int64.init), length > 0 {
            expectedBytes = length
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<FileFingerprint>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let data = Data(buffer.readableBytesView)
        do {
            try output.write(contentsOf: data)
        } catch {
            return task.eventLoop.makeFailedFuture(WriteFailed(underlying: error))
        }
        hasher.update(data)
        let bytes = hasher.byteCount
        lock.withLock { received = bytes }
        progress?.downloadAdvanced(fileName: displayName, receivedBytes: bytes, expectedBytes: expectedBytes)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<FileFingerprint>) throws -> FileFingerprint {
        hasher.finish()
    }
}
