@testable import BeaconAudio
import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@Suite("Earcon synthesis")
struct EarconSynthesizerTests {
    let synthesizer = EarconSynthesizer(sampleRate: 48_000)

    @Test("a tick is a 30 ms tone at 880 Hz that starts and ends at silence")
    func tick() {
        let tick = synthesizer.render(Earcon(kind: .tick, pan: 0))
        #expect(tick.sampleRate == 48_000 && tick.channels == 2)
        #expect(abs(tick.duration - 0.030) < 1.0 / 48_000, "\(tick.duration) s")
        let left = tick.channel(0)
        #expect(abs(left.zeroCrossingFrequency - 880) < 880 * 0.01, "\(left.zeroCrossingFrequency) Hz")
        // The sine envelope: nothing audible at either edge (no click), loudest in the middle.
        #expect(abs(Int(left.samples.first!)) < 50 && abs(Int(left.samples.last!)) < 150)
        #expect(abs(tick.peak - EarconSynthesizer.peakLevel * StereoPan(0).left) < 0.01, "peak \(tick.peak)")
        print("tick: \(tick.duration * 1000) ms at \(left.zeroCrossingFrequency) Hz, peak \(tick.peak)")
    }

    @Test("pitch −1 … +1 spans about ±5 semitones around 880 Hz", arguments: [
        (-1.0, 659.26), (-0.5, 761.67), (0.5, 1_016.71), (1.0, 1_174.66),
    ])
    func pitch(pitch: Double, expected: Double) {
        let measured = synthesizer.render(Earcon(kind: .tick, pitch: pitch)).channel(0).zeroCrossingFrequency
        #expect(abs(measured - expected) < expected * 0.015, "pitch \(pitch): \(measured) Hz, expected \(expected)")
        #expect(abs(EarconSynthesizer.baseFrequency(pitch: pitch) - expected) < 0.01)
    }

    @Test("a higher pitch offset sounds higher")
    func higherIsHigher() {
        let low = synthesizer.render(Earcon(kind: .tick, pitch: -1)).channel(0).zeroCrossingFrequency
        let high = synthesizer.render(Earcon(kind: .tick, pitch: 1)).channel(0).zeroCrossingFrequency
        #expect(high > low * 1.7, "low \(low) Hz, high \(high) Hz") // 10 semitones is a ratio of 1.78
    }

