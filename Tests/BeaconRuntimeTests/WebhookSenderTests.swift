import BeaconCore
import Foundation
import Testing
@testable import BeaconRuntime
import BeaconAudio
import BeaconMedia
import BeaconTestSupport

/// The emergency message's sender against a real HTTP server on loopback: delivered once per fall, retried while
/// the receiver is down, withdrawn when cancelled in time, followed by an all-clear when not.
@Suite(.serialized) struct WebhookSenderTests {
    static func message(_ kind: EmergencyMessage.Kind = .fall, fall: Int = 1) -> EmergencyMessage {
        EmergencyMessage(kind: kind, fall: fall, time: Date(timeIntervalSince1970: 1_800_000_000),
                         location: EmergencyLocation(latitude: 55.7558, longitude: 37.6173),
                         text: "Beacon: a fall was detected.", language: .english)
    }

    static let quick = WebhookSender.Backoff(first: 0.05, factor: 2, longest: 0.4, attemptTimeout: 2)

    /// Collects what the sender logs.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// Waits until the sender has reported `count` deliveries; every report.
    static func reports(_ sender: WebhookSender, until count: Int) -> [EmergencyDelivery] {
        var reports: [EmergencyDelivery] = []
        let deadline = Date().addingTimeInterval(30)
        while reports.filter({ if case .delivered = $0 { true } else { false } }).count < count, Date() < deadline {
            reports += sender.takeReports()
            Thread.sleep(forTimeInterval: 0.02)
        }
        return reports
    }

    @Test func theMessageArrivesAsJSONOnceThoughSentTwice() throws {
        let server = try LoopbackWebhook()
        try server.start()
        defer { server.stop() }
        let sender = WebhookSender(backoff: Self.quick, log: { _ in })
        defer { sender.stop() }
        sender.handle(.send(Self.message(), webhook: server.url))
        sender.handle(.send(Self.message(), webhook: server.url))
        #expect(Self.reports(sender, until: 1) == [.delivered(fall: 1, kind: .fall)])
        #expect(sender.finish(within: 10))
        let received = server.messages
        #expect(received.count == 1)
        let body = try #require(received.first)
        #expect(body["kind"] as? String == "fall" && body["fall"] as? Int == 1 && body["language"] as? String == "en")
        #expect(body["time"] as? String == "2027-01-15T08:00:00Z")
        #expect(body["text"] as? String == "Beacon: a fall was detected.")
        let location = try #require(body["location"] as? [String: Any])
        #expect(location["latitude"] as? Double == 55.7558 && location["text"] as? String == "55.75580, 37.61730")
    }

    @Test func whileTheReceiverIsDownItRetriesQuietlyAndDeliversOnceItIsUp() throws {
        let server = try LoopbackWebhook() // reserved, not listening yet
        defer { server.stop() }
        let log = Log()
        let sender = WebhookSender(backoff: Self.quick, log: log.add)
        defer { sender.stop() }
        sender.handle(.send(Self.message(), webhook: server.url))
        // Wait for a few failed attempts, then start the receiver.
        let deadline = Date().addingTimeInterval(30)
        while log.all.filter({ $0.contains("not delivered") }).count < 3, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let failures = sender.takeReports()
        #expect(failures.count == 1, "the session hears of the trouble once: \(failures)")
        if case .failing(1, let sentence)? = failures.first {
            #expect(sentence.hasPrefix("Emergency message not delivered to \(server.url):"))
        } else {
            Issue.record("\(failures)")
        }
        try server.start()
        #expect(Self.reports(sender, until: 1) == [.delivered(fall: 1, kind: .fall)])
        #expect(server.messages.count == 1)
        #expect(log.all.filter { $0.contains("not delivered") }.count >= 3)
    }

    @Test func aFallWithdrawnBeforeItGotThroughIsNeverSent() throws {
        let server = try LoopbackWebhook()
        defer { server.stop() }
        let sender = WebhookSender(backoff: Self.quick, log: { _ in })
        defer { sender.stop() }
        sender.handle(.send(Self.message(), webhook: server.url))
        Thread.sleep(forTimeInterval: 0.2)
        sender.handle(.withdraw(fall: 1, allClear: Self.message(.allClear), webhook: server.url))
        // The attempt under way keeps trying to connect until its own timeout; once that has run out, the receiver
        // comes up, and nothing may reach it.
        Thread.sleep(forTimeInterval: Self.quick.attemptTimeout + 0.5)
        try server.start()
        #expect(sender.finish(within: 10))
        Thread.sleep(forTimeInterval: 0.5) // any retry still scheduled would come in this time
        #expect(server.bodies.isEmpty)
    }

    @Test func aFallWithdrawnAfterDeliveryIsFollowedByItsAllClearAndEachFallIsItsOwn() throws {
        let server = try LoopbackWebhook()
        try server.start()
        defer { server.stop() }
        let sender = WebhookSender(backoff: Self.quick, log: { _ in })
        defer { sender.stop() }
        sender.handle(.send(Self.message(), webhook: server.url))
        _ = Self.reports(sender, until: 1)
        sender.handle(.withdraw(fall: 1, allClear: Self.message(.allClear), webhook: server.url))
        sender.handle(.send(Self.message(fall: 2), webhook: server.url))
        let received = server.wait(for: 3)
        #expect(received.map { "\($0["kind"]!) \($0["fall"]!)" }.sorted() == ["all-clear 1", "fall 1", "fall 2"])
    }
}
