import BeaconAudio
import BeaconCore
import BeaconMedia
import Foundation

/// Reads text aloud: the reader session's effects go to the mixer, the terminal's keys and the mixer's reports of
/// finished speech come back as its events.
///
/// Live (in a terminal) the clock is the wall clock and keys work; offline (recording to a WAV file, or no terminal)
/// the clock is the sound's own time, advanced a buffer at a time, so a recording takes no longer than it must.
public final class ReaderLoop {
    private var session = ReaderSession()
    private let output: MixerOutput
    private let keys: TerminalKeys?
    /// Called with each unit's text as it starts, for the printed transcript.
    private let onUnit: (ReaderUtterance) -> Void
    /// Utterances handed to the mixer whose end has not been reported yet, oldest first: the mixer reports ends in
    /// the order speech was placed, so each report belongs to the first of these.
    private var unfinished: [Int] = []
    /// The utterance playing now: when it started and where its words start, to tell which word a pause cut.
    private var playing: (id: Int, text: String, start: Double, wordStarts: [Double])?

    private let transcript: any Transcript

    public init(output: MixerOutput, keys: TerminalKeys?, transcript: any Transcript,
         onUnit: @escaping (ReaderUtterance) -> Void) {
        self.transcript = transcript
        self.output = output
        self.keys = keys
        self.onUnit = onUnit
    }

    public func read(_ units: [ReadingUnit], ifEmpty: EmptyPage = .noText) throws {
        let live = keys != nil
        let step = 0.02
        let start = Monotonic.seconds()
        var clock = 0.0
        output.begin()
        try perform(session.handle(.start(units, ifEmpty: ifEmpty)), at: clock)
        while session.phase == .reading || (live && session.phase == .paused) {
            if live {
                Thread.sleep(forTimeInterval: step)
                clock = Monotonic.seconds() - start
            } else {
                clock += step
            }
            try output.advance(to: clock)
            while output.speechFinished(by: clock) != nil, !unfinished.isEmpty {
                let id = unfinished.removeFirst()
                if playing?.id == id { playing = nil }
                try perform(session.handle(.speechFinished(utterance: id)), at: clock)
            }
            for key in keys?.take() ?? [] {
                guard let readerKey = Self.readerKey(key) else { continue }
                if let playing, readerKey != .stop {
                    let offset = Self.characterOffset(of: playing, at: clock)
                    try perform(session.handle(.speechProgress(utterance: playing.id, characterOffset: offset)), at: clock)
                }
                try perform(session.handle(.key(readerKey)), at: clock)
                // As the object search does: the moment is on record, so a recording can be checked against it.
                if readerKey == .stop { transcript.note(String(format: "Stopped at %.2f s.", clock)) }
            }
        }
        try output.advance(to: clock + 1) // the end earcon
    }

    private func perform(_ effects: [ReaderEffect], at clock: Double) throws {
        for effect in effects {
            switch effect {
            case .speak(let utterance):
                onUnit(utterance)
                let wordStarts = try output.say(utterance.text, voice: utterance.language.voice, rate: utterance.rate, at: clock)
                unfinished.append(utterance.id)
                playing = (utterance.id, utterance.text, clock, wordStarts)
            case .interruptSpeech:
                output.interruptSpeech()
            case .stopAll:
                output.stopAll()
                playing = nil
            case .earcon(let earcon):
                output.play(earcon, at: clock)
            }
        }
    }

    /// The character offset of the word playing at `clock`: the k-th word event of espeak-ng is taken as the k-th
    /// word of the text (they agree for prose; a number espeak reads as several words moves the guess later, never
    /// past the text).
    public static func characterOffset(of playing: (id: Int, text: String, start: Double, wordStarts: [Double]), at clock: Double) -> Int {
        let elapsed = clock - playing.start
        let wordIndex = max(0, playing.wordStarts.filter { $0 <= elapsed }.count - 1)
        var offsets: [Int] = []
        var previousWasSpace = true
        for (offset, character) in playing.text.enumerated() {
            if !character.isWhitespace && previousWasSpace { offsets.append(offset) }
            previousWasSpace = character.isWhitespace
        }
        guard !offsets.isEmpty else { return 0 }
        return offsets[min(wordIndex, offsets.count - 1)]
    }

    public static func readerKey(_ key: TerminalKeys.Key) -> ReaderKey? {
        switch key {
        case .next: .next
        case .previous: .back
        case .space, .pauseResume: .pauseResume
        case .speed: .toggleSpeed
        case .stop: .stop
        case .repeatLast: nil
        }
    }
}
