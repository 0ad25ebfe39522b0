import AsyncHTTPClient
import Foundation
import NIOCore
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
        var hasher = StreamingSHA256()
        let result: Result<FileFingerprint, DownloadFailure>
        do {
            result = try await receive(url, with: client, into: output, hasher: &hasher, displayName: displayName,
                                       expectedBytes: expectedBytes)
        } catch {
            result = .failure(Self.failure(for: error))
        }
        try? await client.shutdown()
        let closed: Result<Void, DownloadFailure>
        do {
            try output.synchronize()
            try output.close()
            closed = .success(())
        } catch {
            closed = .failure(.writeFailed(error))
        }
        progress?.downloadFinished(fileName: displayName, receivedBytes: hasher.byteCount) // ends a bar's line either way
        if case .success = result, case .failure(let failure) = closed { return .failure(failure) }
        return result
    }

    private func receive(_ url: URL, with client: HTTPClient, into output: FileHandle, hasher: inout StreamingSHA256,
                         displayName: String, expectedBytes: Int64?) async throws -> Result<FileFingerprint, DownloadFailure> {
        // The read timeout guards against a stalled transfer; the deadline only against one that never ends.
        let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), deadline: .now() + .hours(24))
        guard (200..<300).contains(response.status.code) else { return .failure(.httpStatus(Int(response.status.code))) }
        var expected = expectedBytes
        if expected == nil, let length = response.headers.first(name: "content-length").flatMap(Int64.init), length > 0 {
            expected = length
        }
        for try await chunk in response.body {
            let data = Data(chunk.readableBytesView)
            do {
                try output.write(contentsOf: data)
            } catch {
                return .failure(.writeFailed(error))
            }
            hasher.update(data)
            progress?.downloadAdvanced(fileName: displayName, receivedBytes: hasher.byteCount, expectedBytes: expected)
        }
        return .success(hasher.finish())
    }

    /// What went wrong on the way, as the installer tells it: the server not reached, or the transfer broken.
    static func failure(for error: any Error) -> DownloadFailure {
        if error is CancellationError { return .transport(error) }
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
