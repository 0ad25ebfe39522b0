/// Walk mode in the session: the `walk` command starts a `WalkMonitor`, `.depth` events drive it, and its cues come
/// out as the session's effects, its words through the session's one speech arbiter.
extension AssistantSession {
    /// Seconds between the depth frames the session wants now: walk mode asks for full rate (1/30 s) while the
    /// camera moves and half (1/15 s) while it is still; nil when nothing needs depth (another mode, or paused).
    /// Frames that come sooner are skipped by the session anyway; a live loop that reads this can skip computing
    /// them, which is where the saving is (a monocular model costs far more than the walk logic).
    public var depthInterval: Double? {
        guard mode == .walking, !isPaused, let walk else { return nil }
        return walk.depthInterval
    }

    /// Walk mode's view of the camera: its height and pitch from the settings, its fields of view from the
    /// configuration. A motion sensor's pitch, when one reports it, replaces the setting (`measuredPitch`).
    public func walkPose(measuredPitch: Double? = nil) -> CameraPose {
        CameraPose(height: settings.cameraHeight, pitchDegrees: measuredPitch ?? settings.cameraPitch,
                   horizontalFieldOfView: configuration.horizontalFieldOfView,
                   verticalFieldOfView: configuration.verticalFieldOfView)
    }

    /// The camera's pitch measured from the motion sensor's recent samples (`CameraPitchEstimator`, whose comment
    /// gives the axes assumed), or nil when there are none: walk mode then uses the camera-pitch setting.
    public func measuredCameraPitch(at timestamp: Double) -> Double? { cameraPitch.pitchDegrees(at: timestamp) }

    /// An IMU sample (the falls' own, `FallEvent.motion`): its gravity tells walk mode how the camera is tilted.
    mutating func noteMotion(_ sample: IMUSample) {
        cameraPitch.add(sample)
    }

    mutating func startWalking(at timestamp: Double, into effects: inout [AssistantEffect]) {
        enter(.walking, at: timestamp, announce: false, into: &effects)
        walk = WalkMonitor()
        say(phrasebook.walk.walking, at: timestamp, priority: .stateChange, requested: true, into: &effects)
    }

    /// A depth frame: in walk mode (not paused), the monitor's cues become effects.
    mutating func walkDepth(_ map: DepthMap, at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard mode == .walking, !isPaused, var monitor = walk else { return }
        let cues = monitor.update(map, pose: walkPose(measuredPitch: measuredCameraPitch(at: timestamp)), at: timestamp)
        walk = monitor
        for cue in cues {
            switch cue {
            case .earcon(var earcon):
                guard settings.earcons else { continue }
                earcon.gain *= arbiter.earconGain
                effects.append(.earcon(earcon, at: timestamp))
            case .haptic(let pattern):
                if settings.haptics { effects.append(.haptic(pattern)) }
            case .say(let message, let urgent):
                let (template, values) = phrasebook.walk.phrase(for: message, phrasebook: phrasebook)
                say(template, values, at: timestamp, priority: urgent ? .hazard : .stateChange, category: "walk",
                    into: &effects)
            }
        }
    }
}
