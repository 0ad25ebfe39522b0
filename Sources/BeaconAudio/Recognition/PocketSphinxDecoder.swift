import CPocketSphinx
import Foundation

/// A PocketSphinx decoder: the en-us acoustic model, a dictionary of the grammar's words, and named searches.
/// The C handle and the argument strings it keeps pointers into live and die with this object; one thread at a time.
final class PocketSphinxDecoder {
    /// How much a grammar's transition probabilities weigh against the acoustic scores (PocketSphinx's default).
    static let languageWeight: Float = 6.5

    /// sphinxbase keeps process-wide state that is not thread-safe: one log FILE* (each decoder made with `-logfn`
    /// closed the previous one) and the dither's random generator. Two decoders on two threads corrupted the heap
    /// (seen when the test suites ran side by side), so logging is switched off once for the process and every call
    /// into the library takes this lock. Beacon runs one decoder, on the voice thread, so it never waits.
    private static let loggingOff: Void = err_set_logfp(nil)
    private static let library = NSLock()

    private let decoder: OpaquePointer
    private var dither = Dither()
    /// The running cepstral mean as the model starts it (its -cmninit, nothing learnt yet), for `forgetVoice`.
    private var initialMean: CepstralMean?
    /// `cmd_ln_parse_r` keeps pointers into argv, so the strings stay allocated until the decoder is freed.
    private let arguments: [UnsafeMutablePointer<CChar>?]

    /// - Parameters:
    ///   - acousticModel: the folder holding mdef, means, variances, …
    ///   - sampleRate: of the audio that will be fed.
    ///   - extraArguments: more `-name value` pairs, for experiments.
    init(acousticModel: URL, sampleRate: Int, extraArguments: [String] = []) throws {
        guard FileManager.default.fileExists(atPath: acousticModel.appendingPathComponent("mdef").path) else {
            throw RecognitionError.modelMissing(path: acousticModel.path)
        }
        let strings = ["beacon",
            "-hmm", acousticModel.path,
            "-samprate", "\(sampleRate)",
            // Dither is added by `process` from this decoder's own generator (see `Dither`): sphinxbase's comes
            // from one generator for the whole process, so each decoder's input depended on what every other
            // decoder had consumed, and recognition rates moved by two clips in a hundred between runs.
            "-dither", "no",
            // Score every senone in every frame, so a word's score does not depend on which hypotheses happened to
            // be alive before it: without it one phrase in nine was missed after a one-bit change in the input
            // (the same measurement). It costs about 0.07 s of CPU a recording.
            "-compallsen", "yes",
            // The front end's spectral noise subtraction, meant for a noisy room, ate into clean speech: with it
            // 120 of 170 spoken commands (five espeak-ng voices) were recognised, without it 143, and "find chair"
            // stopped coming out as "stop". The live cepstral mean normalisation still adapts to the microphone.
            "-remove_noise", "no",
            "-lw", "\(Self.languageWeight)",
        ] + extraArguments
        Self.loggingOff
        Self.library.lock()
        defer { Self.library.unlock() }
        var argv = strings.map { strdup($0) }
        arguments = argv
        // cmd_ln_init is variadic, which Swift cannot call; cmd_ln_parse_r takes the same flags as an argv.
        guard let config = cmd_ln_parse_r(nil, ps_args(), Int32(argv.count - 1), &argv[1], 1) else {
            argv.forEach { free($0) }
            throw RecognitionError.decoderFailed(reason: "it rejected its configuration")
        }
        defer { cmd_ln_free_r(config) } // the decoder keeps its own reference
        guard let decoder = ps_init(config) else {
            argv.forEach { free($0) }
            throw RecognitionError.decoderFailed(reason: "the acoustic model at \(acousticModel.path) did not load")
        }
        self.decoder = decoder
        initialMean = CepstralMean(decoder)
    }

    deinit {
        Self.library.withLock { _ = ps_free(decoder) }
        arguments.forEach { free($0) }
    }

    /// Adds words to the dictionary; alternatives become "word(2)", "word(3)", as in cmudict.
    func add(_ dictionary: PronunciationDictionary) throws {
        Self.library.lock()
        defer { Self.library.unlock() }
        for (word, pronunciations) in dictionary.pronunciations.sorted(by: { $0.key < $1.key }) {
            for (index, phones) in pronunciations.enumerated() {
                let name = index == 0 ? word : "\(word)(\(index + 1))"
                // update=false: the searches are built after all words are in.
                guard ps_add_word(decoder, name, phones, 0) >= 0 else {
                    throw RecognitionError.decoderFailed(reason: "it refused the pronunciation \"\(name) \(phones)\"")
                }
            }
        }
    }

