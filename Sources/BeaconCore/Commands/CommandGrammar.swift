import Foundation

/// The speech recogniser's grammar (JSGF), generated from the command table so voice and typed lines accept the
/// same commands. English only: Debian has no Russian or Chinese PocketSphinx model.
///
/// Arguments are closed lists, because a grammar-constrained recogniser can only return words the grammar
/// offers, and free dictation with the en-us model heard 6 of 60 commands right (io-stack.md):
/// objects are the detector's classes with their everyday names, text is a list of common sign words, numbers are
/// the number words the parser knows, languages and on/off are their names.
///
/// Every phrase the grammar accepts re-parses through `CommandParser` to a command (the recogniser checks it
/// again), so the recogniser can never act on words the typed-line path would not.
public struct CommandGrammar: Sendable {
    /// The word that starts a command in always-listening mode ("beacon, find cup").
    public static let wakeWord = "beacon"

    /// Rule names the recogniser selects: the plain commands (push-to-talk) and the wake-word form.
    public static let commandRule = "command"
    public static let wakeRule = "wake"
    /// Speech that is no command: filler words, when the caller gives one (see `jsgf(filler:fillerWeight:)`).
    public static let fillerRule = "filler"
    /// One word that is no command, said alone (see `jsgf(filler:fillerWeight:loneFiller:loneFillerWeight:)`).
    public static let loneFillerRule = "lone_filler"

    /// Words people find on signs, for "find text EXIT".
    public static let signWords: [String] = [
        "exit", "entrance", "way out", "way in", "no entry", "fire exit", "emergency exit", "toilet", "toilets",
        "restroom", "bathroom", "men", "women", "ladies", "gentlemen", "pharmacy", "chemist", "open", "closed",
        "push", "pull", "platform", "gate", "stop", "bus stop", "taxi", "station", "ticket", "tickets",
        "ticket office", "information", "reception", "office", "lift", "elevator", "stairs", "escalator",
        "danger", "caution", "warning", "wet floor", "private", "keep out", "out of order", "hospital", "police",
        "bank", "post office", "cafe", "coffee", "restaurant", "bar", "hotel", "shop", "market", "supermarket",
        "bakery", "pizza", "menu", "sale", "parking", "car park", "help", "first aid", "left", "right", "up", "down",
        "north", "south", "east", "west", "milk", "bread", "water", "sugar", "salt", "tea", "juice", "beer", "wine",
    ]

