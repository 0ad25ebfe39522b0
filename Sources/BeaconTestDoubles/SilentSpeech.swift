import BeaconCore

/// Speech that takes time but makes no sound: each word lasts `secondsPerWord` at the normal rate. For tests where
/// what is said matters and how it sounds does not, so they need no speech engine.
public struct SilentSpeech: WordTimedSpeechSynthesizer {
    public var sampleRate: Int
    public var secondsPerWord: Double

    public init(sampleRate: Int = 22_050, secondsPerWord: Double = 0.3) {
        self.sampleRate = sampleRate
        self.secondsPerWord = secondsPerWord
    }

    public func synthesize(_ text: String, voice: String) throws -> PCMAudio {
        try synthesizeWithWords(text, voice: voice, rate: 1).audio
    }

    public func synthesizeWithWords(_ text: String, voice: String,
                                    rate: Double) throws -> (audio: PCMAudio, wordStarts: [Double]) {
        let words = text.split(whereSeparator: \.isWhitespace).count
        let perWord = secondsPerWord / max(rate, 0.1)
        let frames = Int((Double(words) * perWord * Double(sampleRate)).rounded())
        let starts = (0..<words).map { Double($0) * perWord }
        return (PCMAudio(sampleRate: sampleRate, samples: [Int16](repeating: 0, count: frames)), starts)
    }
}