    /// Adds a search named `name` for public rule `rule` of the JSGF text.
    func addGrammar(_ jsgf: String, rule: String, as name: String) throws {
        Self.library.lock()
        defer { Self.library.unlock() }
        guard let grammar = jsgf_parse_string(jsgf, nil) else {
            throw RecognitionError.decoderFailed(reason: "the generated grammar does not parse")
        }
        defer { jsgf_grammar_free(grammar) }
        let grammarName = String(cString: jsgf_grammar_name(grammar))
        // jsgf_get_rule adds the angle brackets itself.
        guard let found = jsgf_get_rule(grammar, "\(grammarName).\(rule)") else {
            throw RecognitionError.decoderFailed(reason: "the generated grammar has no rule <\(rule)>")
        }
        // The same language weight ps_set_jsgf_string would use.
        guard let fsg = jsgf_build_fsg(grammar, found, ps_get_logmath(decoder), Self.languageWeight) else {
            throw RecognitionError.decoderFailed(reason: "the grammar rule <\(rule)> did not compile")
        }
        defer { fsg_model_free(fsg) } // ps_set_fsg keeps its own reference
        guard ps_set_fsg(decoder, name, fsg) >= 0 else {
            throw RecognitionError.decoderFailed(reason: "the grammar rule <\(rule)> uses a word without a pronunciation")
        }
    }

    func select(_ search: String) throws {
        Self.library.lock()
        defer { Self.library.unlock() }
        guard ps_set_search(decoder, search) >= 0 else {
            throw RecognitionError.decoderFailed(reason: "it has no search \(search)")
        }
    }

    /// Forgets what the decoder learnt of the voices and microphone it heard (the running mean of their spectrum,
    /// which each utterance updates) and restarts the dither: it then hears the next utterance exactly as a new
    /// decoder would, whatever came before.
    func forgetVoice() {
        Self.library.lock()
        defer { Self.library.unlock() }
        initialMean?.restore(into: decoder)
        dither = Dither()
    }

    func startUtterance() throws {
        Self.library.lock()
        defer { Self.library.unlock() }
        guard ps_start_utt(decoder) >= 0 else { throw RecognitionError.decoderFailed(reason: "an utterance did not start") }
    }

    /// Feeds samples; `wholeUtterance` lets the decoder normalise over all of it at once.
    func process(_ samples: UnsafeBufferPointer<Int16>, wholeUtterance: Bool = false) throws {
        Self.library.lock()
        defer { Self.library.unlock() }
        guard !samples.isEmpty else { return }
        var dithered = Array(samples)
        dither.apply(to: &dithered)
        let status = dithered.withUnsafeBufferPointer { buffer in
            ps_process_raw(decoder, buffer.baseAddress, buffer.count, 0, wholeUtterance ? 1 : 0)
        }
        guard status >= 0 else { throw RecognitionError.decoderFailed(reason: "it could not process audio") }
    }

    func endUtterance() throws {
        Self.library.lock()
        defer { Self.library.unlock() }
        guard ps_end_utt(decoder) >= 0 else { throw RecognitionError.decoderFailed(reason: "an utterance did not end") }
    }

    /// The best hypothesis of the utterance just ended: its words (fillers and silences left out by the decoder),
    /// its path score (in PocketSphinx's own log base, not natural-log units), and the frames searched.
    func hypothesis() -> (words: String, score: Double, frames: Int) {
        Self.library.lock()
        defer { Self.library.unlock() }
        var score: Int32 = 0
        let text = ps_get_hyp(decoder, &score).map { String(cString: $0) } ?? ""
        let lnScore = logmath_log_to_ln(ps_get_logmath(decoder), score)
        return (text, lnScore, Int(ps_get_n_frames(decoder)))
    }
}

/// Half a bit of dither, as sphinxbase's own (one sample in four raised by one), from a generator of this decoder's
/// own with a fixed seed. A real microphone never gives exact digital silence; synthetic and file-fed speech does,
/// and that upsets feature normalisation ("cup" became "door"). The noise stands in for a room's noise floor, and a
/// decoder given the same sound always hears the same thing, whatever other decoders in the process do.
struct Dither {
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// xorshift64*: small, fast, and the same sequence on every platform.
    private mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    mutating func apply(to samples: inout [Int16]) {
        for index in samples.indices where next() >> 62 == 0 && samples[index] < .max {
            samples[index] += 1
        }
    }
}

/// The front end's running cepstral mean (live CMN): the mean, the sums it is updated from and their frame count.
/// sphinxbase's cmn_live_set would restart the sums from a window of 500 frames, which is not how a new decoder
/// starts (no frames at all), so the fields are copied as they are.
private struct CepstralMean {
    let mean: [Float]
    let sum: [Float]
    let frames: Int32

    init?(_ decoder: OpaquePointer) {
        guard let feature = ps_get_feat(decoder), let state = feature.pointee.cmn_struct else { return nil }
        let count = Int(state.pointee.veclen)
        mean = Array(UnsafeBufferPointer(start: state.pointee.cmn_mean, count: count))
        sum = Array(UnsafeBufferPointer(start: state.pointee.sum, count: count))
        frames = state.pointee.nframe
    }

    func restore(into decoder: OpaquePointer) {
        guard let feature = ps_get_feat(decoder), let state = feature.pointee.cmn_struct,
              Int(state.pointee.veclen) == mean.count else { return }
        for index in mean.indices {
            state.pointee.cmn_mean[index] = mean[index]
            state.pointee.sum[index] = sum[index]
        }
        state.pointee.nframe = frames
    }
}
