@testable import BeaconModels
import BeaconTestSupport
import Foundation
import Testing

/// The downloader against a real HTTP server on 127.0.0.1.
@Suite struct DownloaderTests {
    private let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    /// While every thread of Swift's cooperative pool is blocked (a test suite on two cores blocks it often), the
    /// body still flows to the file: the idle timeout is for a silent server, not for a busy caller.
    @Test func aDownloadGoesOnWhileTheCallersThreadsAreBusy() async throws {
        let served = try scratch.folder("served"), cache = try scratch.folder("cache")
        let payload = (0..<24_000_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        let source = served.appendingPathComponent("big.bin")
        try Data(payload).write(to: source)
        let expected = try Fixtures.pythonFingerprint(of: source)
        let server = try LocalHTTPServer.start(serving: served)
        defer { server.stop() }

        let destination = cache.appendingPathComponent("big.bin")
        let downloader = HTTPDownloader(progress: nil, idleTimeout: 1)
        async let result = downloader.download(server.baseURL.appendingPathComponent("big.bin"), to: destination,
                                               displayName: "big.bin", expectedBytes: nil)
        // More blocked tasks than the pool has threads, for three idle timeouts.
        let blockers = (0...ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task.detached { Self.blockThisThread(seconds: 3) }
        }
        for blocker in blockers { await blocker.value }
        let fingerprint = try await result.get()
        #expect(fingerprint == expected)
        #expect(try Fixtures.pythonFingerprint(of: destination) == expected)
    }

    /// What a synchronous test does to the pool thread it runs on.
    private static func blockThisThread(seconds: Double) {
        Thread.sleep(forTimeInterval: seconds)
    }
}
