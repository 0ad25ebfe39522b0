import ArgumentParser
import BeaconCommandLine
import BeaconAudio
import BeaconCore
import BeaconRuntime
import BeaconMedia
import BeaconServer
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve Beacon to a phone: its browser becomes the camera, microphone, speaker and motion sensor.",
        usage: "beacon serve [<options>]",
        discussion: """
            Open the address printed here on the phone (or scan the QR code), type the pairing code Beacon says, and \
            use the page like an app: Find, Read, Explore, Walk, Stop and Talk, with the same assistant as the \
            terminal. Add it to the home screen to start it full-screen. Frames stay in this machine's memory; nothing \
            is sent anywhere else.

            HTTPS by default, with a certificate Beacon makes on first run and keeps in the data folder: the phone's \
            browser warns once; check that the fingerprint it shows begins as Beacon says, then accept it.

            Deep links start a job at once, for Siri and Android shortcuts ("Open URL"):
              /find?object=cup   /find-text?text=EXIT   /read   /explore   /walk

            Examples:
              beacon serve
              beacon serve --port 9443 --model picodet_s_416_coco
              beacon serve --http --port 8080
                (plain HTTP on this machine only: tests, a desktop browser)
            """
    )

    @Flag(help: "Plain HTTP on 127.0.0.1 (loopback only: phones need HTTPS for the camera).")
    var http = false

    @Option(help: "The port (default 8443 with HTTPS, 8080 with --http; 0 picks a free one).")
    var port: Int?

    @Option(help: "The address to listen on (default: every address with HTTPS, 127.0.0.1 with --http).")
    var host: String?

    @Option(help: "Where settings, history and the HTTPS certificate are kept (default: ~/.local/share/beacon).")
    var dataDir: String?

    @Option(help: "Object detector: a model name or an .onnx file.")
    var model = DetectorSettings.defaultModel

    @Option(help: "The phone camera's horizontal field of view in degrees, for clock directions and distances.")
    var fieldOfView: Double = 60

    @Flag(help: "Do not say the pairing code on this machine's speaker; only print it.")
    var silent = false

    @Flag(help: "Forget every paired phone first: each must pair again with the new code.")
    var forgetPhones = false

    func validate() throws {
        if let port, !(0...65_535).contains(port) { throw ValidationError("--port must be between 0 and 65535.") }
        if http, let host, !Self.isLoopback(host) {
            throw ValidationError("--http serves plain HTTP on loopback only; leave out --host, or use HTTPS.")
        }
        guard (10...180).contains(fieldOfView) else { throw ValidationError("--field-of-view must be between 10 and 180 degrees.") }
    }

    static func isLoopback(_ host: String) -> Bool { host == "localhost" || host == "::1" || host.hasPrefix("127.") }

    func run() async throws {
        let voice = silent ? nil : MachineVoice()
        let lan = LANAddress.first()
        let listenHost = host ?? (http ? "127.0.0.1" : "0.0.0.0")
        let service = PhoneService(
            options: .init(dataDirectory: dataDir, host: listenHost, port: port ?? (http ? 8080 : 8443), https: !http,
                           certificateHostnames: [LANAddress.hostname(), "localhost"],
                           certificateAddresses: [lan, "127.0.0.1"].compactMap { $0 },
                           detector: DetectorSettings(model: model), fieldOfView: fieldOfView, forgetPhones: forgetPhones),
            transcript: StandardStreams(),
            onNewCode: { code in voice?.say("New pairing code: \(Self.spelled(code)).") })
        defer { service.endSessions() }
        let started = try await service.start()
        let scheme = http ? "http" : "https"
        let shownHost = listenHost == "0.0.0.0" ? (lan ?? "127.0.0.1") : listenHost
        let address = "\(scheme)://\(shownHost):\(started.port)/"
        Console.line("Beacon is serving on \(address)")
        Console.line("Pairing code: \(started.code)")
        if let lines = TerminalQRCode.lines(for: "\(address)?pair=\(started.code)"), isatty(STDOUT_FILENO) == 1 {
            lines.forEach(Console.line)
        }
        if let certificate = started.certificate {
            Console.line("Certificate fingerprint (SHA-256): \(certificate.fingerprint)")
        }
        var spoken = "Beacon is ready for your phone. Pairing code: \(Self.spelled(started.code))."
        if let certificate = started.certificate { spoken += " The certificate fingerprint begins \(certificate.spokenFingerprint)." }
        voice?.say(spoken)
        try await service.wait()
    }

    /// Digits said one by one, with pauses: "1, 2, 3, 4, 5, 6".
    static func spelled(_ code: String) -> String { code.map(String.init).joined(separator: ", ") }
}
