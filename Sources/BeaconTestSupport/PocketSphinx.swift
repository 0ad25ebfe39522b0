import Foundation

/// Debian's PocketSphinx command-line recogniser, limited to a JSGF grammar, as an impartial listener.
public struct PocketSphinx {
    public static let executable = "pocketsphinx_continuous"
    /// The US-English acoustic model from Debian's pocketsphinx-en-us.
    public static let acousticModel = "/usr/share/pocketsphinx/model/en-us/en-us"
    public static let sampleRate = 16_000

    public static var isInstalled: Bool {
        TestData.hasTool(executable) && FileManager.default.fileExists(atPath: acousticModel + "/mdef")
    }

    public let grammar: URL
    public let dictionary: URL

    /// Writes the grammar and its pronunciation dictionary into `folder`.
    public init(grammar grammarText: String, dictionary dictionaryText: String, in folder: URL) throws {
        grammar = folder.appendingPathComponent("grammar.gram")
        dictionary = folder.appendingPathComponent("words.dict")
        try grammarText.write(to: grammar, atomically: true, encoding: .utf8)
        try dictionaryText.write(to: dictionary, atomically: true, encoding: .utf8)
    }

    /// The words heard in a 16 kHz, 16-bit mono WAV file, lower case, separated by single spaces.
    public func recognize(_ wav: URL) throws -> String {
        let result = try TestData.run(Self.executable, [
            "-infile", wav.path, "-samprate", "\(Self.sampleRate)",
            "-hmm", Self.acousticModel, "-jsgf", grammar.path, "-dict", dictionary.path, "-logfn", "/dev/null",
            // Synthetic speech sits in exact digital silence, which no microphone produces and which upsets the
            // recogniser's feature normalisation ("cup" became "door"); half a bit of dither, from a fixed seed
            // so runs repeat, stands in for a real room's noise floor.
            "-dither", "yes", "-seed", "1",
            // Score every senone in every frame. By default the en-us model searches its Gaussians afresh only for the
            // phones the decoder has active and merely rescores, for the others, the shortlist kept from the last frame
            // they were active in; so a word's score depends on which hypotheses were alive before it, and a one-bit
            // change in the input (sox's random dither, espeak-ng's pitch-flutter phase) could make the search drop the
            // right phrase: for "Cup found." it heard "phone right", or nothing ("Final result does not match the
            // grammar"). Measured on 200 takes of each phrase, each after different utterances, each through sox 5
            // times: en-us "Cup found." through sox was missed 112 times in 1,000 without this and never with it, and
            // nothing else was missed in 7,200 takes. With 28 phrases the cost is small (about 0.07 s of CPU a
            // recording).
            "-compallsen", "yes",
        ])
        guard result.status == 0 else { throw RecognizerFailure(description: "\(Self.executable) failed: \(result.stderr)") }
        // One line per utterance it detected; a phrase split at its comma comes back as two lines.
        return result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }

    public struct RecognizerFailure: Error, CustomStringConvertible { public let description: String }
}

/// The guidance phrases' vocabulary: a few objects and where they are, so every phrase has 27 wrong neighbours.
public enum GuidanceGrammar {
    public static let jsgf = """
        #JSGF V1.0;
        grammar guidance;
        public <cue> = <object> <place>;
        <object> = cup | door | chair | phone;
        <place> = right | left | centred | lost | ahead | behind | found;

        """

    /// CMU-style pronunciations; the second forms are the British (non-rhotic) ones espeak-ng's "en" speaks.
    /// "centred" is not in Debian's cmudict at all.
    public static let dictionary = """
        cup K AH P
        door D AO R
        door(2) D AO
        chair CH EH R
        chair(2) CH EH
        phone F OW N
        right R AY T
        left L EH F T
        centred S EH N T ER D
        centred(2) S EH N T AH D
        lost L AO S T
        lost(2) L AA S T
        ahead AH HH EH D
        behind B IH HH AY N D
        found F AW N D

        """
}
