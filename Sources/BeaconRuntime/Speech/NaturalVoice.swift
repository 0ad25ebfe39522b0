import BeaconAudio
import BeaconCore
import BeaconSpeech
import Foundation

/// Beacon's natural voice: Piper (en_US-joe-medium) for English, its phonemes from espeak-ng; Russian and Chinese,
/// for which no neural voice ships with a model, stay with espeak-ng. Word starts, which the mixer needs to stop
/// between words, are placed by each word's share of the phonemes (Piper reports no timings).
public struct NaturalVoice: WordTimedSpeechSynthesizer {
    let piper: PiperVoice
    let espeak: EspeakSynthesizer
    let phonemizer = EspeakPhonemizer()

    public init(piper: PiperVoice, espeak: EspeakSynthesizer) {
        self.piper = piper
        self.espeak = espeak
    }

    /// English voices ("en", "en-us", "en-gb") speak through Piper.
    static func speaksNaturally(_ voice: String) -> Bool { voice == "en" || voice.hasPrefix("en-") }

    /// Piper takes 50 to 200 ms a sentence on two cores: a longer text is made sentence by sentence.
    public func speaksSentenceBySentence(voice: String) -> Bool { Self.speaksNaturally(voice) }

    public func synthesize(_ text: String, voice: String) throws -> PCMAudio {
        try synthesizeWithWords(text, voice: voice, rate: 1).audio
    }

    public func synthesizeWithWords(_ text: String, voice: String, rate: Double) throws -> (audio: PCMAudio, wordStarts: [Double]) {
        guard Self.speaksNaturally(voice) else { return try espeak.synthesizeWithWords(text, voice: voice, rate: rate) }
        let phonemes = try phonemizer.ipa(text, voice: piper.phonemeVoice)
        let samples = try piper.speak(phonemes: phonemes, rate: rate)
        let audio = PCMAudio(sampleRate: piper.sampleRate, channels: 1,
                             samples: samples.map { Int16(max(-1, min(1, $0)) * 32767) })
        return (audio, Self.wordStarts(phonemes: phonemes, duration: audio.duration))
    }

    /// Where each word starts, by the phonemes before it: word i of n starts at the share of the phoneme characters
    /// that come before it.
    static func wordStarts(phonemes: String, duration: Double) -> [Double] {
        let words = phonemes.split(separator: " ").map(\.count)
        let total = words.reduce(0, +)
        guard total > 0 else { return [] }
        var before = 0
        return words.map { count in
            defer { before += count }
            return duration * Double(before) / Double(total)
        }
    }
}
