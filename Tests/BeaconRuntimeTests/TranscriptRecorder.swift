import BeaconRuntime

/// The runtime tests' name for a transcript kept in memory.
typealias TranscriptRecorder = KeptTranscript
