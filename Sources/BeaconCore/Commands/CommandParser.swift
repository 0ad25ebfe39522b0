import Foundation

/// Turns a typed line (or a recogniser's words) into a command, forgiving the way people type: any case,
/// punctuation, polite filler ("please find my mug"), and a slip of a letter in longer words ("exlpore", "raed this").
///
/// Matching is done twice over the table: first word for word, then with typos allowed, so a typo never wins over an
/// exact match further down the table. Chinese is matched without spaces, as it is written.
public struct CommandParser: Sendable {
    public let table: CommandTable

    public init(table: CommandTable = CommandTable()) {
        self.table = table
    }

    public func parse(_ line: String) -> ParsedInput {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .unknown("") }
        if trimmed.unicodeScalars.contains(where: Self.isHan) { return parseChinese(trimmed) }
        let words = Self.withoutFiller(Self.words(of: trimmed))
        guard !words.isEmpty else { return .unknown(trimmed) }
        for tolerant in [false, true] {
            for entry in table.entries {
                if let result = match(entry, words: words, tolerant: tolerant) { return result }
            }
        }
        return .unknown(trimmed)
    }

    // MARK: - Words

    /// A word as typed and as compared.
    struct Word: Sendable, Hashable {
        var original: String
        var folded: String
    }

    static func words(of text: String) -> [Word] {
        var words: [Word] = []
        var current = ""
        func flush() {
            guard !current.isEmpty else { return }
            words.append(Word(original: current, folded: fold(current)))
            current = ""
        }
        for character in text {
            if character == "'" || character == "’" { continue } // "what's" is typed "whats" too
            if character.isLetter || character.isNumber || character == "." || character == "%" {
                current.append(character)
            } else {
                flush()
            }
        }
        flush()
        // A full stop ends a sentence unless it sits inside a number ("0.6").
        return words.compactMap { word in
            var word = word
            while word.original.hasSuffix(".") { word.original.removeLast(); word.folded.removeLast() }
            return word.original.isEmpty ? nil : word
        }
    }

    /// Lower case, ё as е, so "Ещё" and "еще" compare equal.
    static func fold(_ word: String) -> String {
        word.lowercased().replacingOccurrences(of: "ё", with: "е")
    }

    static let leadingFiller: [[String]] = [
        ["please"], ["beacon"], ["hey"], ["ok"], ["okay"], ["now"], ["can", "you"], ["could", "you"], ["would", "you"],
        ["will", "you"], ["i", "want", "to"], ["i", "want", "you", "to"], ["i", "would", "like", "to"],
        ["пожалуйста"], ["маяк"], ["бикон"], ["ну"], ["можешь"],
    ]
    static let trailingFiller: [[String]] = [["please"], ["thanks"], ["thank", "you"], ["пожалуйста"], ["спасибо"]]

    static func withoutFiller(_ words: [Word]) -> [Word] {
        var words = words
        var changed = true
        while changed {
            changed = false
            for filler in leadingFiller where words.count > filler.count
                && zip(words, filler).allSatisfy({ $0.folded == $1 }) {
                words.removeFirst(filler.count)
                changed = true
            }
            for filler in trailingFiller where words.count > filler.count
                && zip(words.suffix(filler.count), filler).allSatisfy({ $0.folded == $1 }) {
                words.removeLast(filler.count)
                changed = true
            }
        }
        return words
    }

    /// A typed word matches a word of a phrase exactly, or with one slip (two in words of eight letters or more);
    /// words under four letters must be exact, since one letter changes them into other words (cup, cap).
    static func matches(_ typed: String, _ expected: String, tolerant: Bool) -> Bool {
        if typed == expected { return true }
        guard tolerant, expected.count >= 4 else { return false }
        let allowed = expected.count >= 8 ? 2 : 1
        guard abs(typed.count - expected.count) <= allowed else { return false }
        return transpositionDistance(typed, expected) <= allowed
    }

    // MARK: - Matching

    private func match(_ entry: CommandTable.Entry, words: [Word], tolerant: Bool) -> ParsedInput? {
        let phrases = (entry.english + entry.russian).map { $0.split(separator: " ").map { Self.fold(String($0)) } }
        // The longest phrase first: "look for the text" before "look for".
        for phrase in phrases.sorted(by: { $0.count > $1.count }) where words.count >= phrase.count {
            guard zip(words, phrase).allSatisfy({ Self.matches($0.folded, $1, tolerant: tolerant) }) else { continue }
            let rest = Array(words.dropFirst(phrase.count))
            if entry.argument == .none {
                guard rest.isEmpty else { continue }
                return entry.command(with: .none).map(ParsedInput.command)
            }
            guard !rest.isEmpty else {
                return .incomplete(command: entry.name, given: "")
            }
            let given = rest.map(\.original).joined(separator: " ")
            guard let value = Self.argument(entry.argument, from: rest),
                  let command = entry.command(with: value) else {
                return .incomplete(command: entry.name, given: given)
            }
            return .command(command)
        }
        return nil
    }

    static func argument(_ kind: CommandTable.Argument, from words: [Word]) -> CommandTable.ArgumentValue? {
        let folded = words.map(\.folded).joined(separator: " ")
        switch kind {
        case .none:
            return CommandTable.ArgumentValue.none
        case .object, .ownObject, .text, .ride:
            return .words(words.map(\.original).joined(separator: " "))
        case .language:
            if let language = CommandTable.languageNames[folded] { return .language(language) }
            let close = CommandTable.languageNames.first { matches(folded, $0.key, tolerant: true) }
            return close.map { .language($0.value) }
        case .number:
            let digits = folded.replacingOccurrences(of: "%", with: "").replacingOccurrences(of: ",", with: ".")
            if let number = Double(digits) { return .number(number) }
            let spoken = folded.replacingOccurrences(of: " percent", with: "").replacingOccurrences(of: "-", with: " ")
            return CommandTable.numberWords[spoken].map { .number($0) }
        case .onOff:
            if CommandTable.onWords.contains(folded) { return .flag(true) }
            if CommandTable.offWords.contains(folded) { return .flag(false) }
            return nil
        }
    }

    // MARK: - Chinese

    private func parseChinese(_ text: String) -> ParsedInput {
        var compact = String(text.filter { !$0.isWhitespace && !$0.isPunctuation && !"，。！？、".contains($0) })
        for filler in ["请你", "请", "帮我", "给我"] where compact.hasPrefix(filler) && compact.count > filler.count {
            compact.removeFirst(filler.count)
        }
        for filler in ["吧", "一下", "谢谢"] where compact.hasSuffix(filler) && compact.count > filler.count {
            compact.removeLast(filler.count)
        }
        let candidates = table.entries.flatMap { entry in entry.chinese.map { (entry, $0) } }
            .sorted { $0.1.count > $1.1.count }
        for (entry, phrase) in candidates where compact.hasPrefix(phrase) {
            let rest = String(compact.dropFirst(phrase.count))
            if entry.argument == .none {
                if rest.isEmpty { return entry.command(with: .none).map(ParsedInput.command) ?? .unknown(text) }
                continue
            }
            guard !rest.isEmpty else { return .incomplete(command: entry.name, given: "") }
            let value: CommandTable.ArgumentValue?
            switch entry.argument {
            case .language: value = CommandTable.languageNames[rest].map { .language($0) }
            case .onOff: value = CommandTable.onWords.contains(rest) ? .flag(true) : CommandTable.offWords.contains(rest) ? .flag(false) : nil
            case .number: value = Double(rest.replacingOccurrences(of: "%", with: "")).map { .number($0) }
            default: value = .words(rest)
            }
            guard let value, let command = entry.command(with: value) else {
                return .incomplete(command: entry.name, given: rest)
            }
            return .command(command)
        }
        return .unknown(text)
    }

    static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        (0x4E00...0x9FFF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
    }
}

/// Edit distance counting a swap of two neighbouring letters as one slip ("raed" for "read").
public func transpositionDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
            }
        }
    }
    return table[a.count][b.count]
}
