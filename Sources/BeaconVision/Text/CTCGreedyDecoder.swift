/// One character the recogniser emitted: where in the strip (time step) and how sure it was.
struct EmittedCharacter: Hashable, Sendable {
    var text: String
    var step: Int
    var probability: Float
}

/// A recognised strip before it is placed in the picture.
struct DecodedStrip: Hashable, Sendable {
    var characters: [EmittedCharacter]

    var text: String { characters.map(\.text).joined() }

    /// The mean of the emitted characters' probabilities; 0 for nothing.
    var confidence: Double {
        guard !characters.isEmpty else { return 0 }
        return characters.reduce(0.0) { $0 + Double($1.probability) } / Double(characters.count)
    }

    /// Characters grouped into words at spaces, each with the steps of its first and last character.
    var words: [(text: String, confidence: Double, firstStep: Int, lastStep: Int)] {
        var result: [(String, Double, Int, Int)] = []
        var current: [EmittedCharacter] = []
        func close() {
            guard let first = current.first, let last = current.last else { return }
            let confidence = current.reduce(0.0) { $0 + Double($1.probability) } / Double(current.count)
            result.append((current.map(\.text).joined(), confidence, first.step, last.step))
            current.removeAll()
        }
        for character in characters {
            if character.text.allSatisfy(\.isWhitespace) { close() } else { current.append(character) }
        }
        close()
        return result
    }
}

/// Greedy CTC decoding: the most likely class at each time step, repeats merged, blanks dropped.
/// Class 0 is the blank, class i the dictionary's line i − 1, and the class after the dictionary a space.
struct CTCGreedyDecoder: Sendable {
    let characters: [String]

    /// The dictionary as stored in a PP-OCR model's metadata: one character per line.
    init(dictionary: String) {
        characters = dictionary.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    init(characters: [String]) {
        self.characters = characters
    }

    /// The number of output classes the model must have: blank, the dictionary, space.
    var classCount: Int { characters.count + 2 }

    /// Decodes `steps` × `classes` probabilities (row-major).
    func decode(_ probabilities: UnsafeBufferPointer<Float>, steps: Int, classes: Int) -> DecodedStrip {
        precondition(probabilities.count >= steps * classes)
        var emitted: [EmittedCharacter] = []
        var previous = 0
        let base = probabilities.baseAddress!
        for step in 0..<steps {
            let row = base + step * classes
            var best = 0
            var bestValue = row[0]
            for index in 1..<classes where row[index] > bestValue {
                best = index
                bestValue = row[index]
            }
            if best != 0 && best != previous {
                let text = best - 1 < characters.count ? characters[best - 1] : " "
                emitted.append(EmittedCharacter(text: text, step: step, probability: bestValue))
            }
            previous = best
        }
        return DecodedStrip(characters: emitted)
    }
}
