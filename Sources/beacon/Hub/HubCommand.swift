import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconHub
import BeaconHubServer
import BeaconRuntime
import BeaconServer
import BeaconStore
import Foundation
import Logging

/// `beacon hub`: the volunteers' hub a community runs, where people ask and sighted volunteers answer.
struct HubCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hub",
        abstract: "Run a volunteers' hub: people ask for help finding a thing, sighted volunteers mark it in their photos.",
        discussion: """
            Every piece of the hub's state is in PostgreSQL, so any number of 'beacon hub serve' on one database \
            behave as one hub. The database's address comes from --database or BEACON_HUB_DATABASE, e.g. \
            postgres://beacon:secret@db.example.org/beacon.

            Examples:
              beacon hub invite --volunteer    a one-time code for a volunteer
              beacon hub serve                 HTTPS on port 8444
              beacon hub members               who joined
              beacon hub block 7               member 7's token stops working
            """,
        subcommands: [Serve.self, Invite.self, Members.self, Block.self, Unblock.self, Remove.self],
        defaultSubcommand: Serve.self)

    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the hub's API until stopped (Ctrl-C); run as many as the community needs.",
            usage: "beacon hub serve [<options>]")

        @OptionGroup var database: HubDatabaseOptions

        @Flag(help: "Plain HTTP on 127.0.0.1 (loopback only: tests, or behind a TLS proxy on this machine).")
        var http = false

        @Option(help: "The port (default 8444 with HTTPS, 8081 with --http; 0 picks a free one).")
        var port: Int?

        @Option(help: "The address to listen on (default: every address with HTTPS, 127.0.0.1 with --http).")
        var host: String?

        @Option(help: "Where the HTTPS certificate is kept (default: ~/.local/share/beacon).")
        var dataDir: String?

        @Option(help: "Minutes a request nobody touches stays open, and a closed one is kept, before it is deleted (photos go when it closes).")
        var retention = 60

        func validate() throws {
            guard (1...10_080).contains(retention) else { throw ValidationError("--retention must be 1 to 10080 minutes (a week).") }
            if let port, !(0...65_535).contains(port) { throw ValidationError("--port must be between 0 and 65535.") }
            if http, let host, !ServeCommand.isLoopback(host) {
                throw ValidationError("--http serves plain HTTP on loopback only; leave out --host, or use HTTPS.")
            }
        }

        func run() async throws {
            let listenHost = host ?? (http ? "127.0.0.1" : "0.0.0.0")
            var configuration = HubServer.Configuration(host: listenHost, port: port ?? (http ? 8081 : 8444))
            var fingerprint: String?
            if !http {
                let folder = DataFolder.resolve(given: dataDir, environment: ProcessInfo.processInfo.environment)
                    .appendingPathComponent("hub", isDirectory: true)
                let certificate = try ServerCertificate.loadOrCreate(in: folder, hostnames: [LANAddress.hostname(), "localhost"],
                                                                     addresses: [LANAddress.first(), "127.0.0.1"].compactMap { $0 })
                configuration.tls = try certificate.tlsConfiguration()
                fingerprint = certificate.fingerprint
            }
            let scheme = http ? "http" : "https"
            let configured = configuration, shownFingerprint = fingerprint, retention = Duration.seconds(retention * 60)
            try await database.withDatabase { database in
                let server = HubServer(configuration: configured, database: database)
                let application = try server.application { port in
                    Console.line("The hub is serving on \(scheme)://\(listenHost):\(port)/")
                    if let shownFingerprint { Console.line("Certificate fingerprint (SHA-256): \(shownFingerprint)") }
                }
                let logger = Logger(label: "beacon.hub")
                try await withThrowingTaskGroup(of: Void.self) { group in
                    var maintenance = HubMaintenance(database: database)
                    maintenance.retention = retention
                    group.addTask { [maintenance] in await maintenance.run(logger: logger) }
                    group.addTask { await server.push.run(logger: logger) }
                    // The server ends on SIGINT/SIGTERM; the timers end with it.
                    defer { group.cancelAll() }
                    try await application.runService()
                }
            }
        }
    }

    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a one-time invitation code for a person or a volunteer (valid for a week).")

        @OptionGroup var database: HubDatabaseOptions

        @Flag(help: "The invitation is for someone who asks for help.")
        var person = false

        @Flag(help: "The invitation is for a sighted volunteer.")
        var volunteer = false

        func validate() throws {
            guard person != volunteer else { throw ValidationError("Say who it is for: --person or --volunteer.") }
        }

        func run() async throws {
            let role: HubRole = person ? .person : .volunteer
            let invitation = try await database.withDatabase { try await $0.invite(role) }
            Console.line("Invitation for a \(role.rawValue): \(invitation.code)")
            Console.line("It works once, until \(ISO8601DateFormatter().string(from: invitation.expires)).")
        }
    }

    struct Members: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the hub's members.")

        @OptionGroup var database: HubDatabaseOptions

        func run() async throws {
            let members = try await database.withDatabase { try await $0.members() }
            if members.isEmpty { Console.line("No members yet; make an invitation with 'beacon hub invite'.") }
            for member in members {
                Console.line("\(member.id): \(member.displayName), \(member.role.rawValue), "
                             + "\(member.languages.joined(separator: " "))\(member.blocked ? ", blocked" : "")")
            }
        }
    }

    struct Block: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop a member: their token stops working at once.")
        @OptionGroup var database: HubDatabaseOptions
        @Argument(help: "The member's number (see 'beacon hub members').") var member: Int

        func run() async throws {
            let id = member
            guard try await database.withDatabase({ try await $0.setBlocked(true, member: id) }) else {
                throw HubCommandError("No member \(id).")
            }
            Console.line("Member \(id) is blocked.")
        }
    }

    struct Unblock: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Let a blocked member back in.")
        @OptionGroup var database: HubDatabaseOptions
        @Argument(help: "The member's number.") var member: Int

        func run() async throws {
            let id = member
            guard try await database.withDatabase({ try await $0.setBlocked(false, member: id) }) else {
                throw HubCommandError("No member \(id).")
            }
            Console.line("Member \(id) may use the hub again.")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a member, with their open jobs and photos.")
        @OptionGroup var database: HubDatabaseOptions
        @Argument(help: "The member's number.") var member: Int

        func run() async throws {
            let id = member
            guard try await database.withDatabase({ try await $0.remove(member: id) }) else {
                throw HubCommandError("No member \(id).")
            }
            Console.line("Member \(id) is removed.")
        }
    }
}
