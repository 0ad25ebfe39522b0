import ArgumentParser
import BeaconHub
import BeaconRuntime
import Foundation
import Logging
import NIOHTTP1

/// `beacon bench hub`: a person and a volunteer on two hub instances of one database, round after round.
struct BenchHubCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hub",
        abstract: "Time a request for help through two hub instances on one database; --kill-one kills one mid-request.",
        usage: "beacon bench hub --database <url> [<options>]",
        discussion: """
            Starts two 'beacon hub serve --http' processes on the database (a scratch database: the bench adds \
            members and jobs). Each round the person asks and sends a photo through the first instance; the \
            volunteer sees the offer, takes it, fetches the photo and marks it through the second; the person reads \
            the mark through the first. Prints the median and p95 of each step.

            With --kill-one, the first instance is killed (SIGKILL) half way, while a request is open with its photo: \
            the person goes on through the second instance, and the request must be marked and read there.
            """)

    @Option(help: "The hub's PostgreSQL database (default: $BEACON_HUB_DATABASE).")
    var database: String?

    @Option(help: "Requests to time.")
    var rounds = 20

    @Flag(help: "Kill the first instance half way, while a request is open.")
    var killOne = false

    func validate() throws {
        guard rounds >= 2 else { throw ValidationError("--rounds must be 2 or more.") }
    }

    func run() async throws {
        let options = try HubCommand.DatabaseOptions.parse(database.map { ["--database", $0] } ?? [])
        let address = try options.address()
        // A person may open 20 requests an hour (the hub's limit), so the bench brings a new person every 15.
        let people = (rounds + 14) / 15
        let (personCodes, volunteer) = try await options.withDatabase { database in
            var codes: [String] = []
            for _ in 0..<people { codes.append(try await database.invite(.person).code) }
            return (codes, try await database.invite(.volunteer).code)
        }
        let first = try HubProcess(database: database ?? "", address: address)
        defer { first.stop() }
        let second = try HubProcess(database: database ?? "", address: address)
        defer { second.stop() }
        Console.line("Two hub instances on \(address.host):\(address.port): \(first.base) and \(second.base)")

        let client = BenchHubClient()
        var personTokens: [String] = []
        for code in personCodes { personTokens.append(try await client.join(first.base, code: code, name: "Bench person")) }
        let volunteerToken = try await client.join(second.base, code: volunteer, name: "Bench volunteer")
        let photo = [UInt8]([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 40_000) + [0xFF, 0xD9])

        var steps: [String: [Double]] = [:]
        @discardableResult
        func time<T>(_ step: String, _ body: () async throws -> T) async throws -> T {
            let start = ContinuousClock.now
            let value = try await body()
            steps[step, default: []].append((ContinuousClock.now - start).milliseconds)
            return value
        }
        var personBase = first.base
        for round in 0..<rounds {
            let personToken = personTokens[round / 15]
            let job = try await time("ask") { try await client.ask(personBase, token: personToken) }
            try await time("offer seen by the volunteer") {
                try await client.waitFor { try await client.offers(second.base, token: volunteerToken).contains(job) }
            }
            try await time("take") { try await client.post(second.base, "api/jobs/\(job)/take", token: volunteerToken) }
            try await time("photo sent (40 kB)") { try await client.photo(personBase, job: job, bytes: photo, token: personToken) }
            if killOne && round == rounds / 2 {
                first.kill()
                personBase = second.base
                Console.line("Round \(round + 1): killed the first instance with request \(job) open; the person goes on through the second.")
            }
            try await time("photo fetched by the volunteer") {
                try await client.get(second.base, "api/jobs/\(job)/photos/1", token: volunteerToken)
            }
            try await time("mark") {
                try await client.post(second.base, "api/jobs/\(job)/marks", token: volunteerToken,
                                      json: #"{"photo":1,"x":0.3,"y":0.6}"#)
            }
            try await time("mark read by the person") {
                try await client.waitFor { try await client.markCount(personBase, job: job, token: personToken) > 0 }
            }
            try await client.post(personBase, "api/jobs/\(job)/close", token: personToken)
            if killOne && round == rounds / 2 { Console.line("Request \(job) was marked and read through the second instance.") }
        }
        Console.line("Hub bench, \(rounds) requests, median and p95 in ms:")
        for step in ["ask", "offer seen by the volunteer", "take", "photo sent (40 kB)", "photo fetched by the volunteer",
                     "mark", "mark read by the person"] {
            let values = steps[step] ?? []
            Console.line("  " + step.padding(toLength: 32, withPad: " ", startingAt: 0)
                         + String(format: " %7.1f %7.1f", percentile(values, 0.5), percentile(values, 0.95)))
        }
    }
}

