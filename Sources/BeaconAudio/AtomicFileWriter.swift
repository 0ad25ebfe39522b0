import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file under a temporary name beside its destination and renames it into place on `commit()`.
///
/// rename(2) within one folder is atomic, so readers see either the old file or the complete new one:
/// a crash leaves only a hidden `.partial` file, never a half file under the real name.
final class AtomicFileWriter {
    let destination: URL
    let temporaryFile: URL
    private var descriptor: Int32
    /// Set once the file is renamed into place or deleted; afterwards there is nothing to clean up.
    private var isFinished = false

    /// Creates the temporary file; a missing or read-only folder is reported as a typed error.
    init(destination: URL) throws {
        self.destination = destination
        let folder = destination.deletingLastPathComponent()
        temporaryFile = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        descriptor = open(temporaryFile.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw AudioError.folderMissing(file: destination)
            case EACCES, EPERM, EROFS: throw AudioError.folderNotWritable(file: destination)
            default: throw AudioError.fileWriteFailed(file: destination, reason: Self.describe(code))
            }
        }
    }

    deinit { discard() }

    /// Appends `bytes` at the end of the file.
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        let descriptor = descriptor
        try transfer(bytes) { base, count, done in write(descriptor, base + done, count - done) }
    }

    /// Overwrites bytes at `offset`, as for a header whose sizes are known only at the end.
    func overwrite(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws {
        let descriptor = descriptor
        try transfer(bytes) { base, count, done in pwrite(descriptor, base + done, count - done, off_t(offset + done)) }
    }

    /// Flushes the file to disk and renames it over the destination.
    func commit() throws {
        guard descriptor >= 0 else { throw AudioError.fileWriteFailed(file: destination, reason: "it was already closed") }
        // fsync before rename: otherwise a power cut could leave the new name pointing at an empty file.
        let synced = fsync(descriptor) == 0 ? 0 : errno
        close(descriptor)
        descriptor = -1
        guard synced == 0 else { return try failAndDiscard(synced) }
        guard rename(temporaryFile.path, destination.path) == 0 else { return try failAndDiscard(errno) }
        isFinished = true
    }

    /// Closes and deletes the temporary file, leaving any existing destination untouched.
    func discard() {
        if isFinished { return }
        isFinished = true
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        unlink(temporaryFile.path)
    }

    private func transfer(_ bytes: UnsafeRawBufferPointer,
                          _ call: (UnsafeRawPointer, Int, Int) -> Int) throws {
        guard descriptor >= 0 else { throw AudioError.fileWriteFailed(file: destination, reason: "it was already closed") }
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let written = call(base, bytes.count, done)
            if written < 0 {
                if errno == EINTR { continue }
                throw AudioError.fileWriteFailed(file: destination, reason: Self.describe(errno))
            }
            done += written
        }
    }

    private func failAndDiscard(_ code: Int32) throws {
        discard()
        throw AudioError.fileWriteFailed(file: destination, reason: Self.describe(code))
    }

    private static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
