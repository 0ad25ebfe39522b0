import BeaconAudio
import BeaconCore
import BeaconMedia
import Foundation

/// One effect of the assistant as a JSON line: what a script or a test reads to see what Beacon did and said.
public struct EffectRecord: Encodable {
    public var time: Double
    public var effect: String
    public var text: String?
    public var language: String?
    public var voice: String?
    public var priority: String?
    public var earcon: String?
    public var pan: Double?
    /// Light mode's tone and the beats aiming at a code: their pitch, −1…+1 (the brightness; the bars' size and
    /// centring). Find's beats leave it out, as recorded before.
    public var pitch: Double?
    public var pattern: [Int]?
    public var mode: String?
    public var target: String?
    public var engine: String?
    public var frame: Int?
    public var setting: String?
    public var value: String?
    public var label: String?
    public var cue: CueSnapshot?
    /// The emergency message: which fall it is about, and where the person is.
    public var fall: Int?
    public var location: String?

    /// What the recogniser heard, before the session acts on it.
    public init(heard words: String, at time: Double) {
        self.time = (time * 1000).rounded() / 1000
        effect = "heard"
        text = words
    }

    public init(_ effect: AssistantEffect, at time: Double, defaultVoice: String, aimingAtCode: Bool = false) {
        self.time = (time * 1000).rounded() / 1000
        switch effect {
        case .speak(let utterance):
            self.effect = "speak"
            text = utterance.text
            language = (utterance.language ?? .english).rawValue
            voice = utterance.voice(default: defaultVoice)
            priority = "\(utterance.priority)"
        case .interruptSpeech: self.effect = "interrupt"
        case .stopAll: self.effect = "stop-all"
        case .earcon(let sound, _):
            self.effect = "earcon"
            earcon = sound.kind.rawValue
            pan = sound.pan
            if sound.kind == .light || (aimingAtCode && sound.kind == .tick) { pitch = (sound.pitch * 1000).rounded() / 1000 }
        case .haptic(let haptic):
            self.effect = "haptic"
            pattern = haptic.milliseconds
        case .cue(let snapshot):
            self.effect = "cue"
            cue = snapshot
        case .modeChanged(let newMode):
            self.effect = "mode"
            mode = newMode.name
            switch newMode {
            case .findingObject(let searched): target = searched.label
            case .findingText(let searched): target = searched
            case .askingForHelp(let thing): target = thing
            case .findingRide(let ride): target = ride.writtenPlate
            case .teaching(let thing): target = thing
            default: break
            }
        case .startEngine(let started):
            self.effect = "start-engine"
            engine = started.rawValue
        case .stopEngine(let stopped):
            self.effect = "stop-engine"
            engine = stopped.rawValue
        case .examine(let examined):
            self.effect = "examine"
            frame = examined
        case .identify(let question, let looked):
            self.effect = "identify"
            frame = looked
            target = question.rawValue
        case .setVolume(let volume):
            self.effect = "volume"
            value = String(format: "%.1f", volume)
        case .setPace(let limits):
            self.effect = "pace"
            value = "\(limits)"
        case .persistSetting(let key, let newValue):
            self.effect = "setting"
            setting = key.rawValue
            value = newValue
        case .resetSettings: self.effect = "reset-settings"
        case .recordDetection(let record):
            self.effect = "history"
            label = record.label
        case .recordUsage(let usageMode, let seconds, _, _):
            self.effect = "usage"
            mode = usageMode
            value = String(format: "%.1f", seconds)
        case .show(let line):
            self.effect = "show"
            text = line
        case .fetchUsage: self.effect = "fetch-usage"
        case .quit: self.effect = "quit"
        case .emergency(.send(let message, let webhook)):
            self.effect = "emergency-send"
            fall = message.fall
            label = message.kind.rawValue
            text = message.text
            location = message.location?.described
            value = webhook
        case .emergency(.withdraw(let withdrawn, let allClear, let webhook)):
            self.effect = "emergency-withdraw"
            fall = withdrawn
            label = allClear.kind.rawValue
            text = allClear.text
            value = webhook
        case .checkCar(let track, let checkedFrame, let box, _):
            self.effect = "check-car"
            frame = checkedFrame
            label = String(track)
            value = String(format: "%.3f,%.3f,%.3f,%.3f", box.x, box.y, box.width, box.height)
        case .helpers(.ask(let object, let asked)):
            self.effect = "helpers-ask"
            target = object
            language = asked.rawValue
        case .helpers(.sendPhoto(let photoFrame)):
            self.effect = "helpers-photo"
            frame = photoFrame
        case .helpers(.follow(let point, let photoFrame)):
            self.effect = "helpers-follow"
            frame = photoFrame
            value = String(format: "%.3f,%.3f", point.x, point.y)
        case .helpers(.close):
            self.effect = "helpers-close"
        case .taught(.watchViews(let on)):
            self.effect = "teach-views"
            value = on ? "on" : "off"
        case .taught(.store(let name, let lesson)):
            self.effect = "teach-store"
            target = name
            value = String(lesson.views.count)
        case .taught(.forget(let name)):
            self.effect = "teach-forget"
            target = name
        case .yourThings(let names):
            self.effect = "your-things"
            text = names.joined(separator: ", ")
        }
    }
}
