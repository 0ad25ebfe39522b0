import BeaconCore
import Foundation

/// What can go wrong while making or playing sound, each told as one sentence a person can act on.
public enum AudioError: UserFacingError, Equatable {
    /// espeak-ng has no voice by this name (or its dictionary is missing).
    case voiceNotInstalled(String)
    /// espeak-ng's data folder (phoneme tables, voices) is missing or unreadable.
    case speechDataMissing(path: String)
    /// espeak-ng accepted the voice but failed while speaking.
    case speechFailed(reason: String)
    /// No PulseAudio (or pipewire-pulse) server answered.
    case noAudioDevice
    /// The server answered but refused the stream or failed while playing.
    case audioDeviceFailed(reason: String)
    /// The folder a file should go in does not exist (or is not a folder).
    case folderMissing(file: URL)
    /// The folder exists but this process may not create files in it.
    case folderNotWritable(file: URL)
    /// Writing, flushing or renaming a file failed (a full disk, for example).
    case fileWriteFailed(file: URL, reason: String)
    /// A file could not be opened or read.
    case fileUnreadable(file: URL, reason: String)
    /// A file is not a WAV file this module can read.
    case notPCMWAV(file: URL, reason: String)
    /// Sound was sent to a sink after it was closed.
    case sinkClosed(name: String)

    public var sentence: String {
        switch self {
        case .voiceNotInstalled(let voice):
            return "Voice '\(voice)' is not installed: install espeak-ng-data or choose en, ru or cmn."
        case .speechDataMissing(let path):
            return "Speech data is missing from \(path): install espeak-ng-data."
        case .speechFailed(let reason):
            return "Speech synthesis failed (\(reason)): try a shorter text or another voice."
        case .noAudioDevice:
            return "No audio device is reachable: use --wav FILE to record the speech, or start PulseAudio."
        case .audioDeviceFailed(let reason):
            return "The audio device failed (\(reason)): use --wav FILE to record the speech instead."
        case .folderMissing(let file):
            return "Cannot save \(file.lastPathComponent) because the folder \(file.deletingLastPathComponent().path) does not exist: create it or choose another folder."
        case .folderNotWritable(let file):
            return "Cannot save \(file.lastPathComponent) because the folder \(file.deletingLastPathComponent().path) is not writable: choose a folder you can write to."
        case .fileWriteFailed(let file, let reason):
            return "Writing \(file.path) failed (\(reason)): free some space or choose another folder."
        case .fileUnreadable(let file, let reason):
            return "Cannot read \(file.path) (\(reason)): check the path."
        case .notPCMWAV(let file, let reason):
            return "\(file.path) is not a 16-bit PCM WAV file (\(reason)): convert it, for example with sox."
        case .sinkClosed(let name):
            return "The audio output \(name) is already closed: open a new one."
        }
    }
}
