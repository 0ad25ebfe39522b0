import BeaconCore
import BeaconMedia
import BeaconServer
import BeaconStore
import Foundation

/// `beacon serve` without the terminal: the user's data, the pairing desk with the phones paired before, the HTTPS
/// certificate kept in the data folder, the phone server and the assistant behind each phone, composed from plain
/// values. The command prints and says what `start()` returns; a test runs the same service in its own process.
public final class PhoneService: @unchecked Sendable {
    public struct Options: Sendable {
        /// `--data-dir`; nil: the usual data folder.
        public var dataDirectory: String?
        public var host: String
        /// 0 picks a free port.
        public var port: Int
        /// False: plain HTTP (loopback only).
        public var https: Bool
        /// What the certificate made on first run names (made only with HTTPS).
        public var certificateHostnames: [String]
        public var certificateAddresses: [String]
        public var detector: DetectorSettings
        public var fieldOfView: Double
        /// Forget every paired phone first.
        public var forgetPhones: Bool
        /// Stop when the process gets SIGINT or SIGTERM (the command); a test stops the service itself.
        public var stopsOnSignals: Bool
        /// Where the server's own tasks run (requests, WebSocket reads and pings); nil: Swift's shared pool. A test
        /// process gives it a thread of its own, as synchronous tests there can hold every thread of that pool.
        public var executor: (any TaskExecutor)?

        public init(dataDirectory: String? = nil, host: String, port: Int, https: Bool,
                    certificateHostnames: [String] = ["localhost"], certificateAddresses: [String] = ["127.0.0.1"],
                    detector: DetectorSettings = DetectorSettings(), fieldOfView: Double = 60, forgetPhones: Bool = false,
                    stopsOnSignals: Bool = true, executor: (any TaskExecutor)? = nil) {
            self.dataDirectory = dataDirectory
            self.host = host
            self.port = port
            self.https = https
            self.certificateHostnames = certificateHostnames
            self.certificateAddresses = certificateAddresses
            self.detector = detector
            self.fieldOfView = fieldOfView
            self.forgetPhones = forgetPhones
            self.stopsOnSignals = stopsOnSignals
            self.executor = executor
        }
    }

    /// What a person needs to pair a phone, once the server listens.
    public struct Started: Sendable {
        public var port: Int
        public var code: String
        /// Nil with plain HTTP.
        public var certificate: ServerCertificate?
    }

    private let composition: Composition
    private let options: Options
    private let transcript: any Transcript
    private let onNewCode: @Sendable (String) -> Void
    private let lock = NSLock()
    private var pairing: PairingDesk?
    private var host: PhoneSessionHost?
    private var serving: Task<Void, any Error>?

    /// - Parameters:
    ///   - transcript: notes (files set aside, a phone that could not be kept) and the line saying a new code.
    ///   - onNewCode: called with each pairing code after the first (after too many wrong codes), after the line.
    public init(composition: Composition = Composition(), options: Options, transcript: any Transcript,
                onNewCode: @escaping @Sendable (String) -> Void = { _ in }) {
        self.composition = composition
        self.options = options
        self.transcript = transcript
        self.onNewCode = onNewCode
    }

    /// The code a phone must give now.
    public var code: String { lock.withLock { pairing?.code } ?? "" }

    /// Composes everything and starts listening; returns once the port is bound. Throws what keeps it from serving.
    public func start() async throws -> Started {
        let store = try composition.userData(dataDirectory: options.dataDirectory)
        for file in store.setAside { transcript.note("beacon: \(file.sentence)") }
        // Walk mode on a phone estimates depth from its camera (the monocular model), built when first asked for.
        // Phones' detections run side by side: one single-thread detector per core, or per `--threads` cores.
        let engines = composition.assistantEngines(detector: options.detector, depth: .model,
                                                   detectionLanes: options.detector.serverLanes)
        engines.taught = try composition.taughtLookout(store)
        engines.productsFolder = store.folder
        engines.warmUp(.objectDetector)

        // Paired phones stay paired across restarts: their token digests are kept with the settings.
        let phones = store.settingsStore.pairedPhones
        if options.forgetPhones { try phones.forgetAll() }
        let pairing = PairingDesk(paired: try phones.digests(), clock: { Monotonic.seconds() },
                                  onNewCode: { [transcript, onNewCode] code in
            transcript.line("Too many wrong codes: the pairing code is now \(code).")
            onNewCode(code)
        }, onPaired: { [transcript] digest in
            do {
                try phones.add(digest: digest)
            } catch {
                transcript.note("beacon: \((error as? UserFacingError)?.sentence ?? "\(error)") The phone is paired until Beacon stops.")
            }
        })
        let folder = composition.dataFolder(given: options.dataDirectory).appendingPathComponent("tls")
        let certificate = options.https ? try ServerCertificate.loadOrCreate(
            in: folder, hostnames: options.certificateHostnames, addresses: options.certificateAddresses) : nil
        let host = PhoneSessionHost(composition: composition, engines: engines, store: store, fieldOfView: options.fieldOfView,
                                    transcript: transcript)
        let server = PhoneServer(
            configuration: .init(host: options.host, port: options.port, certificate: certificate,
                                 encodePNG: { rgb, side in try PNGEncoder.encodeRGB(rgb, width: side, height: side) }),
            pairing: pairing, sessions: host)
        lock.withLock {
            self.pairing = pairing
            self.host = host
        }

        let (bound, announce) = AsyncStream<Int>.makeStream()
        let stopsOnSignals = options.stopsOnSignals
        let (listenHost, listenPort) = (options.host, options.port)
        // An unstructured task does not inherit the caller's executor preference, so it is passed on.
        let serving = Task(executorPreference: options.executor) {
            defer { announce.finish() }
            do {
                try await server.run(stopsOnSignals: stopsOnSignals) { port in announce.yield(port) }
            } catch let error as UserFacingError {
                throw error
            } catch {
                throw ServerError("Beacon could not serve on \(listenHost) port \(listenPort): \(error).")
            }
        }
        lock.withLock { self.serving = serving }
        var port: Int?
        for await first in bound {
            port = first
            break
        }
        guard let port else {
            // The server ended before it listened: its error says why.
            try await serving.value
            throw ServerError("The server stopped before it listened on \(options.host) port \(options.port).")
        }
        return Started(port: port, code: pairing.code, certificate: certificate)
    }

    /// Serves until the process is asked to stop (with `stopsOnSignals`) or `stop()` is called; throws what ended the
    /// server otherwise.
    public func wait() async throws {
        try await lock.withLock { serving }?.value
    }

    /// Stops listening and ends every phone's session, waiting for them so no inference runs after.
    public func stop() async {
        let serving = lock.withLock { self.serving }
        serving?.cancel()
        _ = await serving?.result
        endSessions()
    }

    /// Ends every phone's session (what `stop()` does after the server stopped).
    public func endSessions() {
        lock.withLock { host }?.endAll()
    }
}
