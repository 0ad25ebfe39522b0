@testable import BeaconBench
import Testing
@testable import BeaconCore

/// The simulated person: turns the way the cues say, overshoots and corrects, holds when centred, sweeps when
/// nothing is heard.
@Suite struct SimulatedUserTests {
    /// A person whose ears are exact, so only the overshoot and reaction time vary.
    static var exactEars: UserTraits {
        var traits = UserTraits()
        traits.panNoise = 0
        traits.pitchNoise = 0
        return traits
    }

    static func person(seed: UInt64 = 7, traits: UserTraits = exactEars) -> SimulatedUser {
        SimulatedUser(traits: traits, facing: .ahead, random: SplitMix64(seed: seed))
    }

    static func beat(_ pan: Double, _ pitch: Double = 0, centred: Bool = false, at time: Double) -> TimedPercept {
        TimedPercept(time: time, percept: .beat(pan: pan, pitch: pitch, centred: centred))
    }

    @Test(arguments: [0.5, -0.5])
    func turnsTowardsThePanOfABeat(pan: Double) {
        var person = Self.person()
        person.perceive(Self.beat(pan, at: 0.1))
        let view = person.advance(to: 1.4)
        // Full pan is the picture's edge, 30° away: half pan means 15°, plus 10–25% overshoot.
        #expect(view.yaw * pan > 0, "turned \(view.yaw)° on pan \(pan)")
        #expect((16.4...18.8).contains(abs(view.yaw)))
        #expect(abs(view.pitch) < 1e-9)
        #expect(person.movements.count == 1)
        #expect(person.activity == .listening)
    }

    @Test func tiltsUpForAHighBeatAndDownForALowOne() {
        var up = Self.person(), down = Self.person()
        up.perceive(Self.beat(0, 0.6, at: 0))
        down.perceive(Self.beat(0, -0.6, at: 0))
        #expect(up.advance(to: 1.3).pitch > 10)
        #expect(down.advance(to: 1.3).pitch < -10)
    }

    @Test func waitsAReactionTimeBeforeMoving() {
        var person = Self.person()
        person.perceive(Self.beat(0.5, at: 1))
        #expect(person.advance(to: 1.1) == .ahead)
        #expect(person.activity == .reacting)
        #expect(person.advance(to: 2.3).yaw > 0)
    }

    @Test func overshootsThenCorrectsAndHoldsWhenCentred() {
        var person = Self.person()
        // The target is 15° to the right.
        person.perceive(Self.beat(0.5, at: 0))
        let first = person.advance(to: 1.3)
        #expect(first.yaw > 15, "every turn goes a little too far")
        // The next beat says where the target now is: a little to the left.
        person.perceive(Self.beat((15 - first.yaw) / 30, at: 1.4))
        let second = person.advance(to: 2.5)
        #expect(second.yaw < first.yaw, "turned back")
        #expect(abs(second.yaw - 15) < abs(first.yaw - 15), "closer than before")
        #expect(person.movements.count == 2)
        person.perceive(Self.beat(0, centred: true, at: 2.6))
        #expect(person.advance(to: 3.4) == second)
        #expect(person.activity == .holding)
        #expect(person.movements.count == 2)
    }

    @Test func ignoresBeatsFromBeforeItStopped() {
        var person = Self.person()
        person.perceive(Self.beat(0.5, at: 0))
        let stopped = person.advance(to: 1.2)
        #expect(person.activity == .listening)
        // A beat played while turning describes where the target was, not where it is.
        person.perceive(Self.beat(0.9, at: person.movements[0].end - 0.05))
        #expect(person.advance(to: 1.3) == stopped)
        #expect(person.movements.count == 1)
    }

    @Test func sweepsWhenNothingIsHeardAndStopsOnABeat() {
        var person = Self.person()
        let patience = person.traits.patience
        #expect(person.advance(to: patience - 0.1) == .ahead)
        let sweeping = person.advance(to: patience + 1)
        #expect(person.activity == .sweeping)
        #expect(abs(sweeping.yaw) > 10)
        person.perceive(Self.beat(0.2, at: patience + 1.05))
        let stopped = person.advance(to: patience + 2)
        #expect(person.activity != .sweeping)
        #expect(abs(stopped.yaw) < abs(sweeping.yaw) + 25 * 0.6, "stopped within a reaction time of the beat")
    }

    @Test(arguments: [-0.8, 0.8])
    func sweepsTowardsWhereTheTargetWasLost(pan: Double) {
        var person = Self.person()
        person.perceive(Self.beat(0, centred: true, at: 0))
        _ = person.advance(to: 1)
        person.perceive(TimedPercept(time: 1.2, percept: .lost(pan: pan)))
        let view = person.advance(to: 2.5)
        #expect(person.activity == .sweeping)
        #expect(view.yaw * pan > 0)
    }

    /// Told to keep turning mid-sweep, the person goes on past the usual 60° in the same direction.
    @Test func keepsTurningPastTheUsualSweepWhenToldTo() {
        func furthest(toldAt: Double?) -> Double {
            var person = Self.person()
            if let toldAt { person.perceive(TimedPercept(time: toldAt, percept: .words("Cup not in view; keep turning."))) }
            return stride(from: 0.0, through: 12, by: 0.1).map { abs(person.advance(to: $0).yaw) }.max() ?? 0
        }
        let reach = Self.exactEars.sweepReach
        #expect(abs(furthest(toldAt: nil) - reach) < 1e-6)
        let patience = Self.exactEars.patience
        #expect(furthest(toldAt: patience + 1) > reach + 100)
    }

    @Test func turnsOnClockWordsWhenNoBeatIsHeard() {
        var person = Self.person()
        person.perceive(TimedPercept(time: 0.2, percept: .words("Cup, eleven o'clock.")))
        #expect(person.advance(to: 1.6).yaw < -25)
    }

    @Test func theSameSeedGivesTheSamePerson() {
        func run(_ seed: UInt64) -> ViewDirection {
            var person = Self.person(seed: seed, traits: UserTraits())
            person.perceive(Self.beat(0.4, 0.2, at: 0))
            return person.advance(to: 1.3)
        }
        #expect(run(3) == run(3))
        #expect(run(3) != run(4))
    }
}
