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
            let detector = try composition.detector(detector)
            let embedder = try composition.imageEmbedder()
            let source = try composition.frameSource(input: input, camera: camera)
            let views = try Self.watch(source, teaching: name, detector: detector, embedder: embedder, transcript: transcript)
            try keep(views, as: name, in: store, transcript: transcript)
        }
    }

    private func keep(_ lesson: TaughtLesson, as name: String, in store: TaughtObjectStore, transcript: any Transcript) throws {
        guard !lesson.views.isEmpty else { throw NothingLearned(name: name) }
        let stored = try store.add(name: name, lesson: lesson)
        let count = lesson.views.count
        let sentence = Self.book.say(Self.words.learned(views: count), ["name": stored, "count": String(count)])
        transcript.line(sentence.capitalizedFirst)
    }

    /// Takes a view every `AssistantRunner.teachingViewInterval` seconds of the source's time until the teaching has
    /// enough, its time runs out or the source ends; says each view's fate as the assistant would. Returns what was
    /// kept.
    static func watch(_ source: FrameSource, teaching name: String, detector: any ObjectDetector, embedder: ImageEmbedder,
                      transcript: any Transcript) throws -> TaughtLesson {
        let book = Self.book, words = Self.words
        var teaching = TeachingSession(name: name, at: 0)
        var started: Double?
        var due = 0.0
        while teaching.phase != .finished, let frame = try source.nextFrame() {
            let time = frame.timestamp - (started ?? frame.timestamp)
            if started == nil { started = frame.timestamp }
            var steps = teaching.tick(at: time)
            if time >= due, steps.isEmpty {
                due = time + AssistantRunner.teachingViewInterval
                let view = try TeachingView.take(from: frame, detections: detector.detect(frame), embedder: embedder,
                                                 judgedBy: teaching)
                steps = teaching.add(view, at: time)
            }
            for step in steps {
                switch step {
                case .kept(let count): transcript.line(String(format: "%5.1f s  view %d kept.", time, count))
                case .remark(let outcome):
                    if let remark = words.remark(for: outcome) {
                        transcript.line(String(format: "%5.1f s  ", time) + book.say(remark))
                    }
                case .askToPlace: transcript.line(String(format: "%5.1f s  ", time) + book.say(words.putDown))
                case .finished, .nothingLearned: break
                }
            }
        }
        if teaching.phase != .finished { _ = teaching.finish() } // the source ended first: what was kept teaches
        return TaughtLesson(views: teaching.kept, surroundings: teaching.keptSurroundings)
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
