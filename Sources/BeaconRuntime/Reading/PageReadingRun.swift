import BeaconAudio
import BeaconCore
import BeaconMedia
import Foundation

/// `read` on its own: capture a page from a photo, a video or a camera, read it, and say it sentence by sentence
/// (or print it as one JSON record).
public struct PageReadingRun {
    public var input: String?
    public var camera: String?
    public var wholeFrame = false
    public var lines = false
    public var language = ReadingLanguage.automatic
    public var wav: String?
    public var silent = false
    public var realtime = false
    public var json = false
    public var maxFrames = 150
    public var maxCaptures = 3
    public var text = TextReaderSettings()
    /// The terminal single keys come from (the command line gives standard input; tests a pseudo-terminal); -1:
    /// none.
    public var keyboard: Int32 = -1

    public init(input: String?, camera: String?, wholeFrame: Bool = false, lines: Bool = false,
                language: ReadingLanguage = .automatic, wav: String? = nil, silent: Bool = false, realtime: Bool = false,
                json: Bool = false, maxFrames: Int = 150, maxCaptures: Int = 3, text: TextReaderSettings = TextReaderSettings()) {
        self.input = input
        self.camera = camera
        self.wholeFrame = wholeFrame
        self.lines = lines
        self.language = language
        self.wav = wav
        self.silent = silent
        self.realtime = realtime
        self.json = json
        self.maxFrames = maxFrames
        self.maxCaptures = maxCaptures
        self.text = text
    }

    public func run(composition: Composition, transcript: any Transcript) throws {
        let reader = try composition.textReader(text, language: language, pageLayout: true)
        let source = try composition.frameSource(input: input, camera: camera)
        // Keys need the wall clock: a WAV file is otherwise written at the sound's own pace, faster than speech.
        let clock = SessionAssembly.clock(camera: camera != nil, realtime: realtime, atTerminal: isatty(keyboard) == 1,
                                          recording: wav != nil)
        // The output plays the capture's start earcon before the session that reads the page exists.
        let output = try composition.output(to: MixerOutput.destination(wav: wav, wantsDevice: !silent && !json), voice: "en",
                                            speaks: !json)

        // A camera or video captures again while the block under the centre is in doubt; a still image has no
        // second frame, so its one reading is read whatever its verdict.
        var attempts = PageCaptureAttempts<PageText>(maximumCaptures: maxCaptures)
        var chosen: PageText?
        while chosen == nil {
            var capture = PageCapture(maximumFrames: maxFrames)
            guard let frame = try capture.capture(from: source, onStart: { output.play(Earcon(kind: .start), at: 0) })
            else { break }
            let page = PageText(reading: try reader.read(frame), frameWidth: frame.width, frameHeight: frame.height,
                                wholeFrame: wholeFrame, mode: lines ? .lines : .sentences, language: language)
            if case .read(let best) = attempts.consider(page, selection: page.selection) { chosen = best }
        }
        guard let page = chosen ?? attempts.bestReading else { throw NoSteadyPicture(name: source.name) }
        if json {
            try transcript.json(page.record)
            try output.finish()
            return
        }
        if page.units.isEmpty {
            switch page.ifEmpty {
            case .noText: transcript.note("No text found in \(source.name).")
            case .unreadableText:
                transcript.note("The text in \(source.name) is in a script Beacon cannot read yet; it reads English, Russian and Chinese.")
            }
        } else if EmptyPage.isEvidence(page.unreadable) {
            // What can be read is read; the rest is only mentioned.
            transcript.note("Some of the text in \(source.name) is in a script Beacon cannot read yet.")
        }
        // The page is read by the assistant's session started with it as its job: sentence by sentence, each
        // printed as it starts, keys (n, b, space, f, s) at any time when live.
        var configuration = AssistantSession.Configuration()
        configuration.job = .read(page.units, ifEmpty: page.ifEmpty)
        let assembly = SessionAssembly(configuration: configuration, clock: clock, sound: .nowhere, voice: "en",
                                       options: .init(printJSON: false, printSpeech: true))
        let runner = try composition.runner(for: assembly, engines: composition.readingEngines(reader),
                                            transcript: transcript, output: output)
        try runner.runToEnd(source: nil, clock: clock, power: composition.powerSensor(), keyboard: keyboard)
    }
}
