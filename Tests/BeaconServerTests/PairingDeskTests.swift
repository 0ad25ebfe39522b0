@testable import BeaconServer
import Foundation
import Synchronization
import Testing

@Suite struct PairingDeskTests {
    final class FakeClock: Sendable {
        let now = Mutex(0.0)
        func advance(_ seconds: Double) { now.withLock { $0 += seconds } }
        var read: @Sendable () -> Double { { self.now.withLock { $0 } } }
    }

    @Test func theCodeGivesATokenAndOnlyGivenTokensAreAdmitted() {
        let desk = PairingDesk(clock: { 0 })
        #expect(desk.code.count == 6 && desk.code.allSatisfy(\.isNumber))
        guard case .paired(let token) = desk.pair(code: desk.code, from: "10.0.0.2") else {
            Issue.record("the right code pairs")
            return
        }
        #expect(token.count == 43)
        #expect(desk.admits(token: token))
        #expect(!desk.admits(token: String(token.reversed())))
        #expect(!desk.admits(token: ""))
        guard case .paired(let second) = desk.pair(code: desk.code, from: "10.0.0.3") else { return }
        #expect(second != token, "every phone gets its own token")
    }

    @Test func wrongCodesAreLimitedPerAddressAndEndTheCodeAfterThirty() {
        let clock = FakeClock()
        let announced = Mutex<[String]>([])
        let desk = PairingDesk(clock: clock.read, onNewCode: { code in announced.withLock { $0.append(code) } })
        let wrong = desk.code == "000000" ? "000001" : "000000"
        for _ in 0..<5 { #expect(desk.pair(code: wrong, from: "10.0.0.9") == .wrongCode) }
        // The sixth try from that address waits, even with the right code; another address is not held up.
        #expect(desk.pair(code: desk.code, from: "10.0.0.9") == .tooManyTries(retryAfter: 60))
        clock.advance(30)
        #expect(desk.pair(code: wrong, from: "10.0.0.9") == .tooManyTries(retryAfter: 30))
        clock.advance(31)
        #expect(desk.pair(code: wrong, from: "10.0.0.9") == .wrongCode)

        let first = desk.code
        for index in 0..<24 { _ = desk.pair(code: wrong == first ? "999999" : wrong, from: "10.1.0.\(index)") }
        #expect(desk.code != first, "thirty wrong codes in all replace the code")
        #expect(announced.withLock { $0 } == [desk.code])
        #expect(desk.pair(code: first, from: "10.2.0.1") == .wrongCode, "the old code is gone")
    }
}
