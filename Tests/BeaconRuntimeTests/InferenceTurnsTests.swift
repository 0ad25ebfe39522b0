import BeaconCore
import Foundation
import Testing
@testable import BeaconRuntime
import BeaconTestDoubles

/// Turns at the shared engines: how many run at once, in which order, and when a search may look closer.
@Suite("Inference turns")
struct InferenceTurnsTests {
    /// Waits (up to 10 s) until `condition` holds; false if it never did.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 10)
        while !condition() {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return true
    }

    final class Order: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String] = []
        func add(_ name: String) { lock.withLock { names.append(name) } }
        var all: [String] { lock.withLock { names } }
    }

    @Test("Two lanes grant two turns at once; the third waits, and those waiting go in the order they asked")
    func twoLanesInOrder() throws {
        let turns = InferenceTurns(lanes: 2)
        turns.acquire()
        turns.acquire()
        #expect(turns.waiting == 0)
        let order = Order()
        let done = DispatchGroup()
        for (index, name) in ["third", "fourth"].enumerated() {
            done.enter()
            Thread {
                turns.acquire()
                order.add(name)
                turns.release()
                done.leave()
            }.start()
            // Each asks only once the one before is in line, so the order they asked in is known.
            #expect(Self.eventually { turns.waiting == index + 1 })
        }
        #expect(order.all.isEmpty, "both lanes are held")
        turns.release()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(order.all == ["third", "fourth"])
        turns.release()
        #expect(turns.waiting == 0)
    }

    @Test("A search looks closer only in a turn that came at once with nobody waiting behind it")
    func closerLookOnlyWithSpareTurns() throws {
        let turns = InferenceTurns(lanes: 1)
        let asked = Order()
        let worker = DetectorWorker(detect: { _, lookCloser in
            asked.add(lookCloser ? "closer" : "full frame")
            return []
        }, turns: turns)
        defer { worker.stop() }

        // Nobody else: the closer look is taken.
        worker.offer(RecordedFrames.frame(0), at: 0, lookCloser: true)
        _ = try worker.drain()
        #expect(asked.all == ["closer"])

        // Another session holds the lane and a third waits behind the worker: the worker's turn skips the tiles.
        turns.acquire()
        worker.offer(RecordedFrames.frame(1), at: 0, lookCloser: true)
        #expect(Self.eventually { turns.waiting == 1 })
        let third = DispatchGroup()
        third.enter()
        Thread {
            turns.acquire()
            turns.release()
            third.leave()
        }.start()
        #expect(Self.eventually { turns.waiting == 2 })
        turns.release()
        _ = try worker.drain()
        #expect(third.wait(timeout: .now() + 10) == .success)
        #expect(asked.all == ["closer", "full frame"])
    }
}
