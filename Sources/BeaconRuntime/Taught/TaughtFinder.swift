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

    public init(taught: TaughtObjects, embedder: ImageEmbedder) {
        self.taught = taught
        self.embedder = embedder
    }

    /// The taught objects in `frame`, as detections labelled with their names (confidence: the score), one box each
    /// (the best-scoring one), given the detector's `detections` of it. All proposals are embedded first: each is
    /// judged against the others (`TaughtObjects.identify(proposals:)`).
    public func find(in frame: Frame, detections: [Detection]) throws -> [Detection] {
        guard !taught.isEmpty else { return [] }
        let boxes = proposals.proposals(detections: detections, aspect: Double(frame.width) / Double(frame.height))
        let embeddings = try boxes.map { try embedder.embedding(of: frame, region: $0) }
        var best: [String: Detection] = [:]
        for (box, named) in zip(boxes, taught.identify(proposals: embeddings)) {
            guard let named else { continue }
            if (best[named.name]?.confidence ?? -1) < Double(named.score) {
                best[named.name] = Detection(classIndex: TaughtObjects.detectionClass, label: named.name, confidence: Double(named.score), box: box)
            }
        }
        return best.values.sorted { $0.confidence > $1.confidence }
    }
}

/// Teaching from pictures: in each, the thing held up (the largest box the detector sees near the middle, or the
/// middle of the picture when it sees nothing there), checked by the core's `TeachingJudge` — not too small, not cut
/// off, not a repeat of a view kept — and kept as an embedding, never as a picture.
public struct TeachingViews: Sendable {
    public var judge = TeachingJudge()

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
                      kept: inout [[Float]]) throws -> TeachingOutcome {
        let region = region(in: try detector.detect(frame))
        let embedding = try embedder.embedding(of: frame, region: region)
        // Pictures chosen by the person are not judged for blur: there is no sharpest one of the same camera.
        let outcome = judge.judge(region, embedding: embedding, kept: kept)
        if outcome == .kept { kept.append(embedding) }
        return outcome
    }
}
