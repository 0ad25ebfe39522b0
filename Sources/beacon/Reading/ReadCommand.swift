import ArgumentParser
import BeaconCore
import BeaconMedia
import BeaconVision
import Foundation

struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read aloud the page the camera points at, sentence by sentence.",
        discussion: """
            From a camera or video Beacon waits for a steady, sharp picture (a short sound says capture started),
            reads it, and keeps only the block of text under the middle of the picture, so the facing page of an
            open book is read without the other one. Sentences are read in order, columns first, in the voice of
            their language (English, Russian or Chinese). Every sentence is also printed.

            Keys while it reads in a terminal:
              n       next sentence (or line)
              b       previous one; reading pauses at its end
              space   pause, or go on from the word where it paused
              f       fast or normal speed
              s, Esc  stop

            Examples:
              beacon read --camera /dev/video0
              beacon read --input letter.jpg --wav letter.wav
              beacon read --input book.png --whole-frame --lines
              beacon read --input letter.jpg --realtime      # keys work while a file is read
            """
    )

    @Option(help: "An image or video file to read.")
    var input: String?

    @Option(help: "A camera device, e.g. /dev/video0.")
    var camera: String?

    @Flag(help: "Read every line in the picture, not only the block of text under its middle.")
    var wholeFrame = false

    @Flag(help: "Read line by line instead of sentence by sentence.")
    var lines = false

    @Option(help: "Language of the text: auto, en, ru or zh (decides which reader runs and which voice speaks).")
    var language = "auto"

    @Option(help: "Write the speech to this WAV file instead of the audio device.")
    var wav: String?

    @Flag(help: "No sound; only print.")
    var silent = false

    @Flag(help: "Read at the pace of speech with the keys working, also from a file or into a WAV file.")
    var realtime = false

    @Flag(help: "Print one JSON record with the lines and the sentences instead of reading aloud.")
    var json = false

    @Option(help: "Give up waiting for a steady, sharp picture after this many frames.")
    var maxFrames = 150

    @Option(help: "From a camera or video, capture again at most this many times in all while the text looks unsure.")
    var maxCaptures = 3

    @OptionGroup var ocr: PPOCROptions

    func validate() throws {
        guard (input == nil) != (camera == nil) else {
            throw ValidationError("Give exactly one of --input FILE or --camera DEVICE.")
        }
        guard ReadingLanguage(setting: language) != nil else { throw ValidationError("--language must be auto, en, ru or zh.") }
        if silent && wav != nil { throw ValidationError("--silent and --wav cannot be used together.") }
        guard maxFrames >= 1 else { throw ValidationError("--max-frames must be 1 or more.") }
        guard maxCaptures >= 1 else { throw ValidationError("--max-captures must be 1 or more.") }
    }

    func run() throws {
        let composition = Composition()
        let readingLanguage = ReadingLanguage(setting: language)!
        let reader = try composition.textReader(ocr, language: readingLanguage)
        let source = try composition.frameSource(input: input, camera: camera)
        // Keys need the wall clock: a WAV file is otherwise written at the sound's own pace, faster than speech.
        let keys = (camera != nil && wav == nil) || realtime ? TerminalKeys() : nil
        defer { keys?.restore() }

        let destination = MixerOutput.destination(wav: wav, wantsDevice: !silent && !json)
        let output = try MixerOutput(destination: destination, voice: "en", speaks: !json)

        // A camera or video captures again while the block under the centre is in doubt; a still image has no
        // second frame, so its one reading is read whatever its verdict.
        var attempts = PageCaptureAttempts<PageText>(maximumCaptures: maxCaptures)
        var chosen: PageText?
        while chosen == nil, let frame = try PageCapture(maximumFrames: maxFrames).capture(from: source, onStart: {
            output.play(Earcon(kind: .start), at: 0)
        }) {
            let page = PageText(reading: try reader.read(frame), frameWidth: frame.width, frameHeight: frame.height,
                                wholeFrame: wholeFrame, mode: lines ? .lines : .sentences, language: readingLanguage)
            if case .read(let best) = attempts.consider(page, selection: page.selection) { chosen = best }
        }
        guard let page = chosen ?? attempts.bestReading else { throw NoSteadyPicture(name: source.name) }
        if json {
            try Console.json(page.record)
            try output.finish()
            return
        }
        if page.units.isEmpty {
            switch page.ifEmpty {
            case .noText: Console.note("No text found in \(source.name).")
            case .unreadableText:
                Console.note("The text in \(source.name) is in a script Beacon cannot read yet; it reads English, Russian and Chinese.")
            }
        } else if EmptyPage.isEvidence(page.unreadable) {
            // What can be read is read; the rest is only mentioned.
            Console.note("Some of the text in \(source.name) is in a script Beacon cannot read yet.")
        }
        let loop = ReaderLoop(output: output, keys: keys, onUnit: { Console.line($0.text) })
        try loop.read(page.units, ifEmpty: page.ifEmpty)
        try output.finish()
    }
}

