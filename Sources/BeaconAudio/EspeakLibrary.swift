import BeaconCore
import CEspeakNG
import Foundation

/// The one door to espeak-ng, which is a process-wide library: it holds a single current voice, a single
/// set of parameters and a single output callback for the whole process, and it is not thread-safe.
///
/// That shared C state is why this is the module's only global: every call takes `lock`, the library is
/// initialized once (re-initializing after `espeak_ng_Terminate` was seen to hang in 1.51), and the C callback,
/// which cannot capture anything, appends to `collectedSamples`, which is only touched while `lock` is held.
///
/// Measured on espeak-ng 1.51: the library also keeps pitch-flutter phase and clause state from one utterance
/// to the next, so a phrase is sample-identical only as the first utterance of a process; later takes of it
/// differ by a few percent in length. Nothing in the public API resets that state.
enum EspeakLibrary {
    private enum State {
        case notStarted
        case ready(sampleRate: Int)
        case failed(AudioError)
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var state = State.notStarted
    /// The voice espeak-ng has loaded; setting a voice costs a few milliseconds, so it is only done on a change.
    nonisolated(unsafe) private static var loadedVoice: String?
    /// Filled by the synthesis callback during one `espeak_ng_Synthesize` call.
    nonisolated(unsafe) fileprivate static var collectedSamples: [Int16] = []
    /// Where each word starts, in milliseconds into the utterance, from the same callback's word events.
    nonisolated(unsafe) fileprivate static var collectedWordStarts: [Int] = []

    /// Loads espeak-ng's data on first use; returns its output sample rate.
    static func start() throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        return try startWhileLocked()
    }

    /// Speaks `text` into memory. Empty text still selects the voice, so it checks that the voice exists.
    static func synthesize(_ text: String, voice: String, wordsPerMinute: Int) throws -> PCMAudio {
        try synthesizeWithWords(text, voice: voice, wordsPerMinute: wordsPerMinute).audio
    }

    /// Speaks `text` into memory and says where each word starts, in seconds into the audio, in order.
    static func synthesizeWithWords(_ text: String, voice: String,
                                    wordsPerMinute: Int) throws -> (audio: PCMAudio, wordStarts: [Double]) {
        lock.lock()
        defer { lock.unlock() }
        let sampleRate = try startWhileLocked()
        try select(voice: voice)
        if text.allSatisfy(\.isWhitespace) { return (PCMAudio(sampleRate: sampleRate), []) }

        // The rate is shared by every synthesizer in the process, so each utterance sets its own.
        espeak_ng_SetParameter(espeakRATE, Int32(wordsPerMinute), 0)
        collectedSamples.removeAll(keepingCapacity: true)
        collectedWordStarts.removeAll(keepingCapacity: true)
        // In synchronous mode this returns after the callback has received every sample, so no
        // espeak_ng_Synchronize is needed (and that call hangs after a failed synthesis).
        let status = text.withCString { cText in
            espeak_ng_Synthesize(cText, strlen(cText) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil)
        }
        guard status == ENS_OK else { throw AudioError.speechFailed(reason: message(for: status)) }
        let audio = PCMAudio(sampleRate: sampleRate, channels: 1, samples: collectedSamples)
        collectedSamples.removeAll(keepingCapacity: false)
        // Sorted and clipped to the audio: a word event may be stamped a millisecond past the last sample.
        let wordStarts = collectedWordStarts.map { min(Double($0) / 1000, audio.duration) }.sorted()
        collectedWordStarts.removeAll(keepingCapacity: false)
        return (audio, wordStarts)
    }

    /// The IPA phonemes espeak-ng reads `text` as, in `voice`: one string per clause espeak-ng found, in order.
    static func phonemes(_ text: String, voice: String) throws -> [String] {
        lock.lock()
        defer { lock.unlock() }
        _ = try startWhileLocked()
        try select(voice: voice)
        var clauses: [String] = []
        text.withCString { cText in
            var cursor: UnsafeRawPointer? = UnsafeRawPointer(cText)
            // Each call reads one clause and moves the cursor past it; nil once the text is used up.
            while let current = cursor {
                var position: UnsafeRawPointer? = current
                guard let result = espeak_TextToPhonemes(&position, Int32(espeakCHARS_UTF8), 0x02 /* IPA */) else { break }
                let clause = String(cString: result).trimmingCharacters(in: .whitespacesAndNewlines)
                if !clause.isEmpty { clauses.append(clause) }
                cursor = position
            }
        }
        return clauses
    }

    private static func startWhileLocked() throws -> Int {
        switch state {
        case .ready(let sampleRate): return sampleRate
        case .failed(let error): throw error
        case .notStarted: break
        }
        // nil: $ESPEAK_DATA_PATH when set, else the Debian default (/usr/lib/x86_64-linux-gnu/espeak-ng-data).
        espeak_ng_InitializePath(nil)
        var context: espeak_ng_ERROR_CONTEXT?
        let status = espeak_ng_Initialize(&context)
        espeak_ng_ClearErrorContext(&context)
        guard status == ENS_OK, espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil) == ENS_OK else {
            let error = AudioError.speechDataMissing(path: dataPath())
            state = .failed(error)
            throw error
        }
        espeak_SetSynthCallback { samples, count, events in
            if let samples, count > 0 {
                EspeakLibrary.collectedSamples.append(contentsOf: UnsafeBufferPointer(start: samples, count: Int(count)))
            }
            // The events that fell in this block, ended by espeakEVENT_LIST_TERMINATED; audio_position is in
            // milliseconds from the start of the utterance (espeak-ng counts samples from each Synthesize call).
            var event = events
            while let current = event, current.pointee.type != espeakEVENT_LIST_TERMINATED {
                // Measured on 1.51: a clause can end with a zero-length "word" at its last sample; it is no word.
                if current.pointee.type == espeakEVENT_WORD && current.pointee.length > 0 {
                    EspeakLibrary.collectedWordStarts.append(Int(current.pointee.audio_position))
                }
                event = current + 1
            }
            return 0 // 0 = keep going
        }
        let sampleRate = Int(espeak_ng_GetSampleRate())
        state = .ready(sampleRate: sampleRate)
        return sampleRate
    }

    private static func select(voice: String) throws {
        if voice == loadedVoice { return }
        // Voice names are looked up as files under espeak-ng-data/voices; keep them to names, not paths.
        guard !voice.isEmpty, !voice.contains("/"), !voice.contains("..") else {
            throw AudioError.voiceNotInstalled(voice)
        }
        guard espeak_ng_SetVoiceByName(voice) == ENS_OK else {
            loadedVoice = nil // a failed change may leave espeak-ng between voices
            throw AudioError.voiceNotInstalled(voice)
        }
        loadedVoice = voice
    }

    private static func dataPath() -> String {
        var path: UnsafePointer<CChar>?
        _ = espeak_Info(&path)
        return path.map { String(cString: $0) } ?? "espeak-ng-data"
    }

    private static func message(for status: espeak_ng_STATUS) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
