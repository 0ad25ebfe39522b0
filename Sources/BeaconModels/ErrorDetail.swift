import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Short, human descriptions of underlying errors for the parenthesis in a `ModelError` sentence.
enum ErrorDetail {
    static func describe(_ error: any Error) -> String {
        // Foundation wraps the system's reason (e.g. "Not a directory") inside a generic CocoaError; unwrap it.
        if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? any Error {
            return describe(underlying)
        }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        let bridged = error as NSError
        if bridged.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(bridged.code))) }
        let text = bridged.localizedDescription
        return text.isEmpty ? String(describing: error) : text
    }
}
