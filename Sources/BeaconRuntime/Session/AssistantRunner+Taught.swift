import BeaconCore
import BeaconVision
import Foundation

/// Taught things in the runner: views of the thing being taught while the session watches for them, and the store
/// kept up to date (embeddings only, never pictures) when it asks.
extension AssistantRunner {
    /// Seconds between two views while teaching: time to turn the thing a little.
    static let teachingViewInterval = 0.6

    func taughtEffect(_ effect: TaughtEffect, at clock: Double) throws {
        switch effect {
        case .watchViews(let on):
            nextTeachingView = on ? clock : nil
        case .store(let name, let lesson):
            guard let taught = engines.taught else { return try failed("Nothing can be taught without a data folder.", at: clock) }
            switch Result(catching: { try taught.learn(name: name, lesson: lesson) }) {
            case .success(let stored):
                try dispatch(.taught(.stored(name: stored, views: lesson.views.count), timestamp: clock), at: clock)
                try dispatch(.taught(.learned(taught.summaries), timestamp: clock), at: clock)
            case .failure(let error):
                try failed(Self.sentence(error), at: clock)
            }
        case .forget(let name):
            guard let taught = engines.taught else {
                return try dispatch(.taught(.forgotten(name: name, removed: false), timestamp: clock), at: clock)
            }
            switch Result(catching: { try taught.forget(name: name) }) {
            case .success(let removed):
                try dispatch(.taught(.forgotten(name: name, removed: removed > 0), timestamp: clock), at: clock)
                try dispatch(.taught(.learned(taught.summaries), timestamp: clock), at: clock)
            case .failure(let error):
                try failed(Self.sentence(error), at: clock)
            }
        }
    }

    /// A view of the thing being taught, when the session watches for views and one is due: taken in line, or handed
    /// to `takesTeachingViewElsewhere` (live runs), which brings it back through `teachingViewTaken`.
    func takeTeachingView(of frame: Frame, at clock: Double) throws {
        guard let due = nextTeachingView, clock >= due, case .teaching = session.mode, let taught = engines.taught else { return }
        nextTeachingView = clock + Self.teachingViewInterval
        let engines = self.engines, teaching = session.teaching
        let take: @Sendable () throws -> TeachingView = {
            try TeachingView.take(from: frame, detections: engines.objectDetector().detect(frame),
                                  embedder: taught.imageEmbedder(), judgedBy: teaching)
        }
        if let takesTeachingViewElsewhere { return takesTeachingViewElsewhere(take) }
        try teachingViewTaken(Result(catching: take), at: clock)
    }

    /// A view taken (or why none could be): the session judges it; without an embedding model the teaching ends.
    public func teachingViewTaken(_ view: Result<TeachingView, any Error>, at clock: Double) throws {
        switch view {
        case .success(let view): try dispatch(.taught(.view(view), timestamp: clock), at: clock)
        case .failure(let error):
            // No embedding model: said once, and the teaching ends.
            nextTeachingView = nil
            try failed(Self.sentence(error), at: clock)
            try dispatch(.command(.stop, timestamp: clock), at: clock)
        }
    }

    private func failed(_ sentence: String, at clock: Double) throws {
        transcript.note("beacon: \(sentence)")
        try dispatch(.taught(.failed(sentence: sentence), timestamp: clock), at: clock)
    }

    private static func sentence(_ error: any Error) -> String { (error as? UserFacingError)?.sentence ?? "\(error)" }
}
