import BeaconAudio
import Foundation

/// This machine's own speaker, for what the person setting up the server needs to hear (the pairing code). Silent
/// when no audio device answers: the printed lines say the same.
public final class MachineVoice: @unchecked Sendable {
    private let output: MixerOutput?
    private let lock = NSLock()

    public init(composition: Composition = Composition()) {
        output = MixerOutput.deviceSink().flatMap { try? composition.output(to: .device($0), voice: "en") }
        output?.begin()
    }

    public func say(_ text: String) {
        lock.withLock {
            guard let output else { return }
            _ = try? output.say(text, voice: "en", rate: 0.9, at: output.lastSpeechEnd)
        }
    }
}
