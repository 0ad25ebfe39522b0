import BeaconBench
import Foundation
import Testing
@testable import BeaconCore

/// The camera's pitch from the accelerometer (DeviceMotion axes: x right, y up along the screen, z out of it; the rear
/// camera looks along −z), and walk mode using it in place of the setting.
@Suite struct CameraPitchTests {
    static let g = IMUSample.gravity

    /// What a still phone pitched `degrees` down (top tilted away, rear camera towards the floor) and rolled `roll`
    /// degrees about its camera axis reads.
    static func still(pitch degrees: Double, roll: Double = 0) -> Vector3 {
        let p = degrees * .pi / 180, r = roll * .pi / 180
        return Vector3(g * cos(p) * sin(r), g * cos(p) * cos(r), g * sin(p))
    }

    /// A chest-worn phone at `pitch` while its wearer walks: at 1.9 steps a second the body bounces (±2.5 m/s² up and
    /// down) and surges (±1.5 m/s² forward and back), plus sensor noise, sampled at 50 Hz.
    static func walking(pitch degrees: Double, from start: Double = 0, seconds: Double, seed: UInt64 = 3) -> [IMUSample] {
        let p = degrees * .pi / 180
        let up = Vector3(0, cos(p), sin(p)), forward = Vector3(0, sin(p), -cos(p))
        var random = SplitMix64(seed: seed)
        return (0..<Int(seconds * 50)).map { index in
            let t = Double(index) / 50
            let phase = 2 * .pi * 1.9 * t
            var a = up * (g + 2.5 * sin(2 * phase)) + forward * (1.5 * sin(phase + 0.7))
            a = a + Vector3(Double.random(in: -0.3...0.3, using: &random), Double.random(in: -0.3...0.3, using: &random),
                            Double.random(in: -0.3...0.3, using: &random))
            return IMUSample(timestamp: start + t, acceleration: a)
        }
    }

    @Test(arguments: [0.0, 20, 45, 90, -10])
    func aStillPhonesPitchIsTheAngleOfGravityAboveTheScreen(degrees: Double) throws {
        let pitch = try #require(CameraPitchEstimator.pitchDegrees(gravity: Self.still(pitch: degrees)))
        #expect(abs(pitch - degrees) < 1e-9)
        // Rolled about the camera's axis (held a little crooked, or landscape): the same pitch.
        let rolled = try #require(CameraPitchEstimator.pitchDegrees(gravity: Self.still(pitch: degrees, roll: 35)))
        #expect(abs(rolled - degrees) < 1e-9)
    }

    @Test func walkingAveragesOutAndTheEstimateFollowsTheTilt() throws {
        var estimator = CameraPitchEstimator()
        var errors: [Double] = []
        for sample in Self.walking(pitch: 20, seconds: 6) {
            estimator.add(sample)
            if sample.timestamp >= 1.5 { errors.append(abs(try #require(estimator.pitchDegrees(at: sample.timestamp)) - 20)) }
        }
        #expect(errors.max()! < 2.5, "worst \(errors.max()!)°")
        // Tilted to 35° (strapped lower on a sloping chest): followed within a couple of seconds.
        for sample in Self.walking(pitch: 35, from: 6, seconds: 3, seed: 5) { estimator.add(sample) }
        #expect(abs(try #require(estimator.pitchDegrees(at: 9)) - 35) < 2.5)
    }

    @Test func noRecentSamplesOrNoGravityMeanNoPitch() {
        var estimator = CameraPitchEstimator()
        #expect(estimator.pitchDegrees(at: 0) == nil)
        estimator.add(IMUSample(timestamp: 1, acceleration: Self.still(pitch: 20)))
        #expect(estimator.pitchDegrees(at: 1.5) != nil)
        #expect(estimator.pitchDegrees(at: 2.5) == nil) // the newest sample is more than a second old
        // Falling freely the device reads almost nothing: no direction of gravity to go by.
        var falling = CameraPitchEstimator()
        for index in 0..<50 { falling.add(IMUSample(timestamp: Double(index) / 50, acceleration: Vector3(0.1, 0.2, 0.1))) }
        #expect(falling.pitchDegrees(at: 1) == nil)
    }

    /// A flat floor seen by a camera tilted 45° down while the setting says 20°: the floor's nearer than the setting
    /// expects, so it looks like something in the way. With the phone's samples, walk mode knows the tilt, and the
    /// floor alone says nothing; once the samples stop, the setting serves again.
    @Test func walkModeTakesThePitchFromTheIMUInsteadOfTheSetting() throws {
        let frames = DepthSequences.still(.flatFloor, renderer: WalkTestSupport.renderer(CameraPose(height: 1.3, pitchDegrees: 45)),
                                          frames: 30, rate: 15)
        var guessing = WalkSessionTests.walking()
        #expect(guessing.measuredCameraPitch(at: 10) == nil)
        let misread = WalkSessionTests.play(frames, on: &guessing)
        #expect(!WalkSessionTests.spoken(misread).isEmpty, "a floor 25° off should look like an obstacle")

        var measured = WalkSessionTests.walking()
        var effects: [(time: Double, effect: AssistantEffect)] = []
        var samples = Self.walking(pitch: 45, from: 8, seconds: 5)[...]
        for (index, frame) in frames.enumerated() {
            let time = 10 + frame.timestamp
            while let sample = samples.first, sample.timestamp <= time {
                _ = measured.handle(.falls(.motion(sample)))
                samples = samples.dropFirst()
            }
            effects += measured.handle(.depth(frame.map, frame: index, timestamp: time)).map { (time, $0) }
        }
        #expect(abs(try #require(measured.measuredCameraPitch(at: 12)) - 45) < 2.5)
        #expect(effects.isEmpty, "\(WalkSessionTests.spoken(effects).map(\.text))")
        #expect(measured.fallAlarmPhase == .idle)

        // Samples stopped at 13 s: by 20 s the setting is back, and the tilted floor is misread again.
        #expect(measured.measuredCameraPitch(at: 20) == nil)
        #expect(!WalkSessionTests.spoken(WalkSessionTests.play(frames, on: &measured, from: 20)).isEmpty)
    }
}