/// What a page says, from the recognised lines: the central block (unless the whole frame is wanted), in reading
/// order, cut into sentences or lines, each with its language.
struct PageText {
    var selection: CentralBlockSelection?
    var orderedLines: [TextLine]
    var units: [ReadingUnit]
    /// What the recogniser saw and could not read.
    var unreadable: [UnreadableText]

    init(reading: TextReading, frameWidth: Int, frameHeight: Int, wholeFrame: Bool, mode: ReadingMode, language: ReadingLanguage) {
        let aspectRatio = Double(frameWidth) / Double(max(1, frameHeight))
        let lines = reading.lines
        unreadable = reading.unreadable
        var kept = lines
        if !wholeFrame {
            let selection = CentralBlockClustering().select(from: lines, frameAspectRatio: aspectRatio)
            self.selection = selection
            kept = selection.lines
        }
        orderedLines = ReadingOrder(frameAspectRatio: aspectRatio).sorted(kept)
        units = ReadingUnit.units(from: orderedLines, mode: mode).map { unit in
            guard case .fixed(let fixed) = language else { return unit }
            var unit = unit
            unit.language = fixed
            return unit
        }
    }

    /// Why there is nothing to read, when there is nothing.
    var ifEmpty: EmptyPage { EmptyPage(unreadable: unreadable) }

    struct Record: Encodable {
        var verdict: String?
        var lines: [TextLine]
        var units: [String]
        var languages: [String]
        var unreadable: [UnreadableText]
    }

    var record: Record {
        Record(verdict: selection?.verdict.rawValue, lines: orderedLines, units: units.map(\.text),
               languages: units.map { ($0.language ?? .english).rawValue }, unreadable: unreadable)
    }
}

/// Picks the picture to read: a still image as it is; from a video or camera the first steady, sharp frame, relaxing
/// the sharpness it asks for after each failed round (see `FrameSelector`).
struct PageCapture {
    var maximumFrames: Int

    func capture(from source: FrameSource, onStart: () -> Void) throws -> Frame? {
        var meter = SharpnessMeter()
        var selector = FrameSelector<Frame>()
        var seen = 0
        while seen < maximumFrames, let frame = try source.nextFrame() {
            seen += 1
            for effect in selector.handle(.frame(frame, meter.measure(frame), timestamp: frame.timestamp)) {
                switch effect {
                case .captureStarted: onStart()
                case .accept(let chosen, _): return chosen
                case .gaveUp: return nil
                }
            }
        }
        for effect in selector.handle(.sourceEnded) {
            if case .accept(let chosen, _) = effect { return chosen }
        }
        return nil
    }
}

struct NoSteadyPicture: UserFacingError {
    let name: String
    var sentence: String { "No steady, sharp picture to read from \(name); hold the camera still over the page." }
}
