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

    public func run(composition: Composition, transcript: any Transcript) throws {
        let store = try composition.settingsStore(dataDirectory: dataDirectory).taughtObjects
        switch action {
        case .list:
            let names = try store.names()
            transcript.line(names.isEmpty ? "Nothing learned yet."
                            : "Learned: " + names.map { "\($0.name), \($0.views) views" }.joined(separator: "; ") + ".")
        case .forget(let said):
            let name = PersonalName.withoutDeterminer(said)
            let removed = try store.forget(name: name)
            transcript.line(removed == 0 ? "Nothing called \(name) was learned." : "\(TaughtObjectStore.displayName(name).capitalizedFirst) forgotten.")
        case .teach(let said, let images):
            let name = PersonalName.withoutDeterminer(said)
            let detector = try composition.detector(detector)
            let embedder = try composition.imageEmbedder()
            let views = TeachingViews()
            let decoder = ImageDecoder()
            var kept: [[Float]] = []
            for path in images {
                let label = URL(fileURLWithPath: path).lastPathComponent
                // One unreadable picture is said and the others still teach.
                guard let frame = Self.decode(path, with: decoder, transcript: transcript) else { continue }
                switch try views.learn(from: frame, detector: detector, embedder: embedder, kept: &kept) {
                case .kept: break
                case .tooSmall: transcript.line("\(label): too small; hold it closer.")
                case .cutOff: transcript.line("\(label): cut off; hold it in the middle.")
                case .sameAsBefore: transcript.line("\(label): like the last view; turn it or move it.")
                }
            }
            guard !kept.isEmpty else { throw NothingLearned(name: name) }
            let stored = try store.add(name: name, embeddings: kept)
            transcript.line("\(stored.capitalizedFirst) learned from \(kept.count) \(kept.count == 1 ? "view" : "views").")
        }
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
