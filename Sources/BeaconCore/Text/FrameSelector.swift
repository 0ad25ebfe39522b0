/// Which cells a frame's sharpness is counted against.
public enum SharpnessDenominator: String, Sendable, Hashable, Codable {
    /// Every cell of the grid, as Revilio counts: a page that fills a quarter of the frame can never reach half the
    /// cells sharp, and is read only after the requirement has been relaxed a few rounds.
    case allCells
    /// The cells with content (their grey level varies at all). Blank paper, a wall or a table is neither sharp
    /// nor blurred, so a sharp page on a desk is accepted in the first round. Blur keeps a cell's grey variation
    /// while it wipes out the Laplacian, so a blurred page still counts its cells here and still fails.
    case texturedCells
}

public struct FrameSelectionParameters: Sendable, Hashable, Codable {
    /// The first round's requirement: this share of the counted cells sharp.
    public var firstRequiredShare = 0.5
    /// Each failed round divides the requirement by this.
    public var relaxation = 1.5
    /// The best failing frames kept in case the relaxed requirement lets one of them through.
    public var bufferSize = 3
    public var denominator = SharpnessDenominator.texturedCells
    /// With `texturedCells`, the denominator is at least this share of all cells, so a frame of blank wall with
    /// three textured cells cannot pass on them.
    public var minimumCountedShare = 0.1
    /// A frame is steady when the mean absolute difference of its cell grey means from the previous frame's (in
    /// grey levels, exposure change taken out) is at most this. Measured on the test photos (page, handwriting,
    /// coffee) scaled to 1920 wide: a shift of 5 px between frames (0.25 % of the width) gives 2–3, 10 px gives 4–5,
    /// sensor noise of σ = 4 under 0.2. So the gate passes a hand holding still and stops a camera drifting more
    /// than about 5 px a frame, where the smear within one exposure starts to cost 1080p text its strokes.
    public var maximumMotion = 3.0
    /// A previous frame older than this (seconds) says nothing about the camera's movement now.
    public var maximumFrameInterval = 0.5
    /// Seconds from the first frame after which the selector stops waiting: it takes the best frame it has, or
    /// gives up when it has none with any sharp cell.
    public var giveUpAfter = 8.0

    public init() {}

    /// Revilio's rule with the textured-cells denominator.
    public static let standard = FrameSelectionParameters()
}

/// How one frame measured up against the requirement in force when it was judged.
public struct FrameAssessment: Sendable, Hashable, Codable {
    public var timestamp: Double
    /// Sharp cells counted (sharp and textured cells, with the textured-cells denominator).
    public var sharpCells: Int
    /// The cells the requirement is a share of.
    public var countedCells: Int
    /// The sharp cells the requirement asked for.
    public var requiredSharpCells: Int
    /// Failed rounds before this judgement.
    public var round: Int
    /// The change from the previous frame; nil when there was no recent previous frame.
    public var motion: Double?

    public var sharpShare: Double { countedCells > 0 ? Double(sharpCells) / Double(countedCells) : 0 }
}

/// Picks the frame to read a page from (reference-behaviour §1.2): waits for a steady camera, then accepts the first
/// frame with enough sharp cells; each frame that fails goes into a small buffer of the best failures and relaxes the
/// requirement, until the best buffered frame meets it.
///
/// Pure: frames and their sharpness maps come in as events with their timestamps, decisions go out as effects. The
/// candidate is whatever the caller needs back (the frame itself, or its index); the selector keeps at most
/// `bufferSize + 1` of them.
public struct FrameSelector<Candidate: Sendable>: Sendable {
    public enum Event: Sendable {
        case frame(Candidate, SharpnessMap, timestamp: Double)
        /// No more frames will come (a still image, the end of a video): take the best frame there is.
        case sourceEnded
    }

    public enum GiveUpReason: String, Sendable, Hashable, Codable {
        case noFrames
        /// The camera never held still long enough.
        case neverSteady
        /// Steady frames came, but none had a single sharp cell.
        case nothingSharp
    }

    public enum Effect: Sendable {
        /// The first steady frame: capture has begun (play the capture earcon). Sent once.
        case captureStarted
        /// Read this frame. Nothing more happens until `restart`.
        case accept(Candidate, FrameAssessment)
        /// No frame worth reading. Nothing more happens until `restart`.
        case gaveUp(GiveUpReason)
    }

    public let parameters: FrameSelectionParameters
    /// The share of counted cells that must be sharp now.
    public private(set) var requiredShare: Double
    /// Failed rounds so far.
    public private(set) var round = 0
    /// The last frame's judgement: nil until a steady frame came.
    public private(set) var lastAssessment: FrameAssessment?
    public private(set) var isFinished = false

    private var hasStarted = false
    private var firstTimestamp: Double?
    private var previous: (map: SharpnessMap, timestamp: Double)?
    private var latest: (candidate: Candidate, map: SharpnessMap, timestamp: Double, motion: Double?)?
    private var buffer: [(candidate: Candidate, map: SharpnessMap, assessment: FrameAssessment)] = []

    public init(parameters: FrameSelectionParameters = .standard) {
        self.parameters = parameters
        requiredShare = parameters.firstRequiredShare
    }

    /// Forgets everything, for the next page.
    public mutating func restart() { self = FrameSelector(parameters: parameters) }

    public mutating func handle(_ event: Event) -> [Effect] {
        guard !isFinished else { return [] }
        switch event {
        case let .frame(candidate, map, timestamp): return judge(candidate, map, at: timestamp)
        case .sourceEnded: return finishAtSourceEnd()
        }
    }

