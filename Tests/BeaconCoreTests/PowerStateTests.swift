import Testing
@testable import BeaconCore

@Suite struct PowerStateTests {
    func battery(_ percent: Int, charging: Bool = false) -> PowerEvent {
        .reading(PowerReading(batteryPercent: percent, charging: charging))
    }

    func heat(_ celsius: Double) -> PowerEvent {
        .reading(PowerReading(hottestZone: ThermalZone(type: "cpu-thermal", celsius: celsius)))
    }

    /// Feeds the events in order and returns each one's changes.
    func changes(_ events: [PowerEvent], into state: inout PowerState) -> [[PowerChange]] {
        events.map { state.handle($0) }
    }

    @Test func autoTurnsOnOnceBelowFifteenPercentAndOffAboveTwenty() {
        var state = PowerState(setting: .auto)
        let reported = changes([battery(40), battery(15), battery(14), battery(14), battery(13), battery(16),
                                battery(20), battery(21), battery(19), battery(16)], into: &state)
        #expect(reported == [[], [], [.saverOn(.battery(percent: 14))], [], [], [], [],
                             [.saverOff(.battery(percent: 21))], [], []])
        #expect(!state.saverActive)
    }

    @Test func chargingTurnsAutoOffAndKeepsItOff() {
        var state = PowerState(setting: .auto)
        let reported = changes([battery(12), battery(12, charging: true), battery(13, charging: true),
                                battery(13), battery(14)], into: &state)
        // Unplugged again at 13 %: still low and discharging, so it comes back on, once.
        #expect(reported == [[.saverOn(.battery(percent: 12))], [.saverOff(.charging)], [],
                             [.saverOn(.battery(percent: 13))], []])
    }

    @Test func autoDoesNotTurnOnWhilePluggedInOrWithoutABattery() {
        var state = PowerState(setting: .auto)
        let reported = changes([battery(5, charging: true), .reading(.unknown), .reading(PowerReading(charging: false))],
                               into: &state)
        #expect(reported == [[], [], []])
        #expect(state.limits == .unlimited)
    }

    @Test func aFailedBatteryReadKeepsTheSaverAsItWas() {
        var state = PowerState(setting: .auto)
        _ = state.handle(battery(10))
        #expect(state.handle(.reading(.unknown)) == [])
        #expect(state.saverActive)
    }

    @Test func manualSettingsOverrideTheBattery() {
        var state = PowerState(setting: .on)
        #expect(state.handle(battery(80)) == [.saverOn(.command)])
        #expect(state.handle(battery(90, charging: true)) == [])
        #expect(state.handle(.setting(.off)) == [.saverOff(.command)])
        #expect(state.handle(battery(3)) == [])
        // Back to auto at 3 %: auto decides on the newest reading, and says why.
        #expect(state.handle(.setting(.auto)) == [.saverOn(.battery(percent: 3))])
        #expect(state.handle(.setting(.on)) == [])
    }

    @Test func leavingManualOnForAutoDecidesAfresh() {
        var state = PowerState(setting: .on)
        _ = state.handle(battery(18))
        // 18 % is inside the band where auto would keep a saver it had turned on itself; this one it had not.
        #expect(state.handle(.setting(.auto)) == [.saverOff(.battery(percent: 18))])
    }

    @Test func saverHalvesFrameAndDetectionRates() {
        var state = PowerState(setting: .on)
        _ = state.handle(.reading(.unknown))
        #expect(state.limits.frameRateFactor == 0.5)
        #expect(state.limits.detectionRateFactor == 0.5)
        // Resting as long as it worked halves the detector's free-running rate, whatever a run takes.
        #expect(state.limits.detectorRest(afterInferenceOf: 0.08) == 0.08)
        #expect(state.limits.detectorRest(afterInferenceOf: 0.3) == 0.3)
    }

    @Test func thermalStatesFollowTheHottestZoneWithHysteresisOnTheWayDown() {
        var state = PowerState()
        let reported = changes([heat(50), heat(64.9), heat(65), heat(79), heat(80), heat(77), heat(75.9), heat(92),
                                heat(87), heat(85.9), heat(40)], into: &state)
        #expect(reported == [[], [], [.thermal(.fair, from: .nominal, celsius: 65)], [],
                             [.thermal(.serious, from: .fair, celsius: 80)], [],
                             [.thermal(.fair, from: .serious, celsius: 75.9)],
                             [.thermal(.critical, from: .fair, celsius: 92)], [],
                             [.thermal(.serious, from: .critical, celsius: 85.9)],
                             [.thermal(.nominal, from: .serious, celsius: 40)]])
    }

    @Test func aReadingWithoutThermalZonesKeepsTheThermalState() {
        var state = PowerState()
        _ = state.handle(heat(85))
        #expect(state.handle(battery(50)) == [])
        #expect(state.thermal == .serious)
    }

    @Test func thermalDropWindowIsRevilios() {
        let policy = PowerPolicy()
        let inference = 0.1
        let windows = ThermalState.allCases.map {
            policy.limits(saverActive: false, thermal: $0).detectorRest(afterInferenceOf: inference)
        }
        #expect(windows.map { ($0 * 1000).rounded() } == [0, 30, 70, 150])
        // Capped at 150 ms for a slow detector; 50 ms assumed when the run time is not known yet.
        let critical = policy.limits(saverActive: false, thermal: .critical)
        #expect(critical.detectorRest(afterInferenceOf: 0.4) == 0.15)
        #expect(abs(critical.detectorRest(afterInferenceOf: nil) - 0.075) < 1e-12)
        #expect(PowerPolicy.textRecognition.limits(saverActive: false, thermal: .critical)
            .detectorRest(afterInferenceOf: 0.4) == 0.5)
        // Heat lowers the frame rate too, and adds to the saver's halving.
        #expect(policy.limits(saverActive: false, thermal: .serious).frameRateFactor == 0.75)
        let both = policy.limits(saverActive: true, thermal: .critical)
        #expect(both.frameRateFactor == 0.25)
        #expect(abs(both.detectorRest(afterInferenceOf: 0.1) - 0.25) < 1e-12)
    }

    @Test func eachChangeIsReportedOnceInTheOrderItHappened() {
        var state = PowerState(setting: .auto)
        let sequence: [PowerEvent] = [
            .reading(PowerReading(batteryPercent: 14, charging: false, hottestZone: ThermalZone(type: "soc", celsius: 82))),
            .reading(PowerReading(batteryPercent: 14, charging: false, hottestZone: ThermalZone(type: "soc", celsius: 83))),
            .reading(PowerReading(batteryPercent: 13, charging: true, hottestZone: ThermalZone(type: "soc", celsius: 60))),
        ]
        #expect(changes(sequence, into: &state) == [
            [.saverOn(.battery(percent: 14)), .thermal(.serious, from: .nominal, celsius: 82)],
            [],
            [.saverOff(.charging), .thermal(.nominal, from: .serious, celsius: 60)],
        ])
    }

    @Test func phrasesSayWhatChangedAndLeaveSmallStepsUnsaid() {
        let phrases = PowerPhrases()
        #expect(phrases.sentence(for: .saverOn(.battery(percent: 14))) == "Battery at 14 percent; battery saver on.")
        #expect(phrases.sentence(for: .saverOff(.charging)) == "Charging; battery saver off.")
        #expect(phrases.sentence(for: .saverOn(.command)) == "Battery saver on; scanning at half rate.")
        #expect(phrases.sentence(for: .saverOn(.battery(percent: 14)), in: .russian) == "Заряд 14 процентов; экономия включена.")
        #expect(phrases.sentence(for: .thermal(.serious, from: .fair, celsius: 81)) == "Running hot; slowing down.")
        #expect(phrases.sentence(for: .thermal(.fair, from: .nominal, celsius: 66)) == nil)
        #expect(phrases.sentence(for: .thermal(.nominal, from: .fair, celsius: 50)) == nil)
        #expect(phrases.sentence(for: .thermal(.fair, from: .serious, celsius: 70)) == "Cooler now; speeding up again.")
    }
}
