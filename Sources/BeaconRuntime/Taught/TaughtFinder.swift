import BeaconCore
import BeaconVision
import Foundation

/// Finds a person's taught objects in a picture: proposals (the detector's boxes of any class, and a few windows
/// where it saw nothing) embedded and named by `TaughtObjects`. One picture's answer; a live search makes several
/// frames agree (`TaughtAgreement`) before it believes one.
public struct TaughtFinder: Sendable {
    public let taught: TaughtObjects
    public var proposals = TaughtProposals()
    let embedder: ImageEmbedder

    /// The detector class index taught objects are reported under.
    public static let taughtClass = -3

    public init(taught: TaughtObjects, embedder: ImageEmbedder) {
        self.taught = taught
        self.embedder = embedder
    }

    /// The taught objects in `frame`, as detections labelled with their names (confidence: the score), one box each
    /// (the best-scoring one), given the detector's `detections` of it.
    public func find(in frame: Frame, detections: [Detection]) throws -> [Detection] {
        guard !taught.isEmpty else { return [] }
        var best: [String: Detection] = [:]
        for box in proposals.proposals(detections: detections, aspect: Double(frame.width) / Double(frame.height)) {
            guard let named = taught.identify(try embedder.embedding(of: frame, region: box)) else { continue }
            if (best[named.name]?.confidence ?? -1) < Double(named.score) {
                best[named.name] = Detection(classIndex: Self.taughtClass, label: named.name, confidence: Double(named.score), box: box)
            }
        }
        return best.values.sorted { $0.confidence > $1.confidence }
    }
}

/// Teaching from pictures: in each, the thing held up (the largest box the detector sees near the middle, or the
/// middle of the picture when it sees nothing there), checked — not too small, not cut off, not a repeat of the last
/// view — and kept as an embedding, never as a picture.
public struct TeachingViews: Sendable {
    /// What became of one picture, said to the person.
    public enum Outcome: Sendable, Hashable {
        case kept
        case tooSmall
        case cutOff
        case sameAsBefore
    }

    /// A box must cover at least this share of the picture.
    public var minimumArea = 0.02
    /// Views more alike than this (cosine) add nothing.
    public var repeatCosine: Float = 0.97

    public init() {}

    /// The region to learn from in a picture, given the detector's boxes.
    public func region(in detections: [Detection]) -> NormalizedRect {
        let central = detections.filter { abs($0.box.midX - 0.5) < 0.3 && abs($0.box.midY - 0.5) < 0.3 && $0.confidence >= 0.2 }
        // Held up before the camera, the thing fills the middle: a person's hand or body around it is not it.
        if let held = central.filter({ $0.label != "person" }).max(by: { $0.box.area < $1.box.area }) { return held.box }
        return NormalizedRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)
    }

    /// One picture taught: its region found, embedded and judged; `kept` gains the embedding when it is a new view.
    public func learn(from frame: Frame, detector: any ObjectDetector, embedder: ImageEmbedder,
                      kept: inout [[Float]]) throws -> Outcome {
        let region = region(in: try detector.detect(frame))
        let embedding = try embedder.embedding(of: frame, region: region)
        let outcome = judge(region, embedding: embedding, kept: kept)
        if outcome == .kept { kept.append(embedding) }
        return outcome
    }

    public func judge(_ region: NormalizedRect, embedding: [Float], kept: [[Float]]) -> Outcome {
        if region.area < minimumArea { return .tooSmall }
        let touches = [region.x <= 0.005, region.y <= 0.005, region.maxX >= 0.995, region.maxY >= 0.995].filter { $0 }.count
        if touches >= 3 { return .cutOff }
        if kept.contains(where: { TaughtObjects.cosine($0, embedding) > repeatCosine }) { return .sameAsBefore }
        return .kept
    }
}