    /// The sharp cells a frame needs under the current requirement, and the cells that is a share of.
    public func requirement(for map: SharpnessMap) -> (sharpCells: Int, countedCells: Int, required: Int) {
        let counted = countedCells(map)
        let sharp = parameters.denominator == .allCells ? map.sharpCells : map.sharpTexturedCells
        return (sharp, counted, requiredCells(counted))
    }

    private func countedCells(_ map: SharpnessMap) -> Int {
        switch parameters.denominator {
        case .allCells: return map.cellCount
        case .texturedCells:
            let floor = Int((parameters.minimumCountedShare * Double(map.cellCount)).rounded(.up))
            return max(map.texturedCells, floor, 1)
        }
    }

    /// At least one sharp cell, however far the requirement has relaxed. The small allowance keeps 1800 / 1.5²
    /// at 800 cells, not 801.
    private func requiredCells(_ counted: Int) -> Int {
        max(1, Int((requiredShare * Double(counted) - 1e-6).rounded(.up)))
    }

    private func assess(_ map: SharpnessMap, at timestamp: Double, motion: Double?) -> FrameAssessment {
        let (sharp, counted, required) = requirement(for: map)
        return FrameAssessment(timestamp: timestamp, sharpCells: sharp, countedCells: counted,
                               requiredSharpCells: required, round: round, motion: motion)
    }

    private mutating func judge(_ candidate: Candidate, _ map: SharpnessMap, at timestamp: Double) -> [Effect] {
        if firstTimestamp == nil { firstTimestamp = timestamp }
        let motion = previous.flatMap { previous -> Double? in
            let interval = timestamp - previous.timestamp
            guard interval >= 0 && interval <= parameters.maximumFrameInterval else { return nil }
            return map.motion(since: previous.map)
        }
        previous = (map, timestamp)
        latest = (candidate, map, timestamp, motion)
        guard let motion, motion <= parameters.maximumMotion else { return giveUpIfOverdue(at: timestamp) }

        var effects: [Effect] = []
        if !hasStarted {
            hasStarted = true
            effects.append(.captureStarted)
        }
        let assessment = assess(map, at: timestamp, motion: motion)
        lastAssessment = assessment
        if assessment.sharpCells >= assessment.requiredSharpCells {
            return effects + finish(accepting: candidate, assessment)
        }
        keepIfAmongBest(candidate, map, assessment)
        round += 1
        requiredShare /= parameters.relaxation
        if let best = bestBuffered {
            let rejudged = assess(best.map, at: best.assessment.timestamp, motion: best.assessment.motion)
            if rejudged.sharpCells >= rejudged.requiredSharpCells {
                return effects + finish(accepting: best.candidate, rejudged)
            }
        }
        return effects + giveUpIfOverdue(at: timestamp)
    }

    /// Buffers a failing frame while there is room, or in place of the worst buffered frame when it is better.
    private mutating func keepIfAmongBest(_ candidate: Candidate, _ map: SharpnessMap, _ assessment: FrameAssessment) {
        guard parameters.bufferSize > 0 else { return }
        if buffer.count < parameters.bufferSize {
            buffer.append((candidate, map, assessment))
        } else if let worst = buffer.indices.min(by: { buffer[$0].assessment.sharpShare < buffer[$1].assessment.sharpShare }),
                  buffer[worst].assessment.sharpShare < assessment.sharpShare {
            buffer[worst] = (candidate, map, assessment)
        }
    }

    private mutating func giveUpIfOverdue(at timestamp: Double) -> [Effect] {
        guard let firstTimestamp, timestamp - firstTimestamp >= parameters.giveUpAfter else { return [] }
        return finishAtDeadline()
    }

    /// When a live capture runs out of time: the best buffered frame if it has any sharp cell, else giving up. A
    /// camera that never held still is not read from a moving frame.
    private mutating func finishAtDeadline() -> [Effect] {
        if let best = bestBuffered, best.assessment.sharpCells > 0 {
            return finish(accepting: best.candidate, assess(best.map, at: best.assessment.timestamp, motion: best.assessment.motion))
        }
        return giveUp(hasStarted ? .nothingSharp : .neverSteady)
    }

    /// When the source has ended nothing better can come, so the best frame there is gets read however soft it is
    /// (the recogniser says when it cannot read it): the best buffered one, else the latest (a still image has no
    /// previous frame to be steady against, so it is never buffered).
    private mutating func finishAtSourceEnd() -> [Effect] {
        if let best = bestBuffered {
            return finish(accepting: best.candidate, assess(best.map, at: best.assessment.timestamp, motion: best.assessment.motion))
        }
        if let latest {
            return finish(accepting: latest.candidate, assess(latest.map, at: latest.timestamp, motion: latest.motion))
        }
        return giveUp(.noFrames)
    }

    private var bestBuffered: (candidate: Candidate, map: SharpnessMap, assessment: FrameAssessment)? {
        buffer.max { $0.assessment.sharpShare < $1.assessment.sharpShare }
    }

    private mutating func giveUp(_ reason: GiveUpReason) -> [Effect] {
        isFinished = true
        buffer = []
        latest = nil
        return [.gaveUp(reason)]
    }

    private mutating func finish(accepting candidate: Candidate, _ assessment: FrameAssessment) -> [Effect] {
        isFinished = true
        lastAssessment = assessment
        buffer = []
        latest = nil
        previous = nil
        return [.accept(candidate, assessment)]
    }
}
