import Foundation

/// What the assistant is doing for the person. One mode at a time; hazards are watched in every mode with a camera.
public enum AssistantMode: Sendable, Hashable, Codable {
    /// Quiet: nothing announced but hazards and answers; "scan now" still works.
    case idle
    /// Objects entering the view are announced once while they stay.
    case continuousScanning
    /// Waiting for "scan now".
    case onDemandScanning
    /// Choosing the sharpest of the next few frames, then one report of the scene.
    case exploring
    case findingObject(SearchTarget)
    case findingText(String)
    /// Capturing a page, then reading it.
    case reading
    /// Walk mode: obstacles, walls and stairs from depth.
    case walking
    /// Find my ride: cars checked by plate and colour, then guidance to the one that came.
    case findingRide(RideDescription)
    /// Sighted helpers of a hub look for the thing in the camera's photos; once one marks it, Beacon guides there.
    case askingForHelp(String)
    /// Teaching one of the person's own things: views of it while held and turned, then put down elsewhere.
    case teaching(String)
    /// Light mode: a tone whose pitch follows the picture's brightness.
    case followingLight
    /// Aiming the camera at a barcode by sound until it reads.
    case aimingAtCode
    /// Short text: each new line of text in view is said once, with no page to capture.
    case readingShortText

    /// A short name for records, usage statistics and JSON.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .continuousScanning: "continuous"
        case .onDemandScanning: "on-demand"
        case .exploring: "explore"
        case .findingObject: "find"
        case .findingText: "find-text"
        case .reading: "read"
        case .walking: "walk"
        case .askingForHelp: "help"
        case .findingRide: "ride"
        case .teaching: "teach"
        case .followingLight: "light"
        case .aimingAtCode: "code"
        case .readingShortText: "short-text"
        }
    }
}

/// The engines the adapters run for the session. Each is started when a mode needs it and never before, so nobody
/// waits for a model they did not ask for.
public enum Engine: String, Sendable, Hashable, Codable, CaseIterable {
    /// The object detector on every frame it has time for (scanning, hazards, find, explore).
    case objectDetector
    /// OCR on every frame it has time for, for find-text and short text.
    case textFinder
    /// Page capture and OCR, for read.
    case pageReader
}

/// Everything that happens to an assistant session. Time always arrives on the event, in seconds since the session
/// started.
public enum AssistantEvent: Sendable, Hashable {
    /// The adapters are up. `startedAt` is the wall-clock date of timestamp 0 (history records carry dates),
    /// `recent` the detections restored from the history, and `settingsUnreadable` says the stored settings could
    /// not be read (the database was set aside), which is said once.
    case started(timestamp: Double, startedAt: Date, recent: RecentDetections = RecentDetections(),
                 settingsUnreadable: Bool = false)
    case command(AssistantCommand, timestamp: Double)
    /// A typed or spoken line that was no command.
    case unknownInput(ParsedInput, timestamp: Double)
    /// The recogniser heard speech or noise that was no command.
    case speechRejected(timestamp: Double)
    /// Voice input stopped for good (the microphone failed, or the recogniser's model could not be loaded): said
    /// once, and the talk key points to typing from then on.
    case voiceInputLost(timestamp: Double)
    /// A new frame. `sharpness` is measured only while the session asks for it (`wantsSharpness`).
    case frame(index: Int, timestamp: Double, sharpness: SharpnessMap? = nil)
    case cameraMoved(CameraMotion, frame: Int, timestamp: Double)
    /// Depth for a frame, from a depth camera or a monocular model (`--depth`), sent only while the session asks
    /// for it (`wantsDepth`).
    case depth(DepthMap, frame: Int, timestamp: Double)
    /// Object detections. `lookedAt` is the older frame the detector ran on; `examined` says they answer the
    /// session's own `examine` request (explore, scan now) rather than the running detector.
    case detections([Detection], frame: Int, timestamp: Double, lookedAt: Int? = nil, examined: Bool = false)
    /// One OCR reading of a frame, for find-text and short text.
    case textLines([TextLine], frame: Int, timestamp: Double, lookedAt: Int? = nil)
    /// The page captured for reading, cut into units; `selection` is how sure its central block was (nil: the whole
    /// frame, or a still picture that cannot be taken again), and a doubtful one is captured again.
    case page([ReadingUnit], ifEmpty: EmptyPage, selection: CentralBlockSelection? = nil, timestamp: Double)
    /// The page reader could not find a steady picture.
    case pageNotCaptured(timestamp: Double)
    /// The speech adapter finished saying the last utterance (or stopped it at a word boundary).
    case speechFinished(timestamp: Double)
    /// The word under way in the current utterance starts at this character offset (for pause in reading).
    case speechProgress(characterOffset: Int, timestamp: Double)
    /// Time passes without frames (a still camera, a finished video, a quiet microphone).
    case tick(timestamp: Double)
    /// The source has no more pictures (a video ended): a job that keeps what it gathered (teaching) ends with it.
    case sourceEnded(timestamp: Double)
    case power(PowerReading, timestamp: Double)
    /// Usage totals from the store, answering `fetchUsage`.
    case usage(UsageSummary, timestamp: Double)
    /// An engine could not start or failed; `sentence` says why, in English, for the terminal.
    case engineFailed(Engine, sentence: String, timestamp: Double)
    /// IMU samples, camera heights, location fixes and emergency-message reports (AssistantSession+Falls.swift).
    case falls(FallEvent)
    /// A car checked for find my ride (AssistantSession+Ride.swift).
    case ride(RideEvent, timestamp: Double)
    /// What the volunteers' hub and the mark's follower report (AssistantSession+Volunteers.swift).
    case helpers(VolunteersEvent, timestamp: Double)
    /// Taught things: what is learned, views while teaching, stores and forgets done (AssistantSession+Taught.swift).
    case taught(TaughtEvent, timestamp: Double)
    /// What a picture showed, answering `identify` (AssistantSession+Identify.swift).
    case identified(Identification, question: AssistantQuestion, timestamp: Double)
    /// Every frame's light, sent only in light mode.
    case light(LightReading, timestamp: Double)
    /// While aiming at a code: what one frame showed.
    case codeLook(CodeLook, timestamp: Double)
}

