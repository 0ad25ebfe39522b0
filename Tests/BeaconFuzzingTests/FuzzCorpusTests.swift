import BeaconFuzzing
import BeaconTestSupport
import Foundation
import Testing

/// Every file of every fuzz target's corpus (Tests/Fuzz/corpus/TARGET: the seeds, and each crash or hang fuzzing
/// found, kept once fixed) goes through its target again: a decoder that crashes on any of them fails here, in the
/// tests CI runs, without libFuzzer.
@Suite struct FuzzCorpusTests {
    static let corpus = TestData.packageRoot.appendingPathComponent("Tests/Fuzz/corpus")

    static func files(of target: FuzzTarget) throws -> [URL] {
        let folder = corpus.appendingPathComponent(target.rawValue)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyCorpusFileIsHandled(target: FuzzTarget) throws {
        let files = try Self.files(of: target)
        #expect(!files.isEmpty, "no seeds for \(target.rawValue)")
        for file in files { target.run(Array(try Data(contentsOf: file))) }
    }

    /// Bytes no decoder was made for: every target refuses them without a crash.
    @Test(arguments: FuzzTarget.allCases)
    func garbageIsRefusedNotACrash(target: FuzzTarget) {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 7, 64, 4_096] {
            target.run((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
        target.run(Array(repeating: 0xFF, count: 100_000))
    }
}