/// One `beacon hub serve --http --port 0` child process.
final class HubProcess: @unchecked Sendable {
    let process = Process()
    private(set) var base = ""

    init(database: String, address: HubDatabaseAddress) throws {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["hub", "serve", "--http", "--port", "0"] + (database.isEmpty ? [] : ["--database", database])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while !text.contains("\n") && Date() < deadline && process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let url = text.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines), url.hasPrefix("http") else {
            stop()
            throw HubCommandError("A hub instance did not start: \(text.isEmpty ? "no output" : text)")
        }
        base = url
    }

    func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    func stop() {
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
    }
}

/// The few calls the bench makes, on AsyncHTTPClient.
struct BenchHubClient {
    func join(_ base: String, code: String, name: String) async throws -> String {
        let reply = try await call(base + "api/join", .POST, token: nil, body: Array(#"{"code":"\#(code)","name":"\#(name)"}"#.utf8))
        guard let token = reply["token"] as? String else { throw HubCommandError("Joining the hub failed: \(reply)") }
        return token
    }

    func ask(_ base: String, token: String) async throws -> Int {
        let reply = try await call(base + "api/jobs", .POST, token: token, body: Array(#"{"object":"keys"}"#.utf8))
        guard let id = reply["id"] as? Int else { throw HubCommandError("Asking failed: \(reply)") }
        return id
    }

    func offers(_ base: String, token: String) async throws -> [Int] {
        let (status, data) = try await raw(base + "api/offers", .GET, token: token)
        guard status == 200, let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.compactMap { $0["id"] as? Int }
    }

    func markCount(_ base: String, job: Int, token: String) async throws -> Int {
        let reply = try await call(base + "api/jobs/\(job)", .GET, token: token)
        return (reply["marks"] as? [Any])?.count ?? 0
    }

    func photo(_ base: String, job: Int, bytes: [UInt8], token: String) async throws {
        _ = try await call(base + "api/jobs/\(job)/photos", .POST, token: token, body: bytes, type: "image/jpeg")
    }

    @discardableResult
    func post(_ base: String, _ path: String, token: String, json: String = "{}") async throws -> [String: Any] {
        try await call(base + path, .POST, token: token, body: Array(json.utf8))
    }

    func get(_ base: String, _ path: String, token: String) async throws {
        let (status, _) = try await raw(base + path, .GET, token: token)
        guard status == 200 else { throw HubCommandError("GET \(path) answered \(status).") }
    }

    /// Polls `condition` every 20 ms for up to 10 s.
    func waitFor(_ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw HubCommandError("The hub did not show the change within 10 seconds.")
    }

    private func call(_ url: String, _ method: HTTPMethod, token: String?, body: [UInt8]? = nil,
                      type: String = "application/json") async throws -> [String: Any] {
        let (status, data) = try await raw(url, method, token: token, body: body, type: type)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        guard (200..<300).contains(status) else {
            throw HubCommandError("\(method) \(url) answered \(status): \(object["error"] ?? "no reason given")")
        }
        return object
    }

    private func raw(_ url: String, _ method: HTTPMethod, token: String?, body: [UInt8]? = nil,
                     type: String = "application/json") async throws -> (Int, Data) {
        try await HelpersClient.send(url, method, token: token, body: body, type: body == nil ? nil : type,
                                     timeout: .seconds(10), limit: 1 << 22)
    }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
