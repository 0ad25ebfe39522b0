import BeaconRuntime
import Foundation
import Testing

/// Runs the async work of the tests it marks on a thread of their own instead of Swift's cooperative pool.
///
/// Synchronous tests running beside them (engines run for seconds, processes awaited for minutes) hold every thread
/// of that pool (two on a 2-core machine); a phone test on the pool would then neither read the server's messages
/// nor answer its pings, and its waits would run out though the server had answered.
struct OwnThreadTrait: SuiteTrait, TestTrait, TestScoping {
    /// One thread for every marked test, for the whole run.
    static let executor = DedicatedThreadExecutor(name: "beacon-test-phone")

    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        guard testCase != nil else { return try await function() } // the suite itself: nothing to run
        try await withTaskExecutorPreference(Self.executor) { try await function() }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Async work on a thread of its own, safe from synchronous tests that block the cooperative pool.
    static var onItsOwnThread: Self { Self() }
}
