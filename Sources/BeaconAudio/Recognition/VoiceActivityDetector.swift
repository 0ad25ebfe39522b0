import Foundation

/// Finds where speech starts and ends in a stream of 16 kHz samples, by loudness over a tracked noise floor.
///
/// PocketSphinx has a detector of its own (`ps_get_in_speech`), but it takes the first second of every stream for
/// speech while it learns the noise, so a command said in that second ran into the silence before it ("read this"
/// came out as "find a shoes"), and a second of silence alone came out as "bye". This one starts from the first
/// frames' level and needs no warming up.
struct VoiceActivityDetector: Sendable {
    enum Change: Equatable, Sendable {
        /// Speech began this many samples into the stream (a little before it became loud enough to be sure).
        case started(at: Int)
        /// Speech ended: the quiet after it has lasted long enough.
        case ended(at: Int)
    }

    static let frameSamples = 160 // 10 ms
    /// Louder than the floor by this much is speech…
    static let startMargin = 12.0
    /// …for this many frames in a row (short clicks are not speech)…
    static let startFrames = 10
    /// …and it lasts until the level stays within this much of the floor for `endFrames`.
    static let endMargin = 8.0
    static let endFrames = 50
    /// The floor follows a quieter room at once and a louder one at this many decibels a second, so a fan that starts
    /// is speech for a while (the recogniser rejects it) and then background.
    static let floorRisePerSecond = 3.0
    /// Digital silence has no level; the floor never goes below this (dBFS), so a dithered file behaves like a quiet room.
    static let lowestFloor = -70.0

    private(set) var floor: Double?
    private(set) var inSpeech = false
    private var loudRun = 0
    private var quietRun = 0
    private var frameIndex = 0
    private var partial: [Int16] = []

    /// Feeds samples; returns the changes they brought, in order.
    mutating func process(_ samples: ArraySlice<Int16>) -> [Change] {
        var changes: [Change] = []
        var rest = samples[...]
        if !partial.isEmpty {
            let needed = Self.frameSamples - partial.count
            partial += rest.prefix(needed)
            rest = rest.dropFirst(needed)
            guard partial.count == Self.frameSamples else { return changes }
            if let change = frame(level(partial[...])) { changes.append(change) }
            partial.removeAll(keepingCapacity: true)
        }
        while rest.count >= Self.frameSamples {
            if let change = frame(level(rest.prefix(Self.frameSamples))) { changes.append(change) }
            rest = rest.dropFirst(Self.frameSamples)
        }
        partial += rest
        return changes
    }

    /// Forgets any speech in progress (the floor is kept).
    mutating func reset() {
        inSpeech = false
        loudRun = 0
        quietRun = 0
    }

    /// Forgets speech in progress and the noise floor, which the next frame starts again, as in a new detector;
    /// positions keep counting from the start of the stream.
    mutating func forgetFloor() {
        reset()
        floor = nil
    }

    private func level(_ frame: ArraySlice<Int16>) -> Double {
        var sum = 0.0
        for sample in frame { sum += Double(sample) * Double(sample) }
        let rms = (sum / Double(frame.count)).squareRoot() / 32_768
        return max(20 * log10(max(rms, 1e-9)), Self.lowestFloor - 20)
    }

    private mutating func frame(_ level: Double) -> Change? {
        defer { frameIndex += 1 }
        let floor = self.floor ?? max(level, Self.lowestFloor)
        if !inSpeech {
            let rise = Self.floorRisePerSecond * Double(Self.frameSamples) / 16_000
            self.floor = max(Self.lowestFloor, level < floor ? level : floor + rise)
        }
        if inSpeech {
            quietRun = level < floor + Self.endMargin ? quietRun + 1 : 0
            if quietRun >= Self.endFrames {
                inSpeech = false
                quietRun = 0
                return .ended(at: (frameIndex + 1) * Self.frameSamples)
            }
        } else {
            loudRun = level > floor + Self.startMargin ? loudRun + 1 : 0
            if loudRun >= Self.startFrames {
                inSpeech = true
                loudRun = 0
                return .started(at: (frameIndex + 1 - Self.startFrames) * Self.frameSamples)
            }
        }
        return nil
    }
}