    /// Argument values for "language …": the English names the parser knows.
    public static let languageWords = ["english", "russian", "chinese", "mandarin"]
    /// Argument values for on/off commands; "enabled", "yes" and the rest stay typed-only, to keep the spoken
    /// choices few and far apart.
    public static let onOffWords = ["on", "off"]
    /// Optional words before an object's name ("find my keys").
    public static let objectDeterminers = ["my", "the", "a"]
    /// A ride's colours, as said before its plate ("find my ride, red, plate …").
    public static let rideColourWords = ["white", "grey", "gray", "silver", "black", "red", "blue", "green", "yellow",
                                         "orange", "brown", "beige", "purple"]
    /// What a plate is spelled with: the letters' names and the digits' words ("oh" for zero as people say it).
    public static let plateCharacterWords = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        + ["zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]

    public let table: CommandTable
    /// Object names the grammar offers (lower case, words separated by single spaces).
    public let objectNames: [String]
    /// English phrases of each entry that made it into the grammar, in table order.
    public let entryPhrases: [(entry: CommandTable.Entry, phrases: [String])]
    /// Phrases and argument values left out because a word in them cannot be said (`sayable` returned false).
    public let leftOut: [String]
    let signs: [String]
    let numbers: [String]
    let languages: [String]
    let onOff: [String]
    let rideColours: [String]
    let plateCharacters: [String]

    /// - Parameters:
    ///   - objectNames: names an object may be asked for by; the default is `CommandGrammar.everydayObjectNames`.
    ///   - sayable: whether the recogniser can pronounce a word (is in its dictionary). Phrases with a word it
    ///     cannot say are left out and listed in `leftOut`.
    public init(table: CommandTable = CommandTable(), objectNames: [String] = CommandGrammar.everydayObjectNames(),
                sayable: (String) -> Bool = { _ in true }) {
        self.table = table
        var leftOut: [String] = []
        func keep(_ phrases: [String]) -> [String] {
            var seen = Set<String>()
            return phrases.compactMap { phrase in
                let spoken = Self.spoken(phrase)
                guard !spoken.isEmpty, seen.insert(spoken).inserted else { return nil }
                guard spoken.split(separator: " ").allSatisfy({ sayable(String($0)) }) else {
                    leftOut.append(phrase)
                    return nil
                }
                return spoken
            }
        }
        entryPhrases = table.entries.filter(\.inFallbackGrammar).map { ($0, keep($0.english)) }
        self.objectNames = keep(objectNames)
        signs = keep(Self.signWords)
        numbers = keep(CommandTable.numberWords.keys.sorted { CommandTable.numberWords[$0]! < CommandTable.numberWords[$1]! })
        languages = keep(Self.languageWords)
        onOff = keep(Self.onOffWords)
        rideColours = keep(Self.rideColourWords)
        plateCharacters = keep(Self.plateCharacterWords)
        self.leftOut = leftOut
    }

    /// Every word the grammar can return, for checking a pronunciation dictionary.
    public var words: Set<String> {
        var words: Set<String> = [Self.wakeWord, "percent"]
        let phrases = entryPhrases.flatMap(\.phrases) + objectNames + signs + numbers + languages + onOff
            + Self.objectDeterminers + rideColours + plateCharacters + ["plate"]
        for phrase in phrases { words.formUnion(phrase.split(separator: " ").map(String.init)) }
        return words
    }

    /// The grammar as JSGF text, with public rules `<command>` (a command, "beacon" before it allowed) and
    /// `<wake>` ("beacon", then optionally a command).
    ///
    /// - Parameters:
    ///   - filler: a word (in the recogniser's dictionary, with many pronunciations) that stands for any word
    ///     that is no command. When given, both public rules gain a branch `<filler>` of one or more of it, each
    ///     weighted `fillerWeight`, so speech that is no command has a path of its own instead of being forced
    ///     onto the nearest command; the recogniser rejects an utterance that ends in that branch.
    ///   - fillerWeight: the probability of each filler word; the commands' paths have probability 1. Smaller
    ///     means fewer commands lost to the filler and more other speech taken for commands.
    ///   - loneFiller: a word that stands for one word that is no command, said alone: the words a filler string
    ///     must leave out because they are short enough to spell anything ("go", "no") or sound like a word of a
    ///     command ("right"). When given, both public rules gain a branch `<lone_filler>` of just that word, the
    ///     whole utterance (not after "beacon").
    ///   - loneFillerWeight: its probability.
    public func jsgf(filler: String? = nil, fillerWeight: Double = 1, loneFiller: String? = nil,
                     loneFillerWeight: Double = 1) -> String {
        var lines = ["#JSGF V1.0;", "", "grammar beacon;", ""]
        var ruleNames: [String] = []
        var bodies: [String] = []
        for (entry, phrases) in entryPhrases where !phrases.isEmpty {
            let name = Self.ruleName(entry.name)
            ruleNames.append("<\(name)>")
            let said = Self.alternatives(phrases)
            switch entry.argument {
            case .none: bodies.append("<\(name)> = \(said);")
            case .object: bodies.append("<\(name)> = (\(said)) [\(Self.alternatives(Self.objectDeterminers))] <object>;")
            case .ownObject: bodies.append("<\(name)> = (\(said)) my <object>;")
            case .text: bodies.append("<\(name)> = (\(said)) <sign>;")
            case .language: bodies.append("<\(name)> = (\(said)) <language_name>;")
            case .number: bodies.append("<\(name)> = (\(said)) <number> [percent];")
            case .onOff: bodies.append("<\(name)> = (\(said)) <on_off>;")
            // The spelling is a rule of its own, entered after "plate": sphinxbase loops a repetition back to the
            // state its rule was entered from.
            case .ride: bodies.append("<\(name)> = (\(said)) [<ride_colour>] plate <plate_spelling>;")
            }
        }
        let commands = ruleNames.joined(separator: " | ")
        let wake = Self.wakeWord
        // Speech that is no command: a string of filler words, with or without "beacon" before it, and one word
        // said alone. Not "beacon" and one word: the word after "beacon" is a command far more often than not, and
        // a short word there took "Beacon, explore." as "beacon or" in a new recogniser's first utterance.
        let alone = loneFiller.map { _ in " | <\(Self.loneFillerRule)>" } ?? ""
        if filler != nil {
            let fillerRule = "<\(Self.fillerRule)>"
            // A person asked to say it again often starts with "Beacon" again: the command rule allows it.
            lines.append("public <\(Self.commandRule)> = [\(wake)] (\(commands) | \(fillerRule))\(alone);")
            lines.append("public <\(Self.wakeRule)> = \(wake) [\(commands) | \(fillerRule)] | \(fillerRule)\(alone);")
        } else if loneFiller != nil {
            lines.append("public <\(Self.commandRule)> = [\(wake)] (\(commands))\(alone);")
            lines.append("public <\(Self.wakeRule)> = \(wake) [\(commands)]\(alone);")
        } else {
            lines.append("public <\(Self.commandRule)> = [\(wake)] (\(commands));")
            lines.append("public <\(Self.wakeRule)> = \(wake) [<\(Self.commandRule)>];")
        }
        if let filler {
            // sphinxbase's JSGF compiler keeps a weight only on an alternative that starts with a word, and it
            // loops a recursion (or "+") back to the state the rule was entered from, which for a rule entered at
            // the start would let "filler find cup" through as one path. So the first filler word leads into a
            // loop rule of its own.
            let weight = "/\(Self.decimal(fillerWeight))/", loop = "<\(Self.fillerRule)_loop>"
            lines.append("<\(Self.fillerRule)> = \(weight) \(filler) [\(loop)];")
            lines.append("\(loop) = \(weight) \(filler) [\(loop)];")
        }
        if let loneFiller {
            lines.append("<\(Self.loneFillerRule)> = /\(Self.decimal(loneFillerWeight))/ \(loneFiller);")
        }
        lines.append("")
        lines.append(contentsOf: bodies)
        lines.append("")
        // An argument's values share one probability, so a slot of 200 object names is no likelier a home for stray
        // speech than a fixed phrase (sphinxbase gives every unweighted alternative probability 1). With the filler
        // branch at 1e-14 this rejected 89 of 98 other sentences and noises instead of 85, recognising as many.
        lines.append("<object> = \(Self.weighted(objectNames));")
        lines.append("<sign> = \(Self.weighted(signs));")
        lines.append("<number> = \(Self.weighted(numbers));")
        lines.append("<language_name> = \(Self.weighted(languages));")
        lines.append("<on_off> = \(Self.weighted(onOff));")
        lines.append("<ride_colour> = \(Self.weighted(rideColours));")
        lines.append("<plate_character> = \(Self.weighted(plateCharacters));")
        lines.append("<plate_spelling> = <plate_character> [<plate_spelling>];")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The argument values the grammar offers for a kind of argument (none for `.none`).
    public func values(for argument: CommandTable.Argument) -> [String] {
        switch argument {
        case .none: []
        case .object: objectNames
        case .ownObject: objectNames.map { "my " + $0 }
        case .text: signs
        case .language: languages
        case .number: numbers
        case .onOff: onOff
        // Rides are spelled, not listed: a sample of what the rule accepts.
        case .ride: ["plate k x c two four seven"] + rideColours.map { "\($0) plate p f f three six zero zero" }
        }
    }

    /// The detector's class names and the everyday names for them, plus things people ask for that it cannot see
    /// (keys, a wallet), so those are heard and answered rather than rejected.
    public static func everydayObjectNames(_ vocabulary: ObjectVocabulary = ObjectVocabulary()) -> [String] {
        let names = vocabulary.labels + ObjectVocabulary.englishSynonyms.keys.sorted()
            + ObjectNames.notDetectable.keys.sorted()
        return names.filter { $0.unicodeScalars.allSatisfy { $0.isASCII } }
    }

    // MARK: - Text

    /// A phrase as the grammar spells it: lower case, words of letters only, single spaces, apostrophes dropped as
    /// the parser drops them ("what's" and "whats" are one phrase).
    static func spoken(_ phrase: String) -> String {
        let cleaned = phrase.lowercased().filter { $0 != "'" && $0 != "’" }.map { $0.isLetter ? $0 : " " }
        return String(cleaned).split(separator: " ").joined(separator: " ")
    }

    static func ruleName(_ name: String) -> String {
        String(spoken(name).map { $0 == " " ? "_" : $0 })
    }

    static func alternatives(_ phrases: [String]) -> String {
        phrases.joined(separator: " | ")
    }

    /// Alternatives of equal probability, summing to 1.
    static func weighted(_ phrases: [String]) -> String {
        let weight = "/\(decimal(1 / Double(max(phrases.count, 1))))/"
        return phrases.map { "\(weight) \($0)" }.joined(separator: " | ")
    }

    /// A probability as JSGF weights are written: plain decimals, no exponent ("0.000000000001").
    static func decimal(_ value: Double) -> String {
        precondition(value > 0 && value <= 1, "a weight is a probability")
        let places = max(1, Int((-log10(value)).rounded(.up)) + 6)
        var text = String(format: "%.\(places)f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.append("0") }
        return text
    }
}
