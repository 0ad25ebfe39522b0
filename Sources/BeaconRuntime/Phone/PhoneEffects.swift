import BeaconAudio
import BeaconCore
import BeaconMedia
import BeaconServer

/// The session's effects as messages to a phone (docs/protocol.md): the same effects the terminal turns into sound,
/// turned into words, earcon scores and vibration patterns the page plays itself.
public enum PhoneEffects {
    /// The message for an effect, or nil for effects that stay on the server (history, usage, engines).
    public static func message(for effect: AssistantEffect, language: TextLanguage) -> ServerMessage? {
        switch effect {
        case .speak(let utterance):
            return .speak(text: utterance.text, language: (utterance.language ?? language).rawValue,
                          priority: "\(utterance.priority)")
        case .interruptSpeech: return .interrupt
        case .stopAll: return .stopAll
        case .earcon(let earcon, _):
            return .earcon(kind: earcon.kind.rawValue, pan: earcon.pan, gain: EarconSynthesizer.clampedGain(earcon.gain),
                           notes: score(of: earcon))
        case .haptic(let pattern): return .haptic(pattern: pattern.milliseconds)
        case .cue(let snapshot):
            return .cue(frame: snapshot.frame, lookedAt: snapshot.lookedAt, locked: snapshot.locked, pan: snapshot.pan,
                        centred: snapshot.centred)
        case .modeChanged(let mode):
            switch mode {
            case .findingObject(let target): return .mode(mode.name, target: target.label)
            case .findingText(let text): return .mode(mode.name, target: text)
            default: return .mode(mode.name, target: nil)
            }
        case .setVolume(let volume): return .volume(volume)
        case .persistSetting(let key, let value): return .setting(key.rawValue, value: value)
        case .show(let line): return .show(line)
        case .yourThings(let names): return .yourThings(names)
        default: return nil
        }
    }

    /// The earcon's notes at its pitch, in hertz: what `EarconSynthesizer` renders for the terminal.
    public static func score(of earcon: Earcon) -> [ServerMessage.Note] {
        let base = EarconSynthesizer.baseFrequency(pitch: earcon.pitch)
        return EarconDesign.notes(for: earcon.kind).map { note in
            let partials = note.partials.map { ServerMessage.Note.Partial(frequency: $0.ratio * base, amplitude: $0.amplitude) }
            switch note.envelope {
            case .sine:
                return .init(start: note.start, duration: note.duration, envelope: "sine", partials: partials)
            case let .smooth(attack, release):
                return .init(start: note.start, duration: note.duration, envelope: "smooth", attack: attack, release: release,
                             partials: partials)
            case let .bell(attack, decay):
                return .init(start: note.start, duration: note.duration, envelope: "bell", attack: attack, decay: decay,
                             partials: partials)
            }
        }
    }

    /// Frames a second the session needs from the phone's camera in a mode: guidance wants fresh frames, reading
    /// and scanning fewer, and an idle session only enough to notice hazards.
    public static func frameRate(for mode: AssistantMode) -> Double {
        switch mode {
        case .findingObject, .findingText, .walking, .askingForHelp, .findingRide, .followingLight, .aimingAtCode: 10
        case .reading, .readingShortText, .exploring, .continuousScanning, .onDemandScanning, .teaching: 5
        case .idle: 2
        }
    }
}
