import Crypto
import Foundation

/// Who may use this Beacon: a phone pairs once with the six-digit code the machine says and prints, and from then on
/// shows the token it was given. Only digests of tokens are kept. Failed attempts are limited per address, and
/// after too many in all the code itself is replaced, so guessing a million codes is not a plan.
public final class PairingDesk: @unchecked Sendable {
    public enum Outcome: Sendable, Equatable {
        case paired(token: String)
        case wrongCode
        /// Too many wrong codes from this address lately; try again after this many seconds.
        case tooManyTries(retryAfter: Int)
    }

    public struct Limits: Sendable {
        /// Wrong codes allowed from one address within `window` seconds.
        public var failuresPerAddress = 5
        public var window = 60.0
        /// Wrong codes from everyone before the code is replaced.
        public var failuresBeforeNewCode = 30

        public init() {}
    }

    private let lock = NSLock()
    private var currentCode: String
    private var tokenDigests: Set<String> = []
    private var failures: [String: [Double]] = [:]
    private var failuresSinceNewCode = 0
    private let limits: Limits
    private let clock: @Sendable () -> Double
    private let onNewCode: @Sendable (String) -> Void
    private let onPaired: @Sendable (String) -> Void

    /// - Parameters:
    ///   - paired: digests of the tokens given before (kept by the caller), so paired phones stay paired.
    ///   - clock: seconds, for the rate limit (monotonic in use; a test can drive it).
    ///   - onNewCode: called with each code after the first, so it is printed and said again.
    ///   - onPaired: called with each new token's digest, for the caller to keep.
    public init(paired: Set<String> = [], limits: Limits = Limits(), clock: @escaping @Sendable () -> Double,
                onNewCode: @escaping @Sendable (String) -> Void = { _ in },
                onPaired: @escaping @Sendable (String) -> Void = { _ in }) {
        tokenDigests = paired
        self.limits = limits
        self.clock = clock
        self.onNewCode = onNewCode
        self.onPaired = onPaired
        currentCode = Self.newCode()
    }

    /// The code a phone must give now.
    public var code: String { lock.withLock { currentCode } }

    public func pair(code given: String, from address: String) -> Outcome {
        let (outcome, replacement, digest): (Outcome, String?, String?) = lock.withLock {
            let now = clock()
            var recent = (failures[address] ?? []).filter { now - $0 < limits.window }
            if recent.count >= limits.failuresPerAddress, let oldest = recent.first {
                failures[address] = recent
                return (.tooManyTries(retryAfter: max(1, Int((limits.window - (now - oldest)).rounded(.up)))), nil, nil)
            }
            // Compared as digests, so the time taken says nothing about how many digits were right.
            guard Self.digest(given) == Self.digest(currentCode) else {
                recent.append(now)
                failures[address] = recent
                failuresSinceNewCode += 1
                guard failuresSinceNewCode >= limits.failuresBeforeNewCode else { return (.wrongCode, nil, nil) }
                failuresSinceNewCode = 0
                currentCode = Self.newCode()
                return (.wrongCode, currentCode, nil)
            }
            failures[address] = nil
            let token = Self.newToken()
            let digest = Self.digest(token)
            tokenDigests.insert(digest)
            return (.paired(token: token), nil, digest)
        }
        if let replacement { onNewCode(replacement) }
        if let digest { onPaired(digest) }
        return outcome
    }

    /// Whether this token was given to a paired phone.
    public func admits(token: String) -> Bool {
        let digest = Self.digest(token)
        return lock.withLock { tokenDigests.contains(digest) }
    }

    static func newCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(format: "%06d", Int.random(in: 0..<1_000_000, using: &generator))
    }

    /// 32 random bytes, base64url without padding: 43 characters.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    public static func digest(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