/// What the adapters should do, in order.
public enum AssistantEffect: Sendable, Hashable {
    case speak(Utterance)
    /// Stop the current speech at its next word boundary, then report `speechFinished`.
    case interruptSpeech
    /// Silence everything now: speech, earcons, vibration.
    case stopAll
    case earcon(Earcon, at: Double)
    case haptic(HapticPattern)
    /// One record per guided frame (find, find-text), for JSON lines.
    case cue(CueSnapshot)
    case modeChanged(AssistantMode)
    case startEngine(Engine)
    case stopEngine(Engine)
    /// Run the object detector on this frame (the sharpest for explore, the newest for scan now) and answer with
    /// `detections(…, examined: true)`.
    case examine(frame: Int)
    /// Look at this frame for the question (its code, the thing in the middle, its colour, the light) and answer
    /// with `identified`.
    case identify(AssistantQuestion, frame: Int)
    /// Loudness of earcons and speech, 0…1.
    case setVolume(Double)
    /// How fast frames and detection may run, after battery saver and heat.
    case setPace(PaceLimits)
    case persistSetting(SettingKey, String)
    case resetSettings
    case recordDetection(DetectionRecord)
    /// Seconds spent in a mode, objects found and pages read since the last record.
    case recordUsage(mode: String, seconds: Double, objectsFound: Int, pagesRead: Int)
    /// Ask the store for usage totals (today and in all), to be answered with `usage`.
    case fetchUsage
    /// A line for the terminal (help lists, usage tables) beside what is spoken.
    case show(String)
    case quit
    /// Send (or withdraw) the emergency message after a fall.
    case emergency(EmergencyEffect)
    /// Check this car (a find-my-ride track) in this frame: its colour at once (`RideEvent.colourSeen`), then its plate
    /// (`RideEvent.checked`), on the inference turns.
    case checkCar(track: Int, frame: Int, box: NormalizedRect, hiddenBy: [NormalizedRect])
    /// Open, feed or close the request to a volunteers' hub.
    case helpers(VolunteersEffect)
    /// Watch for views while teaching, store what was taught, forget a thing.
    case taught(TaughtEffect)
    /// The names of the person's taught things, whenever they change (the first time they are known too): for a
    /// screen that offers them, as the phone's Find screen does.
    case yourThings([String])
}
