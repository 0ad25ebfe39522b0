import BeaconAudio
import BeaconCore
import Foundation
import Testing

/// A slow voice says a long text sentence by sentence: the first sentence is made at once, each next one shortly
/// before the mixer reaches it, the session hears of the text's end once, and an interruption drops what was not
/// made yet, so a hazard said after it waits for nothing.
@Suite struct SentenceBySentenceTests {
    /// Speech of 0.3 s a word, in silence, that notes every text it is asked to make.
    final class NotingVoice: WordTimedSpeechSynthesizer, @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [String] = []
        var made: [String] { lock.withLock { texts } }

        func speaksSentenceBySentence(voice: String) -> Bool { true }

        func synthesize(_ text: String, voice: String) throws -> PCMAudio {
            try synthesizeWithWords(text, voice: voice, rate: 1).audio
        }

        func synthesizeWithWords(_ text: String, voice: String, rate: Double) throws -> (audio: PCMAudio, wordStarts: [Double]) {
            if !text.isEmpty { lock.withLock { texts.append(text) } }
            let words = text.split(separator: " ").count
            return (PCMAudio(sampleRate: 16_000, samples: [Int16](repeating: 0, count: words * 4_800)),
                    (0..<words).map { Double($0) * 0.3 })
        }
    }

    static let text = "Bus, about 8 metres, twelve o'clock. Person on the left. Door ahead, 0.6 metres away."

    @Test func sentencesAreMadeAsTheyAreReached() throws {
        let voice = NotingVoice()
        let output = try MixerOutput(destination: .nowhere, synthesizer: voice, voice: "en")
        output.begin()
        try output.say(Self.text, voice: "en", rate: 1, at: 0)
        #expect(voice.made == ["Bus, about 8 metres, twelve o'clock."])
        var ends: [Double] = []
        var time = 0.0
        while time < 8 {
            time += 0.1
            try output.advance(to: time)
            while let end = output.speechFinished(by: time) { ends.append(end) }
        }
        #expect(voice.made == ["Bus, about 8 metres, twelve o'clock.", "Person on the left.", "Door ahead, 0.6 metres away."])
        // Six words, then four, then five, back to back: one end, when the last has played.
        #expect(ends.count == 1, "\(ends)")
        #expect(abs((ends.first ?? 0) - 4.5) < 0.05, "\(ends)")
    }

    @Test func anInterruptionDropsWhatWasNotMade() throws {
        let voice = NotingVoice()
        let output = try MixerOutput(destination: .nowhere, synthesizer: voice, voice: "en")
        output.begin()
        try output.say(Self.text, voice: "en", rate: 1, at: 0)
        try output.advance(to: 0.5)
        output.interruptSpeech()
        try output.say("Stop. Car ahead.", voice: "en", rate: 1, at: 0.5)
        var ends: [Double] = []
        var time = 0.5
        while time < 6 {
            time += 0.1
            try output.advance(to: time)
            while let end = output.speechFinished(by: time) { ends.append(end) }
        }
        #expect(!voice.made.contains("Person on the left."), "\(voice.made)")
        #expect(voice.made.suffix(2) == ["Stop.", "Car ahead."], "\(voice.made)")
        // The interrupted text ends once, the warning once.
        #expect(ends.count == 2, "\(ends)")
    }

    @Test func sentencesSplitAtTheirEndsOnly() {
        #expect(MixerOutput.sentences(of: Self.text) == ["Bus, about 8 metres, twelve o'clock.", "Person on the left.",
                                                         "Door ahead, 0.6 metres away."])
        #expect(MixerOutput.sentences(of: "Cup, about one metre, one o'clock.") == ["Cup, about one metre, one o'clock."])
        #expect(MixerOutput.sentences(of: "Is it on? Yes!  Bright.") == ["Is it on?", "Yes!", "Bright."])
    }
}
