import BeaconAudio
import BeaconCore
import BeaconMedia
import AsyncHTTPClient
import Foundation
import NIOCore

/// Carries out the emergency effects: POSTs each message as JSON to its webhook on a thread of its own, retrying
/// with growing pauses while the network or the receiver is down, and reports back what was delivered.
///
/// Once per fall: a message is keyed by its fall number and kind, and a repeat is ignored. A fall withdrawn before
/// its message got through is never sent; one withdrawn after is followed by its all-clear. Every attempt that
/// fails is logged on stderr; the session hears of the first failure only.
public final class WebhookSender: @unchecked Sendable {
    public struct Backoff: Sendable {
        /// Seconds before the second attempt; each pause after is `factor` times longer, up to `longest`.
        public var first = 2.0
        public var factor = 2.0
        public var longest = 60.0
        /// How long one attempt may take.
        public var attemptTimeout = 10.0

        public init(first: Double = 2, factor: Double = 2, longest: Double = 60, attemptTimeout: Double = 10) {
            self.first = first
            self.factor = factor
            self.longest = longest
            self.attemptTimeout = attemptTimeout
        }
    }

    private struct Job {
        var message: EmergencyMessage
        var webhook: String
        var attempts = 0
        var nextAttempt = 0.0
        var key: Key { Key(fall: message.fall, kind: message.kind) }
    }

    private struct Key: Hashable {
        public var fall: Int
        public var kind: EmergencyMessage.Kind
    }

    private let backoff: Backoff
    private let log: @Sendable (String) -> Void
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var inFlight: Key?
    private var seen: Set<Key> = []
    private var delivered: Set<Key> = []
    /// All-clears of withdrawn falls, sent once the fall's own message is through (never, if it never was).
    private var withdrawn: [Int: Job] = [:]
    private var reports: [EmergencyDelivery] = []
    private var stopped = false
    private var thread: Thread?

    public init(backoff: Backoff = Backoff(), log: @escaping @Sendable (String) -> Void) {
        self.backoff = backoff
        self.log = log
    }

    public func handle(_ effect: EmergencyEffect) {
        condition.withLock {
            switch effect {
            case .send(let message, let webhook):
                let job = Job(message: message, webhook: webhook, nextAttempt: Monotonic.seconds())
                guard !seen.contains(job.key) else { return }
                seen.insert(job.key)
                jobs.append(job)
                log("beacon: emergency message for fall \(message.fall): sending to \(webhook).")
            case .withdraw(let fall, let allClear, let webhook):
                let fallKey = Key(fall: fall, kind: .fall)
                let clear = Job(message: allClear, webhook: webhook, nextAttempt: Monotonic.seconds())
                if delivered.contains(fallKey) {
                    if !seen.contains(clear.key) {
                        seen.insert(clear.key)
                        jobs.append(clear)
                    }
                } else {
                    jobs.removeAll { $0.key == fallKey }
                    withdrawn[fall] = clear
                    if inFlight != fallKey { log("beacon: emergency message for fall \(fall) withdrawn before it was sent.") }
                }
            }
            startIfNeeded()
            condition.broadcast()
        }
    }

    /// What happened since the last call, for the session.
    public func takeReports() -> [EmergencyDelivery] {
        condition.withLock {
            defer { reports = [] }
            return reports
        }
    }

    /// True while a message waits to be delivered.
    public var isBusy: Bool { condition.withLock { !jobs.isEmpty || inFlight != nil } }

    /// Waits up to `seconds` for every waiting message to go out; false when some did not.
    public func finish(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        return condition.withLock {
            while !jobs.isEmpty || inFlight != nil {
                if !condition.wait(until: deadline) { return false }
            }
            return true
        }
    }

    public func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    // MARK: - The sending thread

    private func startIfNeeded() {
        guard thread == nil else { return }
        let thread = Thread { [self] in run() }
        thread.name = "beacon-webhook"
        self.thread = thread
        thread.start()
    }

    private func run() {
        while let job = nextJob() {
            let outcome = Self.post(job.message, to: job.webhook, timeout: backoff.attemptTimeout)
            finished(job, outcome)
        }
    }

