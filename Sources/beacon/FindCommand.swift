import ArgumentParser
import BeaconCore
import BeaconVision
import Foundation

struct FindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Look for an object and say where it is whenever that changes.",
        discussion: """
            For each processed frame Beacon prints whether the object is visible and where it is from the middle
            of the picture: left or right, up or down, or "centred" within a tenth of the middle. It speaks only
            when that changes: "Cup, right." … "Centred." … "Cup lost."
            Examples:
              beacon find cup --camera /dev/video0
              beacon find "my phone" --input kitchen.mp4 --wav spoken.wav
            A camera can also be an FFmpeg test source: --camera lavfi:testsrc2=size=640x480:rate=15
            """
    )

    @Argument(help: "What to find, in everyday words: cup, mug, phone, chair, people, …")
    var object: String

    @Option(help: "A video or image file to search.")
    var input: String?

    @Option(help: "A camera device, e.g. /dev/video0.")
    var camera: String?

    @Option(help: "Write what Beacon says to this WAV file instead of the audio device.")
    var wav: String?

    @Flag(help: "Do not speak; only print.")
    var silent = false

    @Flag(help: "Print one JSON line per frame instead of sentences.")
    var json = false

    @Option(help: "Stop after this many frames (useful with a camera).")
    var frames: Int?

    @OptionGroup var detector: DetectorOptions

    @Option(help: "espeak-ng voice for speech.")
    var voice = "en"

    func validate() throws {
        guard (input == nil) != (camera == nil) else {
            throw ValidationError("Give exactly one of --input FILE or --camera DEVICE.")
        }
        if let frames, frames < 1 { throw ValidationError("--frames must be 1 or more.") }
        if silent && wav != nil { throw ValidationError("--silent and --wav cannot be used together.") }
    }

    func run() throws {
        let composition = Composition()
        let detector = try composition.detector(detector)
        let vocabulary = ObjectVocabulary(labels: detector.labels)
        let resolution = vocabulary.resolve(object)
        guard case let .found(classIndex) = resolution else {
            throw CannotLookFor(sentence: vocabulary.answer(for: object, resolution) ?? "Beacon cannot look for that.")
        }
        let label = detector.labels[classIndex]
        let source = try composition.frameSource(input: input, camera: camera)
        let speaker = try silent ? nil : Speaker(sink: composition.speechSink(wav: wav), voice: voice,
                                                 followsTimestamps: wav != nil)
        var search = ObjectSearch(target: label, classIndex: classIndex)
        var processed = 0
        var failure: Error?
        do {
            while let frame = try source.nextFrame() {
                let update = search.observe(try detector.detect(frame), frame: frame.index, timestamp: frame.timestamp)
                if json { try Console.json(update) } else { Console.line(Self.describe(update, label: label)) }
                if let speech = update.speech { try speaker?.say(speech, at: frame.timestamp) }
                processed += 1
                if let frames, processed >= frames { break }
            }
        } catch {
            failure = error
        }
        // Whatever was said so far is kept, even when the video turns out to be damaged.
        try speaker?.finish()
        if let failure { throw failure }
        if processed == 0 { throw EmptySource(name: source.name) }
    }

    static func describe(_ update: ObjectSearch.Update, label: String) -> String {
        let time = String(format: "%6.2f s", update.timestamp)
        var text: String
        if update.visible, let direction = update.direction, let x = update.x, let y = update.y {
            text = "\(time)  \(label) visible, \(direction) (x \(String(format: "%.2f", x)), y \(String(format: "%.2f", y)))"
        } else {
            text = "\(time)  \(label) not visible"
        }
        if let speech = update.speech { text += "  says \"\(speech)\"" }
        return text
    }
}

/// An object Beacon cannot look for, with the short helpful answer the vocabulary gave.
struct CannotLookFor: UserFacingError {
    let sentence: String
}

struct EmptySource: UserFacingError {
    let name: String
    var sentence: String { "\(name) gave no pictures to search." }
}
