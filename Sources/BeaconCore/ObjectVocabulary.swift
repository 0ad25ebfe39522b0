/// The names people use for the objects a detector knows, and how to turn what they said into a class.
///
/// Class names are the model's own (COCO's 80 for the detectors Beacon ships with); synonyms and plurals map
/// everyday words onto them: "mug" → cup, "phone" → cell phone, "sofa" → couch, "people" → person.
public struct ObjectVocabulary: Sendable {
    /// The 80 COCO classes in the contiguous index order shared by YOLOX and Ultralytics exports.
    public static let coco: [String] = [
        "person", "bicycle", "car", "motorcycle", "airplane", "bus", "train", "truck", "boat", "traffic light",
        "fire hydrant", "stop sign", "parking meter", "bench", "bird", "cat", "dog", "horse", "sheep", "cow",
        "elephant", "bear", "zebra", "giraffe", "backpack", "umbrella", "handbag", "tie", "suitcase", "frisbee",
        "skis", "snowboard", "sports ball", "kite", "baseball bat", "baseball glove", "skateboard", "surfboard",
        "tennis racket", "bottle", "wine glass", "cup", "fork", "knife", "spoon", "bowl", "banana", "apple",
        "sandwich", "orange", "broccoli", "carrot", "hot dog", "pizza", "donut", "cake", "chair", "couch",
        "potted plant", "bed", "dining table", "toilet", "tv", "laptop", "mouse", "remote", "keyboard",
        "cell phone", "microwave", "oven", "toaster", "sink", "refrigerator", "book", "clock", "vase", "scissors",
        "teddy bear", "hair drier", "toothbrush",
    ]

    /// Everyday English words for COCO classes (singular; plurals are derived).
    static let englishSynonyms: [String: String] = [
        "people": "person", "man": "person", "woman": "person", "child": "person", "kid": "person",
        "human": "person", "somebody": "person", "someone": "person", "pedestrian": "person",
        "bike": "bicycle", "cycle": "bicycle", "motorbike": "motorcycle", "scooter": "motorcycle",
        "plane": "airplane", "aeroplane": "airplane", "aircraft": "airplane", "coach": "bus",
        "lorry": "truck", "ship": "boat", "traffic lights": "traffic light", "traffic signal": "traffic light",
        "hydrant": "fire hydrant", "stop": "stop sign", "seat": "chair", "armchair": "chair", "stool": "chair",
        "kitten": "cat", "kitty": "cat", "puppy": "dog", "doggy": "dog", "pony": "horse", "lamb": "sheep",
        "cattle": "cow", "bull": "cow", "rucksack": "backpack", "bag": "handbag", "purse": "handbag",
        "necktie": "tie", "luggage": "suitcase", "ball": "sports ball", "football": "sports ball",
        "soccer ball": "sports ball", "tennis ball": "sports ball", "racket": "tennis racket", "racquet": "tennis racket",
        "water bottle": "bottle", "glass": "wine glass", "mug": "cup", "teacup": "cup", "coffee cup": "cup",
        "coffee mug": "cup", "tea cup": "cup", "kitchen knife": "knife", "dish": "bowl", "doughnut": "donut",
        "sofa": "couch", "settee": "couch", "plant": "potted plant", "houseplant": "potted plant",
        "flower pot": "potted plant", "table": "dining table", "desk": "dining table", "kitchen table": "dining table",
        "loo": "toilet", "television": "tv", "tv set": "tv", "monitor": "tv", "screen": "tv", "notebook": "laptop",
        "computer": "laptop", "computer mouse": "mouse", "remote control": "remote", "tv remote": "remote",
        "clicker": "remote", "phone": "cell phone", "mobile": "cell phone", "mobile phone": "cell phone",
        "cellphone": "cell phone", "smartphone": "cell phone", "iphone": "cell phone", "telephone": "cell phone",
        "fridge": "refrigerator", "freezer": "refrigerator", "alarm clock": "clock",
        "teddy": "teddy bear", "hair dryer": "hair drier", "hairdryer": "hair drier", "blow dryer": "hair drier",
        "tooth brush": "toothbrush", "novel": "book", "magazine": "book", "sandwiches": "sandwich",
    ]

