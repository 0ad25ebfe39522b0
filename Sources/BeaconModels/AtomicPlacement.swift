import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporary names and the final rename that make an install all-or-nothing.
///
/// Downloads go to a hidden temporary file in the destination folder, so the final step is a rename within one
/// file system: atomic, and a reader never sees a partial file under the model's name.
enum AtomicPlacement {
    static let temporarySuffix = ".partial"

    /// A fresh hidden name in `folder` for work on `fileName`, e.g. ".yolox_s.onnx.1A2B….partial".
    static func temporaryURL(in folder: URL, for fileName: String) -> URL {
        folder.appendingPathComponent(".\(fileName).\(UUID().uuidString)\(temporarySuffix)")
    }

    /// Renames `temporary` to `final`, replacing any file already there, in one step.
    static func moveIntoPlace(_ temporary: URL, at final: URL) throws {
        // rename(2) rather than FileManager.moveItem, which refuses to replace and is not atomic when it does.
        guard rename(temporary.path, final.path) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// Deletes a temporary file if it is still there; failure to delete is not worth reporting over the real error.
    static func discard(_ temporary: URL) {
        try? FileManager.default.removeItem(at: temporary)
    }
}