    @Test("full left and full right put at least 90 % of the energy on that side; the middle is even and as loud",
          arguments: [-1.0, -0.5, 0, 0.5, 1])
    func panning(pan: Double) {
        let energies = synthesizer.render(Earcon(kind: .tick, pan: pan)).channelEnergies
        let rightShare = energies.right / (energies.left + energies.right)
        let expected = (pan + 1) / 2 // sin²((pan + 1)·π/4) is exactly this at −1, 0 and +1
        if pan == -1 { #expect(rightShare <= 0.1, "right share \(rightShare)") }
        if pan == 1 { #expect(rightShare >= 0.9, "right share \(rightShare)") }
        if pan == 0 { #expect(abs(rightShare - 0.5) < 0.001) }
        #expect(abs(rightShare - pow(sin((pan + 1) * .pi / 4), 2)) < 0.001, "pan \(pan): \(rightShare) vs \(expected)")
        // Equal power: the total stays the same wherever the sound is.
        let centre = synthesizer.render(Earcon(kind: .tick, pan: 0)).channelEnergies
        #expect(abs((energies.left + energies.right) / (centre.left + centre.right) - 1) < 0.01)
    }

    @Test("gain scales the sound; out-of-range values are clamped")
    func gain() {
        let full = synthesizer.render(Earcon(kind: .tick, gain: 1)).peak
        #expect(abs(synthesizer.render(Earcon(kind: .tick, gain: 0.3)).peak - 0.3 * full) < 0.002)
        #expect(synthesizer.render(Earcon(kind: .tick, gain: 7)).peak == full)
        #expect(synthesizer.render(Earcon(kind: .tick, gain: -1)).peak == 0)
        #expect(synthesizer.render(Earcon(kind: .tick, pan: .nan, pitch: .infinity, gain: .nan)).peak == 0)
    }

    @Test("centred is a brighter double of 80–120 ms; found rises, lost falls; start and end are short chimes")
    func otherKinds() {
        let centred = synthesizer.render(Earcon(kind: .centred))
        #expect((0.080...0.120).contains(centred.duration), "centred \(centred.duration) s")
        // Two blips: a gap of silence in the middle.
        #expect(centred.slice(from: 0.047, to: 0.058).peak < 0.01)
        #expect(centred.slice(from: 0, to: 0.047).peak > 0.2 && centred.slice(from: 0.058, to: 0.105).peak > 0.2)

        for (kind, rises) in [(Earcon.Kind.found, true), (.lost, false)] {
            let sound = synthesizer.render(Earcon(kind: kind))
            let first = sound.slice(from: 0.010, to: 0.055).channel(0).zeroCrossingFrequency
            let second = sound.slice(from: 0.080, to: 0.140).channel(0).zeroCrossingFrequency
            #expect((0.12...0.2).contains(sound.duration), "\(kind) \(sound.duration) s")
            #expect(rises ? second > first * 1.4 : first > second * 1.4, "\(kind): \(first) Hz then \(second) Hz")
            print("\(kind): \(sound.duration) s, \(first) Hz then \(second) Hz")
        }
        for kind in [Earcon.Kind.start, .end] {
            let chime = synthesizer.render(Earcon(kind: kind))
            #expect((0.1...0.25).contains(chime.duration), "\(kind) \(chime.duration) s")
            // A struck bell: loud at first, fading.
            #expect(chime.slice(from: 0, to: 0.03).peak > 3 * chime.slice(from: chime.duration - 0.04, to: chime.duration).peak)
        }
    }

    @Test("hazard is an urgent two-tone call: four 70 ms notes alternating high and low a tritone apart")
    func hazard() {
        let hazard = synthesizer.render(Earcon(kind: .hazard))
        #expect((0.25...0.35).contains(hazard.duration), "hazard \(hazard.duration) s")
        let spacing = EarconDesign.hazardNoteSpacing
        let notes = (0..<4).map { index in
            let start = Double(index) * spacing
            return hazard.slice(from: start + 0.010, to: start + 0.060)
        }
        let frequencies = notes.map { $0.channel(0).zeroCrossingFrequency }
        #expect(frequencies[0] > frequencies[1] * 1.3 && frequencies[2] > frequencies[1] * 1.3
                && frequencies[2] > frequencies[3] * 1.3, "\(frequencies) Hz")
        #expect(abs(frequencies[0] - frequencies[2]) < 20 && abs(frequencies[1] - frequencies[3]) < 20, "\(frequencies) Hz")
        #expect(abs(frequencies[0] - 1_056) < 15 && abs(frequencies[1] - 748) < 15, "\(frequencies) Hz")
        // Every note is loud: no note is a quiet echo of another.
        #expect(notes.allSatisfy { $0.peak > 0.9 * hazard.peak }, "\(notes.map(\.peak)) of \(hazard.peak)")
        print("hazard: \(hazard.duration) s, notes at \(frequencies.map { Int($0.rounded()) }) Hz")
    }

    @Test("every kind sounds different, stays under the peak level and in the moderate band")
    func distinctKinds() {
        let sounds = Earcon.Kind.allCases.map { synthesizer.render(Earcon(kind: $0)) }
        #expect(Set(sounds.map(\.fingerprint)).count == Earcon.Kind.allCases.count)
        for (kind, sound) in zip(Earcon.Kind.allCases, sounds) {
            #expect(sound.peak <= EarconSynthesizer.peakLevel + 0.001, "\(kind) peak \(sound.peak)")
            let frequency = sound.channel(0).zeroCrossingFrequency
            #expect((400...1_200).contains(frequency), "\(kind): \(frequency) Hz")
        }
    }

    @Test("clips are cached per kind and quarter-semitone pitch step")
    func cache() {
        let synthesizer = EarconSynthesizer(sampleRate: 48_000)
        for pitch in [0, 0.01, -0.01, 0.02] { _ = synthesizer.clip(for: .tick, pitch: pitch) }
        #expect(synthesizer.cachedClipCount == 1)
        _ = synthesizer.clip(for: .tick, pitch: 0.05)
        _ = synthesizer.clip(for: .centred, pitch: 0)
        #expect(synthesizer.cachedClipCount == 3)
        #expect(synthesizer.render(Earcon(kind: .tick, pitch: 0.01)) == synthesizer.render(Earcon(kind: .tick, pitch: 0)))
    }
}
