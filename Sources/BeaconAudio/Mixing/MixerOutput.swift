import BeaconCore
import Foundation

/// Guidance effects into one stereo mix: earcons and speech on a shared timeline, played live through the audio
/// device, rendered into a WAV file in step with a video, or rendered to nowhere (so speech still takes its time).
public final class MixerOutput {
    public enum Destination {
        case device(AudioSink)
        case file(URL)
        case nowhere
    }

    private let mixer = CueMixer()
    private let synthesizer: any WordTimedSpeechSynthesizer
    private let voice: String
    private let player: AudioPlayer?
    private let renderer: OfflineRenderer?
    private let speaks: Bool
    private var pendingEnds: [Double] = []
    /// The sentences of an utterance not yet made: a slow voice says a long text sentence by sentence, each made
    /// shortly before the mixer reaches it, so the first words start early and nothing waits behind the rest.
    private var unsaid: [(utterance: Int, sentence: String, voice: String, rate: Double, isLast: Bool)] = []
    /// The parts of utterances said sentence by sentence: the session hears of the utterance's end once, when its
    /// last part ends or when it is interrupted.
    private var parts: [CueMixer.SpeechID: (utterance: Int, isLast: Bool)] = [:]
    private var interruptedUtterances: Set<Int> = []
    private var utterancesSplit = 0
    /// How much placed speech is still to play when the next sentence is made.
    static let sentenceLead = 0.6
    /// Each utterance's sound as it is placed on the mixer, for a listener elsewhere (a phone that plays the
    /// server's speech).
    public var onSpeech: ((PCMAudio) -> Void)?

    /// - Parameters:
    ///   - synthesizer: the voice (espeak-ng in the product; a stand-in in tests that are not about speech).
    ///   - speaks: false for beeps only: utterances are then finished as soon as they are handed over.
    public init(destination: Destination, synthesizer: any WordTimedSpeechSynthesizer, voice: String,
                speaks: Bool = true) throws {
        self.synthesizer = synthesizer
        self.voice = voice
        self.speaks = speaks
        _ = try synthesizer.synthesize("", voice: voice) // an unknown voice fails now, with its sentence
        switch destination {
        case .device(let sink):
            player = AudioPlayer(mixer: mixer, sink: sink)
            renderer = nil
            player?.start()
        case .file(let url):
            player = nil
            renderer = OfflineRenderer(mixer: mixer, sink: try WAVFileSink(url: url, sampleRate: mixer.sampleRate, channels: 2))
        case .nowhere:
            player = nil
            renderer = OfflineRenderer(mixer: mixer, sink: NullSink())
        }
    }

    /// Where sound goes for a command: the WAV file when one is named, else the audio device when sound is wanted
    /// and one answers, else nowhere (speech still takes its time).
    public static func destination(wav: String?, wantsDevice: Bool) -> Destination {
        if let wav { return .file(URL(fileURLWithPath: wav)) }
        if wantsDevice, let device = deviceSink() { return .device(device) }
        return .nowhere
    }

    /// The stereo device sink the live player needs, with a short buffer so a stop is heard at once, when a
    /// PulseAudio server answers.
    public static func deviceSink() -> AudioSink? {
        AudioOutput.liveDevice()
    }

    /// Mixer time minus guidance time: the player's timeline starts when it starts, the guidance clock later.
    private var offset = 0.0

    public func begin() {
        offset = player?.currentTime ?? 0
    }

    public func play(_ earcon: Earcon, at time: Double) {
        _ = mixer.schedule(earcon, at: time + offset)
    }

    public func say(_ utterance: Utterance, at time: Double) throws {
        try say(utterance.text, voice: utterance.voice(default: voice), rate: 1, at: time)
    }

    /// Says a text at `rate` times the normal speaking rate; returns where each word starts (seconds into the
    /// speech) so a reader can tell which word was playing when it was paused. Without speech nothing is placed on
    /// the mixer and the utterance counts as finished at once.
    @discardableResult
    public func say(_ text: String, voice: String, rate: Double, at time: Double) throws -> [Double] {
        guard speaks else {
            pendingEnds.append(time) // guidance time: nothing was placed on the mixer
            return []
        }
        let sentences = synthesizer.speaksSentenceBySentence(voice: voice) ? Self.sentences(of: text) : [text]
        guard sentences.count > 1 || !unsaid.isEmpty else {
            let (audio, wordStarts) = try synthesizer.synthesizeWithWords(text, voice: voice, rate: rate)
            _ = place(audio, wordStarts: wordStarts, at: time)
            lastSpeechDuration = audio.duration
            return wordStarts
        }
        utterancesSplit += 1
        let utterance = utterancesSplit
        let queued = sentences.enumerated().map { (utterance, $0.element, voice, rate, $0.offset == sentences.count - 1) }
        guard unsaid.isEmpty else {
            // Behind sentences not made yet: this waits its turn without holding anything up (a hazard that must
            // not wait interrupts first, which drops them).
            unsaid += queued
            lastSpeechDuration = 0
            return []
        }
        let (audio, wordStarts) = try synthesizer.synthesizeWithWords(sentences[0], voice: voice, rate: rate)
        parts[place(audio, wordStarts: wordStarts, at: time)] = (utterance, false)
        unsaid = Array(queued.dropFirst())
        // The rest is not made yet: its length is estimated from the first sentence's pace.
        let characters = Double(sentences.map(\.count).reduce(0, +))
        lastSpeechDuration = audio.duration * characters / Double(max(1, sentences[0].count))
        return wordStarts
    }

