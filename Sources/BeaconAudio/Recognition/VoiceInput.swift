import BeaconCore
import Foundation

/// Voice commands from a microphone: push-to-talk (one utterance after the key) and, optionally, always
/// listening for "beacon …". Reads the microphone and decodes on a thread of its own and hands what it heard to
/// `onEvent`, on that thread.
///
/// Time is counted in samples read, not on the wall clock, so a recording fed as fast as it reads behaves as it
/// would live.
public final class VoiceInput: @unchecked Sendable {
    public enum Event: Sendable, Equatable {
        /// Listening for one command: after `pushToTalk()`, or after the wake word said alone.
        case listening
        /// A command was heard; `words` are what the recogniser matched.
        case heard(ParsedInput, words: String)
        /// Something was said to Beacon that is no command. `sayAgain` is true only for the first rejection since
        /// the last command or key press, so Beacon says "Sorry, say that again." at most once; after that first
        /// one it listens for the command again (as after the key), after the second it stops listening.
        case rejected(words: String, sayAgain: Bool)
        /// Nothing was said within the push-to-talk window.
        case timedOut
        /// The microphone failed or the recording ended; nothing more will come.
        case ended(RecognitionError?)
    }

    /// How long a push-to-talk window waits for speech to start.
    public static let defaultWindowSeconds = 5.0

    public let alwaysListening: Bool
    public let windowSeconds: Double
    private let microphone: any Microphone
    /// Built on the voice thread (loading the model takes a moment no one should wait for) and used only there.
    private var recognizer: (any UtteranceRecognizer)!
    private let makeRecognizer: () throws -> any UtteranceRecognizer
    /// Changes when the names the grammar should know change (a thing taught or forgotten): the recogniser is then
    /// built again, between utterances, so "find my keys" is heard right after teaching them, not next start.
    private let vocabularyVersion: (@Sendable () -> Int)?
    private var builtForVersion: Int?
    private let loadsOnFirstTalk: Bool
    private let onEvent: @Sendable (Event) -> Void

    private let lock = NSLock()
    private var pushes = 0
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    // Voice-thread state.
    private var samplesRead = 0
    /// Sample count until which speech may start and be taken as a command; nil: no window open.
    private var windowEnd: Int?
    private var pushesSeen = 0
    private var apologised = false

    /// - Parameters:
    ///   - alwaysListening: also act on "beacon" followed by a command at any time; speech without the wake word is
    ///     ignored without a word.
    ///   - onEvent: called on the voice thread for everything heard.
    public convenience init(microphone: any Microphone, recognizer: any UtteranceRecognizer, alwaysListening: Bool = false,
                windowSeconds: Double = VoiceInput.defaultWindowSeconds,
                onEvent: @escaping @Sendable (Event) -> Void) {
        self.init(microphone: microphone, makeRecognizer: { recognizer }, alwaysListening: alwaysListening,
                  windowSeconds: windowSeconds, onEvent: onEvent)
    }

    /// - Parameter makeRecognizer: called once, on the voice thread, before the microphone is read; a key pressed
    ///   meanwhile is remembered. Its error ends voice input with `.ended(error)`.
    ///   With `loadsOnFirstTalk` (push to talk only) it is built when the talk key is first pressed instead: a
    ///   server with many phones, most of which never talk, then keeps no model for them (tens of MiB each).
    /// - Parameter vocabularyVersion: read before each chunk; when it differs from its value at the last build,
    ///   `makeRecognizer` is called again once no one is speaking.
    public init(microphone: any Microphone, makeRecognizer: @escaping () throws -> any UtteranceRecognizer,
                vocabularyVersion: (@Sendable () -> Int)? = nil,
                alwaysListening: Bool = false, windowSeconds: Double = VoiceInput.defaultWindowSeconds,
                loadsOnFirstTalk: Bool = false, onEvent: @escaping @Sendable (Event) -> Void) {
        self.loadsOnFirstTalk = loadsOnFirstTalk && !alwaysListening
        self.microphone = microphone
        self.makeRecognizer = makeRecognizer
        self.vocabularyVersion = vocabularyVersion
        self.alwaysListening = alwaysListening
        self.windowSeconds = windowSeconds
        self.onEvent = onEvent
    }

