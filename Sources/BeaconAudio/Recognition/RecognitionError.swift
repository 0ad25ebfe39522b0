import BeaconCore

/// What can go wrong with voice input, each told as one sentence. Without a microphone Beacon goes on without
/// voice: the edge says `noMicrophone` once and keeps reading typed commands and keys.
public enum RecognitionError: UserFacingError, Equatable {
    /// No PulseAudio server answered, or it has no source to record from.
    case noMicrophone
    /// The server answered, then failed while recording.
    case microphoneFailed(reason: String)
    /// The acoustic model (Debian's pocketsphinx-en-us) is not installed where it was looked for.
    case modelMissing(path: String)
    /// PocketSphinx refused its configuration, grammar or audio.
    case decoderFailed(reason: String)

    public var sentence: String {
        switch self {
        case .noMicrophone:
            return AssistantPhrases().noMicrophone.english
        case .microphoneFailed(let reason):
            return "The microphone failed (\(reason)); type commands instead."
        case .modelMissing(let path):
            return "The speech recognition model is missing from \(path): install pocketsphinx-en-us, or type commands."
        case .decoderFailed(let reason):
            return "Speech recognition failed because PocketSphinx \(reason); type commands instead."
        }
    }
}
