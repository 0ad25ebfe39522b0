import BeaconAudio
import BeaconCore
import BeaconMedia
import BeaconSpeech
import BeaconStore
import BeaconVision
import Foundation

/// The engines the assistant runs, built the first time a mode asks for one, so nobody waits at start-up for a model
/// they have not asked for. Building can fail (a missing model or runtime); the failure is kept and reported as one
/// sentence when the engine is asked for.
public final class AssistantEngines: @unchecked Sendable {
    private let lock = NSLock()
    private let makeDetector: () throws -> any ObjectDetector
    private let makeTextReader: () throws -> any TextRecognizer
    private var detector: Result<any ObjectDetector, Error>?
    private var textReader: Result<any TextRecognizer, Error>?
    private let makeDepth: (() throws -> any DepthEstimator)?
    private var depth: Result<any DepthEstimator, Error>?
    private let makeHearing: (() throws -> SpeechHearing?)?
    private let makeNaturalVoice: (() throws -> any WordTimedSpeechSynthesizer)?
    private var natural: Result<any WordTimedSpeechSynthesizer, Error>?
    private var hearing: Result<SpeechHearing?, Error>?
    private let makeGuesser: (() throws -> ThingGuesser?)?
    private var guesser: Result<ThingGuesser?, Error>?

    /// Whether an object search looks closer at zoomed tiles while nothing is locked.
    public let tiles: Bool
    /// How many detections the object detector can run at once (`DetectorLanes`); sessions sharing these engines
    /// take that many turns at a time.
    public let detectionLanes: Int
    /// The person's taught things, when the session has a data folder to keep them in.
    public var taught: TaughtLookout?
    /// The data folder whose product list names products for "what is this" (nil: no list).
    public var productsFolder: URL?
    /// ZBar, for the codes "what is this" reads.
    public let barcodeReader = ZBarReader()

    /// `depth` is nil when no depth source was chosen (`--depth`); `hearing` builds the open-vocabulary recogniser's
    /// models (nil from it, or no `hearing`: not installed, and voice commands fall back to PocketSphinx).
    public init(detector: @escaping () throws -> any ObjectDetector, detectionLanes: Int = 1,
         textReader: @escaping () throws -> any TextRecognizer,
         depth: (() throws -> any DepthEstimator)? = nil, hearing: (() throws -> SpeechHearing?)? = nil,
         naturalVoice: (() throws -> any WordTimedSpeechSynthesizer)? = nil,
         guesser: (() throws -> ThingGuesser?)? = nil, tiles: Bool = true) {
        makeNaturalVoice = naturalVoice
        makeGuesser = guesser
        makeDetector = detector
        self.detectionLanes = max(1, detectionLanes)
        makeTextReader = textReader
        makeDepth = depth
        makeHearing = hearing
        self.tiles = tiles
    }

    /// Whether a depth source was chosen (`--depth`).
    public var hasDepth: Bool { makeDepth != nil }

    /// The depth source, or nil when none was chosen.
    public func depthEstimator() throws -> (any DepthEstimator)? {
        guard let makeDepth else { return nil }
        return try lock.withLock {
            if depth == nil { depth = Result { try makeDepth() } }
            return try depth!.get()
        }
    }

    /// Whether these engines were given the open-vocabulary recogniser's models to build.
    public var canHear: Bool { makeHearing != nil }

    /// Moonshine and the voice detector, shared by every microphone of the session or server; nil when they are
    /// not installed.
    public func speechHearing() throws -> SpeechHearing? {
        guard let makeHearing else { return nil }
        return try lock.withLock {
            if hearing == nil { hearing = Result { try makeHearing() } }
            return try hearing!.get()
        }
    }

    /// The natural voice, loaded once and shared by every session of a server (it takes turns); nil when these
    /// engines were given none to build.
    public func naturalVoice() throws -> (any WordTimedSpeechSynthesizer)? {
        guard let makeNaturalVoice else { return nil }
        return try lock.withLock {
            if natural == nil { natural = Result { try makeNaturalVoice() } }
            return try natural!.get()
        }
    }

    /// The ImageNet guess for "what is this", loaded the first time it is needed; nil when it is not installed.
    public func thingGuesser() throws -> ThingGuesser? {
        guard let makeGuesser else { return nil }
        return try lock.withLock {
            if guesser == nil { guesser = Result { try makeGuesser() } }
            return try guesser!.get()
        }
    }

    /// The person's product list, opened for each question (an import while the session runs is seen at once);
    /// nil when there is none. Identifying never makes one.
    public func products() throws -> ProductStore? {
        guard let productsFolder else { return nil }
        return try ProductStore.existing(in: productsFolder)
    }

    public func objectDetector() throws -> any ObjectDetector {
        try lock.withLock {
            if detector == nil { detector = Result { try makeDetector() } }
            return try detector!.get()
        }
    }

    public func text() throws -> any TextRecognizer {
        try lock.withLock {
            if textReader == nil { textReader = Result { try makeTextReader() } }
            return try textReader!.get()
        }
    }

    /// Builds an engine on a thread of its own, so the first request finds it ready.
    public func warmUp(_ engine: Engine) {
        let thread = Thread { [self] in
            switch engine {
            case .objectDetector: _ = try? objectDetector()
            case .textFinder, .pageReader: _ = try? text()
            }
        }
        thread.name = "beacon-warm-up"
        thread.start()
    }

    /// What explore and scan now look at: the detector's classes and the person's taught things by name.
    public func namingDetect(_ frame: Frame) throws -> [Detection] {
        let found = try objectDetector().detect(frame)
        guard let taught else { return found }
        // Without the embedding model the report still names what the detector saw (teach and find say why not).
        return found + ((try? taught.find(in: frame, detections: found)) ?? [])
    }

    /// Detection for the object search: the full frame, and zoomed tiles while nothing is locked. A taught thing is
    /// looked for among the detector's boxes of every class and a few windows, and reported once frames agree.
    public func searchDetector(for target: SearchTarget) throws -> DetectorWorker.Detect {
        let detector = try objectDetector()
        if target.isTaught, let taught {
            _ = try taught.imageEmbedder()
            let search = TaughtSearch(name: target.label, taught: taught)
            return { frame, _ in try search.detections(in: frame, found: detector.detect(frame)) }
        }
        guard tiles else { return { frame, _ in try detector.detect(frame) } }
        let tiled = TiledSearchDetector(detector: detector, targets: [target.classIndex])
        return { frame, lookCloser in try tiled.search(frame, lookCloser: lookCloser).detections }
    }
}
