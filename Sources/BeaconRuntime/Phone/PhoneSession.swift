import BeaconAudio
import BeaconCore
import BeaconHubProtocol
import BeaconMedia
import BeaconServer
import BeaconStore
import Foundation

/// The assistant behind one phone: the same session, runner and live loop the terminal runs, with the phone's
/// camera as the frame source, its push-to-talk audio as the microphone, its motion and location as the IMU stream,
/// and the session's effects sent back as messages instead of played here.
public final class PhoneSession: PhoneSessionHandle, @unchecked Sendable {
    private let number: Int
    private let inbox = LiveInbox()
    private let frames: PhoneFrameSource
    private let microphone: PushedMicrophone
    private let sensors = PushedLines()
    private let outbox: PhoneOutbox
    private let lock = NSLock()
    private var speech: SpeechPlayback
    private var lastSampleTime = 0.0
    /// The phone's newest DeviceOrientation, sent with photos to helpers.
    private var orientation: DeviceOrientation?
    /// Signalled when the session's thread has finished (engines idle, sound rendered).
    public let finished = DispatchSemaphore(value: 0)

    public init(number: Int, speech: SpeechPlayback, job: String?, outbox: PhoneOutbox, host: PhoneSessionHost) throws {
        self.number = number
        self.speech = speech
        self.outbox = outbox
        microphone = PushedMicrophone(name: "phone \(number)")
        frames = PhoneFrameSource(name: "phone \(number)") { sentence in
            outbox.close(ProtocolViolation(.unsupportedData, sentence))
        }

        // The phone plays the session's sound itself: here it is rendered to nowhere, so speech still takes its time.
        let assembly = SessionAssembly(configuration: host.sessionConfiguration, settings: try host.store.settings(),
                                       clock: .wall, sound: .nowhere, speechHeard: true, store: host.store,
                                       options: .init(printJSON: false, printSpeech: false))
        let runner = try host.composition.runner(for: assembly, engines: host.engines, transcript: host.transcript)
        let output = runner.output
        runner.imu = IMUFeed(lines: sensors, pacing: .live)
        runner.webhook = WebhookSender(log: { [transcript = host.transcript] in transcript.note($0) })
        runner.helpers = host.composition.volunteersLink(store: host.store, transcript: host.transcript)
        runner.cameraOrientation = { [weak self] in self.flatMap { session in session.lock.withLock { session.orientation } } }
        runner.onEffect = { [unowned runner, outbox] effect in
            if case .modeChanged(let mode) = effect { outbox.send(.frames(frameRate: PhoneEffects.frameRate(for: mode))) }
            guard let message = PhoneEffects.message(for: effect, language: runner.session.settings.language) else { return }
            outbox.send(message)
        }
        output.onSpeech = { [weak self] audio in
            guard let self, lock.withLock({ self.speech }) == .server else { return }
            outbox.send(.speechAudio(wav: WAVFile.bytes(audio)))
        }
        let voice = { [host, microphone] (onEvent: @escaping @Sendable (VoiceInput.Event) -> Void) in
            host.composition.voiceInput(microphone: microphone, alwaysListening: false, loadsOnFirstTalk: true,
                                        engines: host.engines, onEvent: onEvent)
        }
        let loop = AssistantLiveLoop(runner: runner, source: frames, engines: host.engines, power: host.power, voice: voice,
                                     inbox: inbox, commands: .none, turns: host.turns)
        outbox.send(.welcome(session: number, frameRate: PhoneEffects.frameRate(for: .idle), speech: speech))
        if let job { inbox.post(.line(job)) }
        let settingsUnreadable = host.store.settingsWereUnreadable
        nonisolated(unsafe) let owned = loop // moves to the session's thread; nothing else touches it from here on
        // The thread keeps the session alive until it ends, so the host can wait for it after the phone is gone.
        let thread = Thread { [self, outbox] in
            let loop = owned
            defer { finished.signal() }
            do {
                try loop.run(settingsUnreadable: settingsUnreadable)
            } catch {
                let sentence = (error as? UserFacingError)?.sentence ?? "The session stopped: \(error)."
                host.transcript.note("beacon: phone \(number): \(sentence)")
                outbox.send(.error(sentence))
                outbox.close(ProtocolViolation(.goingAway, sentence))
            }
        }
        thread.name = "beacon-phone-\(number)"
        thread.start()
    }

