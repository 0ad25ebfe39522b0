import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The 256-bit key that encrypts the history, in a file beside it readable by the user only (mode 0600).
///
/// Why payload encryption and not SQLCipher: GRDB's package links the system SQLite, and building it against
/// Debian's SQLCipher instead means editing GRDB's own manifest and linking two libraries that export the same
/// sqlite3_* symbols. Sealing each record with AES-GCM (swift-crypto, already a dependency) keeps every Beacon file a
/// plain SQLite database — the same WAL, integrity check, migrations and set-aside rules as the settings — and still
/// keeps what was seen unreadable without the key: only a timestamp per record is in clear, so retention can purge
/// without the key, and records are padded to one size so a label's length does not show.
enum HistoryKey {
    static let byteCount = 32

    enum Loaded {
        case key(SymmetricKey)
        case missing
        /// A file that is there but is not a key (wrong size, unreadable).
        case damaged
    }

    /// The key in `file`. A file that cannot be read at all (permissions) is an error, not a damaged key: moving it
    /// aside would orphan history that may be perfectly readable once the permission is fixed.
    static func load(_ file: URL) throws(StoreError) -> Loaded {
        guard FileManager.default.fileExists(atPath: file.path) else { return .missing }
        let bytes: Data
        do { bytes = try Data(contentsOf: file) } catch {
            throw StoreError.keyUnusable(file, reason: StoreError.reason(error))
        }
        guard bytes.count == byteCount else { return .damaged }
        // A key someone made readable by others is made private again; it is still the right key.
        if let mode = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.posixPermissions] as? Int,
           mode & 0o077 != 0 {
            chmod(file.path, 0o600)
        }
        return .key(SymmetricKey(data: bytes))
    }

    /// Makes a new random key file, never replacing one: written under a temporary name with mode 0600, synced, then
    /// linked into place, so the key file is either absent or whole. When another Beacon made one first, that one is
    /// used.
    static func create(_ file: URL) throws(StoreError) -> SymmetricKey {
        let key = SymmetricKey(size: .bits256)
        let temporary = file.deletingLastPathComponent()
            .appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp").path
        defer { unlink(temporary) }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw StoreError.keyUnusable(file, reason: String(cString: strerror(errno))) }
        let written = key.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == byteCount, synced == 0 else {
            throw StoreError.keyUnusable(file, reason: "the key could not be written to disk")
        }
        if link(temporary, file.path) != 0 {
            let failure = errno
            if failure == EEXIST, case let .key(existing)? = try? load(file) { return existing }
            throw StoreError.keyUnusable(file, reason: String(cString: strerror(failure)))
        }
        syncFolder(of: file)
        return key
    }

    /// fsync on the folder makes a new name durable, not just the file's bytes.
    static func syncFolder(of file: URL) {
        let folder = open(file.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
        guard folder >= 0 else { return }
        fsync(folder)
        close(folder)
    }
}
