import Testing
@testable import BeaconCore

/// The last-metre distance cue of find (issue 11, item 3): with the distance-cue setting on, the centred beat's pitch
/// rises as the locked object comes nearer than 1 m, from depth when there is depth, else from its usual size; off,
/// nothing about the beat depends on the distance but its loudness.
@Suite struct DistanceCueTests {
    static func centred(distance: Double? = nil, estimated: Double? = nil, y: Double = 0.5) -> TargetState {
        TargetState(label: "cup", isVisible: true, position: NormalizedPoint(x: 0.5, y: y), apparentSize: 0.04,
                    distance: distance, estimatedDistance: estimated)
    }

    static var cueOn: CueModel {
        var model = CueModel()
        model.distanceCue = true
        return model
    }

    static let distances = [1.6, 1.2, 1.0, 0.95, 0.8, 0.6, 0.45, 0.3, 0.2, 0.15, 0.05]

    @Test func theCentredBeatRisesSteadilyThroughTheLastMetre() throws {
        let model = Self.cueOn
        let pitches = try Self.distances.map { try #require(model.cue(for: Self.centred(distance: $0), previous: nil).earcon).pitch }
        // Nearer never sounds lower; within 1 m to 0.2 m every step nearer sounds higher.
        #expect(zip(pitches, pitches.dropFirst()).allSatisfy { $0 <= $1 }, "\(pitches)")
        let inside = zip(Self.distances, pitches).filter { $0.0 < 1 && $0.0 >= 0.2 }.map(\.1)
        #expect(zip(inside, inside.dropFirst()).allSatisfy { $0 < $1 }, "\(inside)")
        // A metre or more: the ordinary centred beat. 0.2 m and nearer: the highest pitch.
        #expect(pitches[0] == 0 && pitches[2] == 0)
        #expect(pitches.suffix(3).allSatisfy { $0 == 1 })
        #expect(abs(pitches[5] - 0.5) < 1e-9) // 0.6 m is half way from 1 m to 0.2 m
    }

    @Test func withoutDepthTheObjectsUsualSizeServesAndDepthWins() throws {
        let model = Self.cueOn
        let estimated = try #require(model.cue(for: Self.centred(estimated: 0.6), previous: nil).earcon).pitch
        #expect(abs(estimated - 0.5) < 1e-9)
        let measured = try #require(model.cue(for: Self.centred(distance: 1.4, estimated: 0.6), previous: nil).earcon).pitch
        #expect(measured == 0)
        #expect(model.nearness(of: Self.centred()) == nil)
    }

    /// Off centre the beat keeps steering: its pitch says up or down whatever the distance.
    @Test func offCentreBeatsKeepSayingUpOrDown() throws {
        let model = Self.cueOn
        let below = try #require(model.cue(for: Self.centred(distance: 0.3, y: 0.85), previous: nil).earcon)
        #expect(below.kind == .tick && below.pitch == CueModel().pitch(for: NormalizedPoint(x: 0.5, y: 0.85)))
    }

    @Test func offTheDistanceChangesNoPitch() throws {
        let model = CueModel()
        #expect(!model.distanceCue)
        let pitches = try Self.distances.map { try #require(model.cue(for: Self.centred(distance: $0), previous: nil).earcon).pitch }
        #expect(Set(pitches).count == 1, "\(pitches)")
        #expect(model.nearness(of: Self.centred(distance: 0.5)) == nil)
    }

    @Test func theSettingIsOffUnlessAskedForAndTakesOnOrOff() throws {
        var settings = AssistantSettings()
        #expect(!settings.distanceCue && settings.value(of: .distanceCue) == "off")
        try settings.set(.distanceCue, to: "on", knownLabels: [])
        #expect(settings.distanceCue && settings.value(of: .distanceCue) == "on")
        #expect(try SettingKey.parse("Distance cue") == .distanceCue)
        #expect(throws: InvalidSetting.self) { try settings.set(.distanceCue, to: "loud", knownLabels: []) }
        #expect(settings.distanceCue)
        #expect(AssistantSettings(stored: ["distance-cue": "on"], knownLabels: []).distanceCue)
    }

    /// A cup approached with no depth: its box grows as the camera comes from 2 m to 0.25 m. With the setting on, the
    /// centred beat rises as the size prior puts it within the metre; off, it stays where it was.
    @Test(arguments: [true, false])
    func findPlaysTheCueFromTheSettingThroughTheSession(on: Bool) throws {
        var settings = AssistantSettings()
        settings.distanceCue = on
        var session = AssistantSessionTests.started(settings)
        _ = AssistantSessionTests.run(.findObject("cup"), on: &session, at: 1)
        // A 10 cm cup at d metres fills 0.1 / (2·tan 22.5°·d) of a 45° picture's height.
        let distances = stride(from: 2.0, through: 0.25, by: -0.05).map { $0 }
        var pitches: [(metres: Double, pitch: Double)] = []
        for (frame, metres) in distances.enumerated() {
            let time = 3 + Double(frame) * 0.1
            let height = 0.1 / (2 * 0.41421356 * metres)
            let cup = Detection(classIndex: 41, label: "cup", confidence: 0.9,
                                box: NormalizedRect(x: 0.5 - height / 3, y: 0.5 - height / 2, width: height / 1.5, height: height))
            let effects = session.handle(.detections([cup], frame: frame, timestamp: time))
            _ = session.handle(.speechFinished(timestamp: time + 0.05))
            for case .earcon(let earcon, _) in effects where earcon.kind == .centred {
                pitches.append((metres, earcon.pitch))
            }
        }
        let far = pitches.filter { $0.metres > 1.1 }.map(\.pitch)
        let near = pitches.filter { $0.metres < 0.9 }.map(\.pitch)
        try #require(!far.isEmpty && !near.isEmpty, "centred beats at \(pitches.map(\.metres))")
        #expect(far.allSatisfy { abs($0) < 0.05 }, "\(far)")
        if on {
            #expect(zip(near, near.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 }, "\(near)")
            #expect(near.last! > 0.8, "\(near)")
        } else {
            #expect(near.allSatisfy { abs($0) < 0.05 }, "\(near)")
        }
    }
}
