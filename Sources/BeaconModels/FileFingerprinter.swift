import Crypto
import Foundation

/// Computes SHA-256 and size of files, reading in chunks so a 400 MB model never sits in memory whole.
public enum FileFingerprinter {
    static let chunkSize = 1 << 20

    public static func fingerprint(of url: URL) throws(ModelError) -> FileFingerprint {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            var hasher = StreamingSHA256()
            while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
                hasher.update(chunk)
            }
            return hasher.finish()
        } catch {
            throw ModelError.unreadableFile(path: url.path, detail: ErrorDetail.describe(error))
        }
    }
}

/// SHA-256 and byte count of data fed in pieces, as it arrives from the network or a file.
struct StreamingSHA256 {
    private var hasher = SHA256()
    private(set) var byteCount: Int64 = 0

    mutating func update(_ data: Data) {
        hasher.update(data: data)
        byteCount += Int64(data.count)
    }

    func finish() -> FileFingerprint {
        let hex = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        return FileFingerprint(sha256: hex, size: byteCount)
    }
}