    public func receive(_ message: PhoneMessage) {
        switch message {
        case .hello:
            break // the server refuses a second hello before it gets here
        case .command(let text):
            inbox.post(.line(text))
        case .talk(let started):
            // The microphone itself tells the recogniser a talk began, in step with its sound; the recogniser's
            // "listening" then says "Listening.", as the wake word does.
            if started {
                microphone.startTalk()
            } else {
                microphone.endTalk()
            }
        case .audio(let samples):
            microphone.push(samples)
        case let .frame(jpeg, number):
            frames.push(jpeg, number: number)
        case .motion(let samples):
            for sample in samples { sensors.push(sample.jsonLine) }
            if let last = samples.last { lock.withLock { lastSampleTime = last.t } }
        case let .location(latitude, longitude, _):
            let time = lock.withLock { lastSampleTime }
            sensors.push("{\"t\":\(time),\"lat\":\(latitude),\"lon\":\(longitude)}")
        case let .orientation(alpha, beta, gamma):
            // The camera's pitch comes from the motion samples' gravity; the angles go with photos to helpers.
            if let alpha, let beta, let gamma {
                lock.withLock { orientation = DeviceOrientation(heading: alpha, pitch: beta, roll: gamma) }
            }
        case .preferences(let playback):
            lock.withLock { speech = playback }
        }
    }

    public func end() {
        inbox.post(.hangUp)
        frames.finish()
        microphone.close()
        sensors.finish()
    }
}

/// Runs the assistant behind every paired phone, with one set of engines shared by all of them: detection and
/// reading take turns (`InferenceTurns`), and each phone's newest frame wins.
public final class PhoneSessionHost: PhoneSessionFactory, @unchecked Sendable {
    public let composition: Composition
    public let engines: AssistantEngines
    public let store: UserData
    public let power: any PowerSensor
    public let turns: InferenceTurns
    public let sessionConfiguration: AssistantSession.Configuration
    public let transcript: any Transcript

    public init(composition: Composition, engines: AssistantEngines, store: UserData, fieldOfView: Double,
         transcript: any Transcript) {
        self.transcript = transcript
        self.composition = composition
        self.engines = engines
        turns = InferenceTurns(lanes: engines.detectionLanes)
        self.store = store
        power = composition.powerSensor()
        var configuration = AssistantSession.Configuration()
        configuration.hasVoiceInput = true
        configuration.controls = .phone
        configuration.horizontalFieldOfView = fieldOfView
        configuration.speech.duckedGain = 1
        sessionConfiguration = configuration
    }

    private struct Running {
        public weak var session: PhoneSession?
    }

    private let lock = NSLock()
    /// Sessions are forgotten on their own once their thread ends, so a long day of phones coming and going leaves
    /// nothing behind.
    private var running: [Running] = []

    public func openSession(number: Int, speech: SpeechPlayback, job: String?, outbox: PhoneOutbox) throws -> any PhoneSessionHandle {
        do {
            let session = try PhoneSession(number: number, speech: speech, job: job, outbox: outbox, host: self)
            lock.withLock {
                running.removeAll { $0.session == nil }
                running.append(Running(session: session))
            }
            return session
        } catch let error as UserFacingError {
            throw ProtocolViolation(.goingAway, error.sentence)
        }
    }

    /// Ends every session and waits for their threads, so no inference is running when the process exits.
    public func endAll(within seconds: Double = 10) {
        let sessions = lock.withLock { running.compactMap(\.session) }
        for session in sessions { session.end() }
        let deadline = DispatchTime.now() + seconds
        for session in sessions where session.finished.wait(timeout: deadline) == .success {
            session.finished.signal()
        }
    }
}