    private func place(_ audio: PCMAudio, wordStarts: [Double], at time: Double) -> CueMixer.SpeechID {
        let id = mixer.speak(audio, wordStarts: wordStarts, at: time + offset)
        onSpeech?(audio)
        lastSpeechEnd = max(lastSpeechEnd, max(time, mixer.endOfScheduledSound - offset))
        return id
    }

    /// Makes the next sentences waiting while less than `sentenceLead` of speech is left to play before `time`
    /// (mixer time), or all of them for `.infinity`.
    private func placeUnsaid(until time: Double) throws {
        while let next = unsaid.first, time == .infinity || mixer.endOfScheduledSound - time < Self.sentenceLead {
            unsaid.removeFirst()
            let (audio, wordStarts) = try synthesizer.synthesizeWithWords(next.sentence, voice: next.voice, rate: next.rate)
            parts[place(audio, wordStarts: wordStarts, at: mixer.endOfScheduledSound - offset)] = (next.utterance, next.isLast)
        }
    }

    /// A text's sentences: each ends at a full stop, question or exclamation mark followed by a space ("0.6 m" and
    /// "e.g." inside a word stay whole).
    public static func sentences(of text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        var previous: Character?
        for character in text {
            if character.isWhitespace, let mark = previous, ".?!".contains(mark), !current.isEmpty {
                sentences.append(current)
                current = ""
            } else if !(current.isEmpty && character.isWhitespace) {
                current.append(character)
            }
            previous = character
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { sentences.append(current) }
        return sentences
    }

    /// When the last speech placed on the mixer ends, on the caller's timeline (for benchmarks).
    public private(set) var lastSpeechEnd = 0.0
    /// How long the last utterance takes to say.
    public private(set) var lastSpeechDuration = 0.0

    /// Loudness of earcons and speech together, 0…1 (the user's volume setting).
    public func setVolume(_ volume: Double) {
        mixer.earconVolume = volume
        mixer.speechVolume = volume
    }

    public func interruptSpeech() {
        mixer.interruptSpeech()
        guard !unsaid.isEmpty else { return }
        // Every utterance waiting ends now, as the mixer ends what it drops; one with a part still in the mixer
        // ends with that part.
        var ended: Set<Int> = []
        for waiting in unsaid where ended.insert(waiting.utterance).inserted {
            if parts.values.contains(where: { $0.utterance == waiting.utterance }) {
                interruptedUtterances.insert(waiting.utterance)
            } else {
                pendingEnds.append(mixer.time - offset)
            }
        }
        unsaid.removeAll()
    }

    public func stopAll() {
        mixer.stopAll()
        unsaid.removeAll()
        parts.removeAll()
        interruptedUtterances.removeAll()
    }

    public func speechFinished(by time: Double) -> Double? {
        for end in mixer.takeSpeechEnds() {
            guard let part = parts.removeValue(forKey: end.id) else {
                pendingEnds.append(end.time - offset)
                continue
            }
            guard part.isLast || end.wasInterrupted || interruptedUtterances.contains(part.utterance) else { continue }
            // The utterance ends here; any part of it still queued is no second end.
            interruptedUtterances.remove(part.utterance)
            parts = parts.filter { $0.value.utterance != part.utterance }
            unsaid.removeAll { $0.utterance == part.utterance }
            pendingEnds.append(end.time - offset)
        }
        guard let first = pendingEnds.first, first <= time else { return nil }
        pendingEnds.removeFirst()
        return first
    }

    private var finished = false

    public func advance(to time: Double) throws {
        try placeUnsaid(until: (player?.currentTime ?? (time + offset)))
        try renderer?.renderToSink(until: time + offset)
        if let failure = player?.failure { throw failure }
    }

    /// Ends the output; a second call does nothing (a run that failed part way is finished by whoever catches it).
    public func finish() throws {
        guard !finished else { return }
        finished = true
        try placeUnsaid(until: .infinity)
        if let player {
            // Let what was placed be heard before closing the device.
            let remaining = mixer.endOfScheduledSound - player.currentTime
            if remaining > 0 { Thread.sleep(forTimeInterval: min(remaining, 5)) }
            try player.stop()
        }
        try renderer?.finish(tail: 0.2)
    }
}
