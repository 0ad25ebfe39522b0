import Foundation

/// Collects what a progress reporter writes; the lock makes it safe to hand to a @Sendable closure.
final class Transcript: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func append(_ piece: String) { lock.withLock { text += piece } }
    var value: String { lock.withLock { text } }
}
