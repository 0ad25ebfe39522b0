/// How hard the live loop may work: the share of frames it handles and how long the detector rests between runs.
public struct PaceLimits: Sendable, Hashable {
    /// Share of the source's frames handled, 0 < factor ≤ 1 (0.5: every other frame).
    public var frameRateFactor: Double
    /// Share of the detector's free-running rate kept, 0 < factor ≤ 1: after a run of t seconds it rests
    /// t × (1 / factor − 1), so 0.5 halves the rate whatever the run takes.
    public var detectionRateFactor: Double
    /// Revilio's thermal drop window: a rest of this multiple of the run's time, at most `dropWindowCap` seconds.
    public var dropWindowFactor: Double
    public var dropWindowCap: Double

    public init(frameRateFactor: Double = 1, detectionRateFactor: Double = 1, dropWindowFactor: Double = 0,
                dropWindowCap: Double = 0.15) {
        self.frameRateFactor = min(1, max(0.01, frameRateFactor))
        self.detectionRateFactor = min(1, max(0.0001, detectionRateFactor))
        self.dropWindowFactor = max(0, dropWindowFactor)
        self.dropWindowCap = max(0, dropWindowCap)
    }

    /// Every frame, detection as fast as the CPU allows.
    public static let unlimited = PaceLimits()

    /// Revilio assumes a run took this long when it does not know.
    public static let assumedInferenceSeconds = 0.05

    /// Seconds the detector waits after a run that took `inferenceSeconds` before it starts the next; frames offered
    /// meanwhile replace one another, so the newest is detected when the rest is over.
    public func detectorRest(afterInferenceOf inferenceSeconds: Double?) -> Double {
        let run = max(0, inferenceSeconds ?? Self.assumedInferenceSeconds)
        let halving = run * (1 / detectionRateFactor - 1)
        let dropWindow = min(run * dropWindowFactor, dropWindowCap)
        return halving + dropWindow
    }
}