    /// Starts the voice thread. Starting twice does nothing.
    public func start() {
        lock.withLock {
            guard thread == nil else { return }
            let thread = Thread { [self] in
                run()
                finished.signal()
            }
            thread.name = "beacon-voice"
            self.thread = thread
            thread.start()
        }
    }

    /// The push-to-talk key: listen for one command, for up to `windowSeconds` until speech starts.
    public func pushToTalk() {
        lock.withLock { pushes += 1 }
    }

    /// Stops listening and waits for the voice thread to end (within one chunk of audio). Not from `onEvent`,
    /// which runs on that thread.
    public func stop() {
        microphone.close()
        let started = lock.withLock { thread != nil }
        if started { finished.wait(); finished.signal() }
    }

    private func run() {
        do {
            if !loadsOnFirstTalk { try loadRecognizer() }
            while let chunk = try microphone.read() {
                try rebuildIfTheVocabularyChanged()
                let pushed = lock.withLock { pushes } + microphone.talksStarted
                if pushed != pushesSeen {
                    pushesSeen = pushed
                    apologised = false
                    // What is said meanwhile waits in the microphone, and is heard once the model is there.
                    if recognizer == nil { try loadRecognizer() }
                    try openWindow()
                }
                samplesRead += chunk.count
                guard alwaysListening || windowEnd != nil else { continue } // push-to-talk only: nothing to hear
                for utterance in try recognizer.process(chunk) { try handle(utterance) }
                if let end = windowEnd, samplesRead > end, !recognizerIsHearingSpeech(since: end) {
                    try closeWindow()
                    onEvent(.timedOut)
                }
            }
            if recognizer != nil, let last = try recognizer.finish() { try handle(last) }
            onEvent(.ended(nil))
        } catch let error as RecognitionError {
            onEvent(.ended(error))
        } catch {
            onEvent(.ended(.decoderFailed(reason: "\(error)")))
        }
    }

    private func loadRecognizer() throws {
        builtForVersion = vocabularyVersion?()
        recognizer = try makeRecognizer()
        recognizer.mode = alwaysListening ? .wakeWord : .command
    }

    /// A new grammar for new names, never in the middle of an utterance; an open window stays open.
    private func rebuildIfTheVocabularyChanged() throws {
        guard recognizer != nil, recognizer.speechStart == nil, let version = vocabularyVersion?(),
              version != builtForVersion else { return }
        let mode = recognizer.mode
        try loadRecognizer()
        recognizer.mode = mode
    }

    private func openWindow(announce: Bool = true) throws {
        // Whatever was being said when the key went down is not the command.
        try recognizer.reset()
        recognizer.mode = .command
        windowEnd = samplesRead + Int(windowSeconds * Double(CommandRecognizer.sampleRate))
        if announce { onEvent(.listening) }
    }

    private func closeWindow() throws {
        windowEnd = nil
        try recognizer.reset()
        recognizer.mode = alwaysListening ? .wakeWord : .command
    }

    /// Whether speech that began before the window's end is still going on (it may finish as a command).
    private func recognizerIsHearingSpeech(since end: Int) -> Bool {
        guard let start = recognizer.speechStart else { return false }
        return start <= Double(end) / Double(CommandRecognizer.sampleRate)
    }

    private func handle(_ utterance: RecognizedUtterance) throws {
        // Speech is for Beacon when a window is open, or when it began with the wake word.
        // Without a window the recogniser listens for the wake word, and rejects what does not start with it as
        // `noWakeWord` (or hears nothing, or too much): only a rejection after "beacon" was said to Beacon.
        let addressed: Bool
        switch utterance.verdict {
        case .rejected(.notACommand), .rejected(.unparsable): addressed = true
        default: addressed = windowEnd != nil
        }
        switch utterance.verdict {
        case .command(let command):
            if windowEnd != nil { try closeWindow() }
            apologised = false
            onEvent(.heard(.command(command), words: utterance.words))
        case .wakeWord:
            try openWindow()
        case .rejected where addressed:
            // "Sorry, say that again." invites the command once more, so listen for it without the wake word or
            // the key; a second miss closes the window silently.
            let retry = !apologised
            apologised = true
            onEvent(.rejected(words: utterance.words, sayAgain: retry))
            if retry {
                try openWindow(announce: false)
            } else if windowEnd != nil {
                try closeWindow()
            }
        case .rejected:
            break // conversation, or noise, not meant for Beacon
        }
    }
}
