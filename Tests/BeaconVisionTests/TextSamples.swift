import BeaconCore
import BeaconMedia
import BeaconTestSupport
import Foundation
import Testing

/// The text samples of scripts/make-text-samples.sh, rendered once per test process (BeaconTestSupport's
/// SampleMedia, shared with the runtime's tests), so the tests do not depend on `make samples` having run. Needs
/// ffmpeg and the DejaVu and Noto CJK fonts; without them the tests skip (or fail under BEACON_REQUIRE_MODELS=1).
enum TextSamples {
    private static let rendered: Result<URL, SampleFailure> = {
        guard TestData.hasTool("ffmpeg") else { return .failure(SampleFailure(description: "ffmpeg is not installed")) }
        do {
            let made = try SampleMedia.text()
            guard made.status == 0 else { return .failure(SampleFailure(description: made.stderr)) }
            return .success(made.folder)
        } catch {
            return .failure(SampleFailure(description: "\(error)"))
        }
    }()

    /// The sample as a frame, or nil (after recording why) when it cannot be made.
    static func frame(_ name: String) throws -> Frame? {
        switch rendered {
        case .success(let folder):
            let url = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else {
                skip("\(name) was not rendered")
                return nil
            }
            return try ImageDecoder().decode(contentsOf: url)
        case .failure(let failure):
            skip("text samples could not be rendered: \(failure.description)")
            return nil
        }
    }

    /// The shared photographed page (../shared/testdata/images/page.png).
    static func page() throws -> Frame? {
        guard let url = TestData.image("page.png") else {
            skip("no page.png")
            return nil
        }
        return try ImageDecoder().decode(contentsOf: url)
    }

    private static func skip(_ reason: String) {
        if TestData.required { Issue.record(Comment(rawValue: reason)) } else { print("skipping: \(reason)") }
    }

    struct SampleFailure: Error { let description: String }
}

extension Array where Element == TextLine {
    /// All lines' text, top to bottom, one line per row: what a test compares with what was rendered.
    var readingTopToBottom: String {
        sorted { $0.quad.boundingRect.y < $1.quad.boundingRect.y }.map(\.text).joined(separator: "\n")
    }
}
