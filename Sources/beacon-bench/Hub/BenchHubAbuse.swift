import AsyncHTTPClient
import BeaconCommandLine
import BeaconHub
import BeaconRuntime
import Foundation
import NIOHTTP1

/// One address sending bad requests at a steady rate while the simulated people and volunteers go on: wrong
/// invitation codes, forged tokens, malformed bodies, more requests for help than a person may open, jobs that are
/// not the caller's, photos that are not JPEGs. What the hub answered is counted by status; the rate limits hold when
/// no more joins and requests for help got through than they allow.
struct BenchAttacker: Sendable {
    let http: HTTPClient
    let bases: [String]
    /// A real person's token, for the calls that need one to get past signing in.
    let token: String
    let rate: Int

    /// What the hub answered the attacker, for the report.
    actor Tally {
        private(set) var statuses: [Int: Int] = [:]
        private(set) var unanswered = 0
        private(set) var sent = 0
        /// Joins and requests for help the hub accepted (201).
        private(set) var joined = 0
        private(set) var posted = 0

        func count(_ kind: Int, status: Int?) {
            sent += 1
            guard let status else {
                unanswered += 1
                return
            }
            statuses[status, default: 0] += 1
            if status == 201 && kind == 0 { joined += 1 }
            if status == 201 && kind == 3 { posted += 1 }
        }
    }

    /// Sends `rate` requests a second until cancelled, each on a task of its own (at most 2 s each), so a slow
    /// answer does not slow the attack.
    func run(tally: Tally) async {
        await withTaskGroup(of: Void.self) { group in
            var number = 0
            let interval = Duration.seconds(1) / max(1, rate)
            var next = ContinuousClock.now
            while !Task.isCancelled {
                let kind = number % 6, base = bases[number % bases.count]
                number += 1
                group.addTask {
                    let status = try? await self.send(kind, on: base)
                    await tally.count(kind, status: status)
                }
                next += interval
                try? await Task.sleep(until: next, clock: .continuous)
            }
            group.cancelAll()
        }
    }

    private func send(_ kind: Int, on base: String) async throws -> Int {
        let forged = String(repeating: "A", count: 43)
        let (route, job, token, body, type): (HubRoute, Int?, String?, [UInt8]?, String) = switch kind {
        case 0: (.join, nil, nil, Array(#"{"code":"WRONGCODE0000000","name":"Mallory"}"#.utf8), "application/json")
        case 1: (.offers, nil, forged, nil, "application/json")
        case 2: (.postJob, nil, self.token, Array(#"{"object":"#.utf8), "application/json")
        case 3: (.postJob, nil, self.token, Array(#"{"object":"keys","language":"en"}"#.utf8), "application/json")
        case 4: (.showJob, 999_999_999, self.token, nil, "application/json")
        default: (.addPhoto, 999_999_999, self.token, Array("not a photo".utf8), "image/jpeg")
        }
        let method: HTTPMethod = route.method == .post ? .POST : .GET
        return try await VolunteersClient.send(route.url(on: base, job: job), method, token: token, body: body,
                                               type: body == nil ? nil : type, timeout: .seconds(2), client: http).status
    }
}