    /// The next job whose time has come; waits for one. Nil when stopped.
    private func nextJob() -> Job? {
        condition.withLock {
            while !stopped {
                let now = Monotonic.seconds()
                if let index = jobs.indices.min(by: { jobs[$0].nextAttempt < jobs[$1].nextAttempt }) {
                    if jobs[index].nextAttempt <= now {
                        let job = jobs.remove(at: index)
                        inFlight = job.key
                        return job
                    }
                    _ = condition.wait(until: Date().addingTimeInterval(jobs[index].nextAttempt - now))
                } else {
                    condition.wait()
                }
            }
            return nil
        }
    }

    private func finished(_ job: Job, _ outcome: Result<Void, WebhookError>) {
        condition.withLock {
            defer {
                inFlight = nil
                condition.broadcast()
            }
            switch outcome {
            case .success:
                delivered.insert(job.key)
                reports.append(.delivered(fall: job.message.fall, kind: job.message.kind))
                log("beacon: emergency message (\(job.message.kind.rawValue)) for fall \(job.message.fall) delivered.")
                // Withdrawn while this attempt was under way: the all-clear follows.
                if job.message.kind == .fall, var clear = withdrawn.removeValue(forKey: job.message.fall) {
                    clear.nextAttempt = Monotonic.seconds()
                    seen.insert(clear.key)
                    jobs.append(clear)
                }
            case .failure(let error):
                var retry = job
                retry.attempts += 1
                let pause = min(backoff.longest, backoff.first * pow(backoff.factor, Double(retry.attempts - 1)))
                retry.nextAttempt = Monotonic.seconds() + pause
                log("beacon: \(error.sentence) Trying again in \(Int(pause.rounded(.up))) s.")
                if retry.attempts == 1 { reports.append(.failing(fall: job.message.fall, sentence: error.sentence)) }
                // A fall withdrawn while this attempt failed is dropped, as if never sent.
                if job.message.kind == .fall, withdrawn[job.message.fall] != nil { return }
                jobs.append(retry)
            }
        }
    }

    /// One POST of the message as JSON; any 2xx status is delivery. AsyncHTTPClient, not URLSession: in the test
    /// suite FoundationNetworking's URLSession (libcurl) corrupted the heap now and then on failed connections.
    public static func post(_ message: EmergencyMessage, to webhook: String, timeout: Double) -> Result<Void, WebhookError> {
        guard URL(string: webhook) != nil else { return .failure(WebhookError(webhook: webhook, reason: "the address is not valid")) }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let body = try? encoder.encode(message) else {
            return .failure(WebhookError(webhook: webhook, reason: "the message could not be written"))
        }
        // The future's own wait, on this (the sender's) thread: a Task would need a thread of the cooperative pool,
        // which blocking callers (the tests, on 2 cores) can starve.
        let answer = AnswerBox()
        do {
            let request = try HTTPClient.Request(url: webhook, method: .POST,
                                                 headers: ["Content-Type": "application/json"], body: .bytes(body))
            let response = try HTTPClient.shared.execute(request: request,
                                                         deadline: .now() + .milliseconds(Int64(timeout * 1000))).wait()
            answer.set(status: Int(response.status.code), error: nil)
        } catch {
            answer.set(status: nil, error: error)
        }
        let (status, error) = answer.get()
        if let error {
            let timedOut = (error as? HTTPClientError) == .deadlineExceeded || (error as? HTTPClientError) == .readTimeout
            return .failure(WebhookError(webhook: webhook, reason: timedOut ? "no answer within \(Int(timeout)) s"
                                                                             : "it could not be reached"))
        }
        guard let status, (200..<300).contains(status) else {
            return .failure(WebhookError(webhook: webhook, reason: "it answered HTTP \(status.map(String.init) ?? "nothing")"))
        }
        return .success(())
    }

    private final class AnswerBox: @unchecked Sendable {
        private let lock = NSLock()
        private var status: Int?
        private var error: (any Error)?

        public func set(status: Int?, error: (any Error)?) {
            lock.withLock {
                self.status = status
                self.error = error
            }
        }

        public func get() -> (Int?, (any Error)?) { lock.withLock { (status, error) } }
    }
}

public struct WebhookError: UserFacingError {
    public let webhook: String
    public let reason: String
    public var sentence: String { "Emergency message not delivered to \(webhook): \(reason)." }
}