    /// Irregular plurals that the simple rules below get wrong.
    static let irregularPlurals: [String: String] = [
        "people": "person", "persons": "person", "men": "person", "women": "person", "children": "person",
        "kids": "person", "knives": "knife", "mice": "mouse", "skis": "skis", "scissors": "scissors",
        "buses": "bus", "couches": "couch", "benches": "bench", "sandwiches": "sandwich",
        "dishes": "bowl", "sheep": "sheep", "cattle": "cow", "hot dogs": "hot dog", "teddies": "teddy bear",
    ]

    /// Words that may surround the object's name in a spoken request.
    static let fillerWords: Set<String> = ["a", "an", "the", "my", "your", "some", "any", "find", "me", "please",
                                           "where", "is", "are", "look", "for", "найди", "найти", "мой", "мою", "моё",
                                           "мои", "где", "пожалуйста"]

    public let labels: [String]
    private let lookup: [String: Int]

    /// A vocabulary over the given class names (COCO by default).
    private let russianStems: [(stem: String, index: Int)]
    private let chineseNames: [(name: String, index: Int)]

    public init(labels: [String] = ObjectVocabulary.coco) {
        self.labels = labels
        var lookup: [String: Int] = [:]
        for (index, label) in labels.enumerated() { lookup[label.lowercased()] = index }
        for (word, label) in Self.englishSynonyms.merging(ObjectNames.mishearings, uniquingKeysWith: { a, _ in a })
            .merging(ObjectNames.russian, uniquingKeysWith: { a, _ in a }) {
            guard let index = lookup[label] else { continue }
            // Also as a query is compared: "хот-дог" is asked for as "хот дог".
            for key in [word, Self.normalize(word).joined(separator: " ")] where lookup[key] == nil { lookup[key] = index }
        }
        self.lookup = lookup
        // Longest first, so "чашка" is tried before "чаш…"-like shorter stems and "公共汽车" before "汽车".
        russianStems = ObjectNames.russian.compactMap { word, label in
            lookup[label].map { (Self.russianStem(word), $0) }
        }.sorted { $0.stem.count > $1.stem.count }
        chineseNames = ObjectNames.chinese.compactMap { name, label in lookup[label].map { (name, $0) } }
            .sorted { $0.name.count > $1.name.count }
    }

    /// What Beacon can do with a request for an object.
    public enum Resolution: Sendable, Equatable {
        /// A class the detector knows.
        case found(classIndex: Int)
        /// Something people look for that the detector cannot see, with classes it can look for instead.
        case notDetectable(name: String, alternatives: [String])
        /// Not a known name; the closest names, if any.
        case unknown(suggestions: [String])
    }

    /// Resolves a request in English, Russian or Chinese.
    public func resolve(_ query: String) -> Resolution {
        if let index = classIndex(for: query) { return .found(classIndex: index) }
        let phrase = Self.normalize(query).joined(separator: " ")
        for (name, alternatives) in ObjectNames.notDetectable where phrase == name || phrase.hasSuffix(" " + name)
            || (!name.unicodeScalars.allSatisfy(\.isASCII) && query.contains(name)) {
            return .notDetectable(name: name, alternatives: alternatives.filter { labels.contains($0) })
        }
        return .unknown(suggestions: suggestions(for: query))
    }

    /// One short sentence for a request Beacon cannot look for, most important words first, in `language`.
    public func answer(for query: String, _ resolution: Resolution, in language: TextLanguage = .english) -> String? {
        let book = Phrasebook(language: language), phrases = ObjectAnswerPhrases()
        switch resolution {
        case .found:
            return nil
        case let .notDetectable(name, alternatives):
            guard !alternatives.isEmpty else { return book.say(phrases.cannotSee, ["name": name]) }
            return book.say(phrases.cannotSeeTryInstead,
                            ["name": name, "alternatives": book.alternatives(alternatives.map { book.objectName($0) })])
        case let .unknown(suggestions):
            if let first = suggestions.first {
                return book.say(phrases.didYouMean, ["query": query, "suggestion": book.objectName(first)])
            }
            return book.say(phrases.unknown, ["query": query])
        }
    }

