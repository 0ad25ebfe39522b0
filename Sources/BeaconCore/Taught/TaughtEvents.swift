/// A thing the person taught, as the assistant knows it: its name and how many views it was learned from.
public struct TaughtSummary: Sendable, Hashable, Codable {
    public var name: String
    public var views: Int

    public init(name: String, views: Int) {
        self.name = name
        self.views = views
    }
}

/// What the runtime reports about taught things (AssistantSession+Taught.swift).
public enum TaughtEvent: Sendable, Hashable {
    /// Everything taught so far: at the start, and after every change.
    case learned([TaughtSummary])
    /// A view of the thing being taught (while `watchViews` is on).
    case view(TeachingView)
    /// The views asked to be stored are stored, under this name.
    case stored(name: String, views: Int)
    /// "forget": whether anything by that name was there to remove.
    case forgotten(name: String, removed: Bool)
    /// Storing or forgetting failed; `sentence` says why, in English, for the terminal.
    case failed(sentence: String)
}

/// What the session asks the runtime to do with taught things.
public enum TaughtEffect: Sendable, Hashable {
    /// Send `view`s of the camera's frames, a couple a second, from now on (true) or no longer (false).
    case watchViews(Bool)
    /// Keep these views' embeddings and their surroundings under this name (added to any it has), then report
    /// `stored` and `learned`.
    case store(name: String, lesson: TaughtLesson)
    /// Remove everything learned under this name, then report `forgotten` and `learned`.
    case forget(name: String)
}

extension TaughtObjects {
    /// The detector class index taught things are reported under; their label is the name they were taught as.
    public static let detectionClass = -3

    /// Two (class, label) pairs name the same kind of thing: the same class, and for taught things (which all share
    /// one class) the same name.
    static func sameKind(_ classA: Int, _ labelA: String, _ classB: Int, _ labelB: String) -> Bool {
        classA == classB && (classA != detectionClass || labelA.lowercased() == labelB.lowercased())
    }
}

extension Detection {
    /// A person's taught thing (labelled with its name), not a detector class: said as theirs ("your cup"), never
    /// mixed up with the detector's things of the same name.
    public var isTaught: Bool { classIndex == TaughtObjects.detectionClass }
}

extension SearchTarget {
    /// A search for one of the person's taught things, by its name.
    public var isTaught: Bool { classIndex == TaughtObjects.detectionClass }

    /// Whether a detection is of this target: the same class, and for a taught thing (all share one class) the same
    /// name.
    public func accepts(_ detection: Detection) -> Bool {
        TaughtObjects.sameKind(classIndex, label, detection.classIndex, detection.label)
    }
}
