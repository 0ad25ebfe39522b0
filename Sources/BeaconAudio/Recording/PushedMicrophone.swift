import BeaconCore
import Foundation

/// A microphone whose sound arrives from elsewhere (a phone's push-to-talk audio over the network), 16 kHz mono.
///
/// It behaves like a live microphone: between talks it delivers silence at the pace of time, so the recogniser's
/// windows open and close as they would at a desk. During a talk it waits for the sound that was sent, and never
/// fills the gaps between network chunks with made-up silence, which would cut words apart.
public final class PushedMicrophone: Microphone, @unchecked Sendable {
    public let name: String
    private let condition = NSCondition()
    private var queued: [Int16] = []
    private var talking = false
    private var talksRequested = 0
    private var talksDelivered = 0
    private var closed = false
    private static let silenceChunk = CommandRecognizer.sampleRate / 10

    public init(name: String) {
        self.name = name
    }

    /// A talk begins: sound follows until `endTalk`. The recogniser opens its window with the next chunk it reads.
    public func startTalk() {
        condition.withLock {
            talking = true
            talksRequested += 1
            condition.broadcast()
        }
    }

    public func push(_ samples: [Int16]) {
        condition.withLock {
            guard !closed else { return }
            queued += samples
            // A phone that sends faster than time passes is not a microphone: keep the newest 10 s at most.
            let limit = 10 * CommandRecognizer.sampleRate
            if queued.count > limit { queued.removeFirst(queued.count - limit) }
            condition.broadcast()
        }
    }

    /// The talk ended: what was sent is still read, then silence as time passes.
    public func endTalk() {
        condition.withLock {
            talking = false
            condition.broadcast()
        }
    }

    public func read() throws -> [Int16]? {
        condition.withLock {
            let deadline = Date().addingTimeInterval(talking ? 1.0 : 0.1)
            while !closed && queued.isEmpty {
                if !condition.wait(until: deadline) { break }
            }
            if closed { return nil }
            talksDelivered = talksRequested
            if queued.isEmpty { return [Int16](repeating: 0, count: Self.silenceChunk) }
            defer { queued.removeAll(keepingCapacity: true) }
            return queued
        }
    }

    public var talksStarted: Int {
        condition.withLock { talksDelivered }
    }

    public func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }
}
