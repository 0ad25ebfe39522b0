import BeaconCore

/// Where guidance effects go: the mixer and sink behind it (device, WAV file or nothing).
/// Times are on the guidance timeline: seconds since the search started (live) or video time (offline).
public protocol GuidanceOutput: AnyObject {
    /// Called when the guidance clock starts (time 0).
    func begin()
    func play(_ earcon: Earcon, at time: Double)
    func say(_ utterance: Utterance, at time: Double) throws
    func interruptSpeech()
    /// Silences speech, earcons and vibration at once.
    func stopAll()
    /// When speech handed over earlier has finished by `time`, the time it finished; reported once.
    func speechFinished(by time: Double) -> Double?
    /// Offline outputs render everything up to `time`; live ones play in real time and ignore this.
    func advance(to time: Double) throws
    func finish() throws
}
