import BeaconCore

/// Where voice input comes from: a live microphone or a recording, as 16 kHz mono samples in chunks.
/// `VoiceInput` reads one on a thread of its own.
public protocol Microphone: AnyObject {
    /// What it is, for messages ("PulseAudio", "commands.wav").
    var name: String { get }
    /// The next chunk of 16 kHz mono samples, waiting for it if need be; nil once a recording has ended
    /// (a live microphone never ends, it fails).
    func read() throws -> [Int16]?
    /// Asks it to stop: the next `read` returns nil (a read already waiting ends within one chunk). Safe to call
    /// from another thread, and more than once.
    func close()
    /// How many talks its own talk button had begun when the last chunk was read (a phone's push to talk). The
    /// command window opens in step with the sound, so words sent right after the button are never lost to a
    /// busy thread elsewhere. Microphones without a button say 0.
    var talksStarted: Int { get }
}

extension Microphone {
    public var talksStarted: Int { 0 }
}
