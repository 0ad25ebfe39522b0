import BeaconCore
import BeaconVision
import Foundation

/// Finds a person's taught objects in a picture: proposals (the detector's boxes of any class, and a few windows
/// where it saw nothing) embedded and named by `TaughtObjects`. One picture's answer; a live search makes several
/// frames agree (`TaughtAgreement`) before it believes one. A still picture, with no next frame to agree with, is
/// looked at harder (`TaughtProposals.still`).
public struct TaughtFinder: Sendable {
    public let taught: TaughtObjects
    public var proposals: TaughtProposals
    /// Told every named proposal of each picture, for measuring (`beacon bench taught --scores`); nil: nothing.
    public var report: (@Sendable (String) -> Void)? = nil
    let embedder: ImageEmbedder

    /// `still`: a single picture (`beacon detect`), looked at with about 55 crops rather than a live frame's 9.
    public init(taught: TaughtObjects, embedder: ImageEmbedder, still: Bool = false) {
        self.taught = taught
        self.embedder = embedder
        proposals = still ? .still : TaughtProposals()
    }

    /// The taught objects in `frame`, as detections labelled with their names (confidence: the score), one box each
    /// (the best-scoring one), given the detector's `detections` of it. All proposals are embedded first: each is
    /// judged against the others, or a still picture's reference tiles (`TaughtObjects.identify(proposals:reference:)`).
    public func find(in frame: Frame, detections: [Detection]) throws -> [Detection] {
        guard !taught.isEmpty else { return [] }
        return named(in: try look(at: frame, detections: detections))
    }

    /// What a picture's regions are, before any is named: so that one look can be named under several settings
    /// (`beacon bench taught --split`).
    public struct Look: Sendable {
        public var width: Int
        public var height: Int
        /// The plan's proposals, its reference regions last (`TaughtProposals.plan`).
        public var boxes: [NormalizedRect]
        public var embeddings: [[Float]]
        /// The colours of the boxes to name (the reference regions are never named, so their colours are not taken).
        public var colours: [ColourSignature]
        public var referenceCount: Int
    }

    /// The regions of `frame` to look at, embedded, with their colours.
    public func look(at frame: Frame, detections: [Detection]) throws -> Look {
        let plan = proposals.plan(detections: detections, width: frame.width, height: frame.height)
        let boxes = plan.proposals
        return Look(width: frame.width, height: frame.height, boxes: boxes,
                    embeddings: try boxes.map { try embedder.embedding(of: frame, region: $0) },
                    colours: boxes.dropLast(plan.reference.count).map { ColourSignature(of: $0, in: frame) },
                    referenceCount: plan.reference.count)
    }

    /// The taught objects a look shows, named by `taught` (this finder's when nil), one box each.
    public func named(in look: Look, by taught: TaughtObjects? = nil) -> [Detection] {
        let taught = taught ?? self.taught
        guard !taught.isEmpty else { return [] }
        let boxes = look.boxes, embeddings = look.embeddings
        // The reference regions are the plan's last boxes: embedded once, what the others must stand out from.
        let reference = Array(embeddings.suffix(look.referenceCount))
        let named = taught.identify(proposals: Array(embeddings.dropLast(look.referenceCount)), reference: reference,
                                    colours: look.colours)
        var best: [String: Detection] = [:]
        for (box, named) in zip(boxes.dropLast(look.referenceCount), named) {
            guard let named else { continue }
            if let report {
                let pixels = box.pixels(width: look.width, height: look.height)
                report(String(format: "%@ at %.0f,%.0f–%.0f,%.0f: score %.2f, margin %.2f, contrast %.2f", named.name,
                              pixels.x1, pixels.y1, pixels.x2, pixels.y2, named.score, named.margin, named.contrast ?? .nan))
            }
            if (best[named.name]?.confidence ?? -1) < Double(named.score) {
                best[named.name] = Detection(classIndex: TaughtObjects.detectionClass, label: named.name, confidence: Double(named.score), box: box)
            }
        }
        return best.values.sorted { $0.confidence > $1.confidence }
    }
}

/// Teaching from pictures: in each, the thing held up (the largest box the detector sees near the middle, or the
/// middle of the picture when it sees nothing there), checked by the core's `TeachingJudge` — not too small, not cut
/// off, not a repeat of a view kept — and kept as an embedding, never as a picture, with the embeddings of the
/// picture's pieces around it (`TeachingView.surroundingRegions`).
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

    /// One picture taught: its region found, embedded and judged; `kept` gains the embedding and its surroundings
    /// when it is a new view.
    public func learn(from frame: Frame, detector: any ObjectDetector, embedder: ImageEmbedder,
                      kept: inout TaughtLesson) throws -> TeachingOutcome {
        try learn(from: frame, detections: detector.detect(frame), embedder: embedder, kept: &kept)
    }

    /// The same, given the detector's boxes of the picture.
    public func learn(from frame: Frame, detections: [Detection], embedder: ImageEmbedder,
                      kept: inout TaughtLesson) throws -> TeachingOutcome {
        let region = region(in: detections)
        let embedding = try embedder.embedding(of: frame, region: region)
        // Pictures chosen by the person are not judged for blur: there is no sharpest one of the same camera.
        let outcome = judge.judge(region, embedding: embedding, kept: kept.views)
        if outcome == .kept {
            kept.views.append(embedding)
            kept.colours.append(ColourSignature(of: region, in: frame))
            kept.surroundings += try Self.surroundings(of: region, in: frame, embedder: embedder)
        }
        return outcome
    }

    /// The embeddings of the pieces of `frame` around `region`.
    static func surroundings(of region: NormalizedRect, in frame: Frame, embedder: ImageEmbedder) throws -> [[Float]] {
        try TeachingView.surroundingRegions(around: region).map { try embedder.embedding(of: frame, region: $0) }
    }
}
