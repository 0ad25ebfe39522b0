import Foundation

/// Real recordings of people speaking, for the voice-command tests: ../shared/testdata/speech beside the checkout (a
/// manifest.csv with each file, its transcript and speaker), or $BEACON_SPEECH. Read where they lie, never copied
/// into the repository (their licences ask for attribution, which their PROVENANCE.md carries).
extension TestData {
    public static var speechFolder: URL {
        if let path = ProcessInfo.processInfo.environment["BEACON_SPEECH"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return imagesFolder.deletingLastPathComponent().appendingPathComponent("speech", isDirectory: true)
    }

    /// Whether the recordings and their manifest are there (a failure under BEACON_REQUIRE_MODELS=1, as with photos).
    public static var hasSpeech: Bool {
        FileManager.default.fileExists(atPath: speechFolder.appendingPathComponent("manifest.csv").path)
    }
}