    /// The class index for what the user asked for, or nil when no class matches.
    public func classIndex(for query: String) -> Int? {
        let words = Self.normalize(query)
        guard !words.isEmpty else { return nil }
        if let chinese = chineseNames.first(where: { query.contains($0.name) }) { return chinese.index }
        // The longest run of words that names something wins: "coffee cup" before "cup".
        for length in stride(from: words.count, through: 1, by: -1) {
            for start in 0...(words.count - length) {
                let phrase = words[start..<(start + length)].joined(separator: " ")
                if let index = match(phrase) { return index }
            }
        }
        return nil
    }

    /// Class names close to an unknown query, for "did you mean" answers: edit distance at most 2, best first.
    public func suggestions(for query: String, limit: Int = 3) -> [String] {
        let phrase = Self.normalize(query).joined(separator: " ")
        guard !phrase.isEmpty else { return [] }
        let allowed = max(1, min(2, phrase.count / 3))
        let scored: [(word: String, distance: Int)] = lookup.keys
            .map { (word: String) -> (word: String, distance: Int) in (word, editDistance(phrase, word)) }
            .filter { $0.distance <= allowed }
            .sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.word < $1.word }
        var seen = Set<String>()
        var result: [String] = []
        for (word, _) in scored {
            let label = labels[lookup[word]!]
            if seen.insert(label).inserted { result.append(label) }
            if result.count == limit { break }
        }
        return result
    }

    private func match(_ phrase: String) -> Int? {
        if let index = lookup[phrase] { return index }
        if let singular = Self.irregularPlurals[phrase] { return lookup[singular] }
        for singular in Self.singularCandidates(phrase) {
            if let index = lookup[singular] { return index }
        }
        if phrase.unicodeScalars.contains(where: { (0x0400...0x04FF).contains($0.value) }) {
            // Russian inflects nouns: "найди мою чашку" asks for "чашка". Match the word's stem.
            let stem = Self.russianStem(phrase)
            if let found = russianStems.first(where: { $0.stem == stem || (stem.hasPrefix($0.stem) && $0.stem.count >= 4) }) {
                return found.index
            }
        }
        return nil
    }

    /// A Russian word without its case or number ending ("чашку", "чашки", "чашка" → "чашк").
    static func russianStem(_ word: String) -> String {
        let endings = ["ами", "ями", "ого", "его", "ому", "ему", "ой", "ей", "ом", "ем", "ам", "ям", "ах", "ях",
                       "ы", "и", "а", "я", "у", "ю", "е", "о", "ь", "й"]
        for ending in endings where word.hasSuffix(ending) && word.count - ending.count >= 3 {
            return String(word.dropLast(ending.count))
        }
        return word
    }

    /// Singular forms a regular English plural may come from: cups → cup, boxes → box, batteries → battery.
    static func singularCandidates(_ word: String) -> [String] {
        var candidates: [String] = []
        if word.hasSuffix("ies") { candidates.append(String(word.dropLast(3)) + "y") }
        if word.hasSuffix("es") { candidates.append(String(word.dropLast(2))) }
        if word.hasSuffix("s") && !word.hasSuffix("ss") { candidates.append(String(word.dropLast())) }
        return candidates
    }

    /// Lowercased words without punctuation or filler ("Find my mug!" → ["mug"]).
    static func normalize(_ query: String) -> [String] {
        let cleaned = query.lowercased().map { $0.isLetter || $0.isNumber ? $0 : " " }
        let words = String(cleaned).split(separator: " ").map(String.init)
        let meaningful = words.filter { !fillerWords.contains($0) }
        return meaningful.isEmpty ? words : meaningful
    }
}

/// Levenshtein distance over characters.
public func editDistance(_ a: String, _ b: String) -> Int { editDistance(Array(a), Array(b)) }

/// Levenshtein distance over any elements (characters, Unicode scalars); inlinable so that a caller in another
/// module gets it specialised for its element (a scanned page's text is tens of thousands of them).
@inlinable
public func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
