import BeaconCore
import Foundation
import GRDB

/// What can go wrong keeping the user's data, each said as one sentence. None of these loses data: a file that cannot
/// be read is set aside (`SetAsideFile`) rather than reported here; these are the failures where Beacon cannot even
/// do that, or cannot write.
public enum StoreError: Error, Sendable, Hashable, UserFacingError {
    case folderUnusable(URL, reason: String)
    case cannotOpen(URL, reason: String)
    case cannotRead(URL, reason: String)
    case cannotWrite(URL, reason: String)
    case cannotSetAside(URL, reason: String)
    case keyUnusable(URL, reason: String)

    public var sentence: String {
        switch self {
        case let .folderUnusable(folder, reason):
            "Beacon cannot keep its data in \(folder.path): \(reason)."
        case let .cannotOpen(file, reason):
            "Beacon cannot open \(file.path): \(reason)."
        case let .cannotRead(file, reason):
            "Beacon cannot read \(file.path): \(reason)."
        case let .cannotWrite(file, reason):
            "Beacon cannot write to \(file.path): \(reason); nothing was changed."
        case let .cannotSetAside(file, reason):
            "Beacon cannot read \(file.path) and cannot move it aside either: \(reason)."
        case let .keyUnusable(file, reason):
            "Beacon cannot use the history key \(file.path): \(reason)."
        }
    }

    /// A short reason for an error from SQLite or the file system, without a trailing full stop.
    static func reason(_ error: any Error) -> String {
        let text: String
        if let database = error as? DatabaseError {
            switch database.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED: text = "another program is using it; try again in a moment"
            case .SQLITE_FULL: text = "the disk is full"
            case .SQLITE_READONLY, .SQLITE_PERM: text = "it is read-only"
            case .SQLITE_CANTOPEN: text = "it cannot be opened; check the folder exists and is writable"
            default: text = database.message ?? "\(database.resultCode)"
            }
        } else if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError,
                  underlying.domain == NSPOSIXErrorDomain {
            text = String(cString: strerror(Int32(underlying.code))).lowercased()
        } else {
            text = error.localizedDescription
        }
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
