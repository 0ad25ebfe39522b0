import BeaconAudio
import BeaconCore
import BeaconMedia
import BeaconVision
import Foundation

/// Scripted and job runs: the session on the source's own clock, every frame worked on in line, so a run repeats
/// exactly (a script of commands, or one job such as `beacon find`).
extension AssistantRunner {
    /// Runs a script of commands (one a line; `wait SECONDS` lets time pass) against a source, on the source's own
    /// clock. Ends at `quit`, or when the script has ended and the session has settled.
    public func runScripted(source: FrameSource, script: @escaping () -> String?, settingsUnreadable: Bool = false) throws {
        let held = HeldFrameSource(source, interval: options.frameInterval)
        var clock = 0.0
        var scriptEnded = false
        output.begin()
        try start(settingsUnreadable: settingsUnreadable)
        readyAfter = readyAfter ?? 0
        while !quit {
            if session.isSettled, clock >= waitUntil, !scriptEnded {
                if let line = script() {
                    try take(line, at: clock)
                    continue
                }
                scriptEnded = true
            }
            if scriptEnded, session.isSettled, clock >= waitUntil { break }
            guard clock < options.maximumSeconds else { throw ScriptNeverSettled(seconds: options.maximumSeconds) }
            if let frame = try held.nextFrame() {
                clock = max(clock, frame.timestamp)
                try step(frame, at: clock)
            } else {
                clock += 0.05
                try step(nil, at: clock)
            }
        }
        try output.advance(to: clock + 1)
        try output.finish()
        finishEmergencyMessages()
        helpers?.stop()
    }

    /// Runs a job session (`AssistantJob`) to its end: on the wall clock with single keys from `keyboard`
    /// (`AssistantLiveLoop`), else on the source's own clock (`runJob(source:)`). What was said is kept (the output
    /// is finished) even when the run fails part way, as with a damaged video.
    public func runToEnd(source: FrameSource?, clock: SessionAssembly.Clock, power: any PowerSensor,
                         keyboard: Int32) throws {
        var failure: Error?
        do {
            if clock == .wall {
                try AssistantLiveLoop(runner: self, source: source, engines: engines, power: power,
                                      commands: .keys(descriptor: keyboard)).run(settingsUnreadable: false)
            } else {
                try runJob(source: source)
            }
        } catch {
            failure = error
        }
        try output.finish()
        if let failure { throw failure }
    }

    /// A job session (`AssistantJob`) on the source's own clock: every frame worked on in line, until the source
    /// ends, `maximumFrames` have been seen or the job ends; without a source (a page to read), time passes in
    /// small steps until the job ends. Repeatable, for recordings and tests.
    public func runJob(source: FrameSource?) throws {
        let started = Monotonic.seconds()
        var clock = 0.0
        output.begin()
        try dispatch(startEvent(settingsUnreadable: false), at: 0)
        while !quit {
            if let source {
                guard let frame = try source.nextFrame() else { break }
                let arrival = Monotonic.seconds()
                clock = frame.timestamp
                try step(frame, at: clock)
                if countFrame(latency: \.detectedLatencies, arrivedAt: arrival) { break }
            } else {
                clock += 0.02
                guard clock < options.maximumSeconds else { throw ScriptNeverSettled(seconds: options.maximumSeconds) }
                try step(nil, at: clock)
            }
        }
        if !quit, source != nil {
            // The video ended first: a job that keeps what it gathered (teaching) says so before the run ends.
            try dispatch(.sourceEnded(timestamp: clock), at: clock)
            let end = clock + 30
            while !quit, session.endsWhenSaid, clock < end {
                clock += 0.02
                try step(nil, at: clock)
            }
        }
        // Let the last words, beats and the reader's end earcon finish.
        try output.advance(to: clock + (source == nil ? 1 : 2))
        endStatistics(startedAt: started)
    }

    /// The one pump of the source's clock, for scripts and jobs alike: what the motion sensor, the emergency sender
    /// and the volunteers' hub brought by `clock`, the sound due by then, and the frame worked on in line (or, with no
    /// frame, time passing).
    func step(_ frame: Frame?, at clock: Double) throws {
        try feedFalls(at: clock, inStep: true)
        try feedVolunteers(at: clock)
        try settle(at: clock)
        if let frame {
            try process(frame, at: clock, inLine: true)
        } else {
            try dispatch(.tick(timestamp: clock), at: clock)
        }
    }

    /// A scripted line: `wait 2.5`, or a command.
    func take(_ line: String, at clock: Double) throws {
        let words = line.split(separator: " ")
        if words.first?.lowercased() == "wait", words.count == 2, let seconds = Double(words[1]), seconds >= 0 {
            waitUntil = clock + seconds
            return
        }
        try command(line, at: clock)
    }
}
