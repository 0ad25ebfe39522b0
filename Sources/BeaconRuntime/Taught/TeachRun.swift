import BeaconCore
import BeaconMedia
import BeaconStore
import BeaconVision
import Foundation

/// `beacon teach`: learns a person's thing from pictures of it (embeddings kept in the data folder, never the
/// pictures), lists what was learned, or forgets it.
public struct TeachRun {
    public enum Action: Sendable {
        case teach(name: String, images: [String])
        /// From a video file or a camera, guided as the assistant guides: views while it is held up and turned, then
        /// put down elsewhere (`TeachingSession`).
        case teachFromVideo(name: String, input: String?, camera: String?)
        case list
        case forget(String)
    }

    public var action: Action
    public var dataDirectory: String?
    public var detector: DetectorSettings

    public init(_ action: Action, dataDirectory: String? = nil, detector: DetectorSettings = DetectorSettings()) {
        self.action = action
        self.dataDirectory = dataDirectory
        self.detector = detector
    }

    /// The assistant's sentences, so a typed `beacon teach` and a spoken "teach my keys" say the same.
    private static let book = Phrasebook(), words = TaughtPhrases()

    public func run(composition: Composition, transcript: any Transcript) throws {
        let store = try composition.settingsStore(dataDirectory: dataDirectory).taughtObjects
        let book = Self.book, words = Self.words
        switch action {
        case .list:
            let things = try store.names().map { TaughtSummary(name: $0.name, views: $0.views) }
            transcript.line(words.learnedList(things, in: book) ?? "Nothing learned yet.")
        case .forget(let said):
            let name = PersonalName.withoutDeterminer(said)
            let removed = try store.forget(name: name)
            transcript.line(removed == 0 ? book.say(words.neverTaught, ["name": name])
                            : book.say(words.forgotten, ["name": TaughtObjectStore.displayName(name)]).capitalizedFirst)
        case .teach(let said, let images):
            let name = PersonalName.withoutDeterminer(said)
            let detector = try composition.detector(detector)
            let embedder = try composition.imageEmbedder()
            let views = TeachingViews()
            let decoder = ImageDecoder()
            var kept = TaughtLesson()
            for path in images {
                let label = URL(fileURLWithPath: path).lastPathComponent
                // One unreadable picture is said and the others still teach.
                guard let frame = Self.decode(path, with: decoder, transcript: transcript) else { continue }
                let outcome = try views.learn(from: frame, detector: detector, embedder: embedder, kept: &kept)
                if let remark = words.remark(for: outcome) { transcript.line("\(label): " + book.say(remark)) }
            }
            try keep(kept, as: name, in: store, transcript: transcript)
        case .teachFromVideo(let said, let input, let camera):
            let name = PersonalName.withoutDeterminer(said)
            // Views already kept under the name, so a run that added none is told apart from one that did.
            let views = { try store.names().filter { $0.name.lowercased() == name.lowercased() }.map(\.views).reduce(0, +) }
            let before = try views()
            try teach(name, input: input, camera: camera, composition: composition, transcript: transcript)
            if try views() <= before { throw NothingLearned(name: name) }
        }
    }

    /// Teaching from a video or a camera is a job of the one session, so it is guided exactly as "teach my keys" is
    /// (the same views kept, the same advice and earcons); what it says is printed, a kept view shown.
    private func teach(_ name: String, input: String?, camera: String?, composition: Composition,
                       transcript: any Transcript) throws {
        // Built now, so a missing model is one sentence before anything starts.
        _ = try composition.detector(detector)
        _ = try composition.imageEmbedder()
        let source = try composition.frameSource(input: input, camera: camera)
        let data = try composition.userData(dataDirectory: dataDirectory)
        let engines = composition.assistantEngines(detector: detector, depth: nil)
        engines.taught = try composition.taughtLookout(data)
        var configuration = AssistantSession.Configuration()
        configuration.job = .teach(name: name)
        let clock = SessionAssembly.clock(camera: camera != nil, realtime: false, atTerminal: false)
        let assembly = SessionAssembly(configuration: configuration, clock: clock, sound: .nowhere,
                                       options: .init(printJSON: false, printSpeech: true))
        let runner = try composition.runner(for: assembly, engines: engines, transcript: transcript)
        try runner.runToEnd(source: source, clock: clock, power: composition.powerSensor(), keyboard: -1)
    }

    private func keep(_ lesson: TaughtLesson, as name: String, in store: TaughtObjectStore, transcript: any Transcript) throws {
        guard !lesson.views.isEmpty else { throw NothingLearned(name: name) }
        let stored = try store.add(name: name, lesson: lesson)
        let count = lesson.views.count
        let sentence = Self.book.say(Self.words.learned(views: count), ["name": stored, "count": String(count)])
        transcript.line(sentence.capitalizedFirst)
    }
}

extension TeachRun {
    static func decode(_ path: String, with decoder: ImageDecoder, transcript: any Transcript) -> Frame? {
        switch Result(catching: { () throws(MediaError) -> Frame in try decoder.decode(contentsOf: URL(fileURLWithPath: path)) }) {
        case .success(let frame): return frame
        case .failure(let error):
            transcript.note("beacon: \(error.sentence)")
            return nil
        }
    }
}

public struct NothingLearned: UserFacingError {
    public var name: String
    public var sentence: String { "Nothing learned for \(name): no picture showed it clearly; try again closer, in good light." }
}
