import Foundation
import Testing
@testable import BeaconCore

@Suite struct SettingsModelTests {
    let labels = ObjectVocabulary.coco

    @Test func defaultsAreTheDocumentedOnes() {
        let settings = AssistantSettings()
        #expect(settings.value(of: .language) == "en")
        #expect(settings.value(of: .scanning) == "on-demand")
        #expect(settings.value(of: .speechSpeed) == "normal")
        #expect(settings.value(of: .volume) == "80")
        #expect(settings.value(of: .confidence) == "0.65")
        #expect(settings.value(of: .hazards) == "person, bicycle, car, motorcycle, bus, truck, dog")
        #expect(settings.value(of: .ignored) == "none")
        #expect(settings.value(of: .priority) == "person")
        #expect(settings.value(of: .batterySaver) == "auto")
        #expect(settings.value(of: .historyRetentionDays) == "7")
        #expect(settings.value(of: .alwaysListening) == "off")
        #expect(settings.value(of: .earcons) == "on")
        #expect(settings.value(of: .voice) == "natural")
    }

    @Test func theVoiceIsNaturalOrEspeak() throws {
        var settings = AssistantSettings()
        try settings.set(.voice, to: "eSpeak-NG", knownLabels: labels)
        #expect(settings.voice == .espeak)
        try settings.set(.voice, to: "Natural", knownLabels: labels)
        #expect(settings.voice == .natural)
        #expect(throws: InvalidSetting.self) { try settings.set(.voice, to: "robot", knownLabels: labels) }
        #expect(settings.voice == .natural)
        #expect(settings.confirmation(of: .voice) == "Voice set to natural.")
    }

    @Test func speechSpeedsStepAndStopAtTheEnds() {
        #expect(SpeechSpeed.allCases.map(\.rate) == [0.7, 0.85, 1, 1.25, 1.5])
        #expect(SpeechSpeed.normal.faster == .fast)
        #expect(SpeechSpeed.normal.slower == .slow)
        #expect(SpeechSpeed.fastest.faster == nil)
        #expect(SpeechSpeed.slowest.slower == nil)
    }

    @Test(arguments: [
        (SettingKey.language, "Russian", "ru"), (.language, "zh", "zh"), (.language, " English ", "en"),
        (.scanning, "Continuous", "continuous"), (.scanning, "on demand", "on-demand"), (.scanning, "on-demand", "on-demand"),
        (.speechSpeed, "FAST", "fast"), (.volume, "0", "0"), (.volume, "100%", "100"), (.volume, "60 percent", "60"),
        (.confidence, "60", "0.6"), (.confidence, "0.6", "0.6"), (.confidence, "60%", "0.6"), (.confidence, "0.95", "0.95"),
        (.confidence, "20", "0.2"), (.hazards, "bikes, person", "bicycle, person"), (.hazards, "Mug", "cup"),
        (.hazards, "dog, dogs, puppy", "dog"), (.ignored, "none", "none"), (.ignored, "", "none"),
        (.priority, "cars，phones", "car, cell phone"), (.batterySaver, "on", "on"), (.batterySaver, "no", "off"),
        (.historyRetentionDays, "30", "30"), (.historyRetentionDays, "365 days", "365"), (.historyRetentionDays, "1", "1"),
        (.alwaysListening, "yes", "on"), (.earcons, "OFF", "off"), (.haptics, "false", "off"),
    ])
    func validValuesAreStoredInCanonicalForm(key: SettingKey, given: String, canonical: String) throws {
        var settings = AssistantSettings()
        try settings.set(key, to: given, knownLabels: labels)
        #expect(settings.value(of: key) == canonical)
        // The canonical text is itself accepted and means the same.
        var again = AssistantSettings()
        try again.set(key, to: canonical, knownLabels: labels)
        #expect(again == settings)
    }

    @Test(arguments: [
        (SettingKey.language, "klingon"), (.scanning, "sometimes"), (.speechSpeed, "ludicrous"), (.volume, "250"),
        (.volume, "-10"), (.volume, "85"), (.volume, "loud"), (.confidence, "10"), (.confidence, "0.99"),
        (.confidence, "1"), (.confidence, "high"), (.hazards, "person, stairs"), (.ignored, "dragon"),
        (.batterySaver, "maybe"), (.historyRetentionDays, "0"), (.historyRetentionDays, "366"),
        (.historyRetentionDays, "2.5"), (.alwaysListening, "sometimes"), (.volume, "nan"), (.volume, "inf"),
    ])
    func invalidValuesAreRefusedInOneSentenceAndNothingChanges(key: SettingKey, given: String) {
        var settings = AssistantSettings()
        try? settings.set(.volume, to: "60", knownLabels: labels)
        let before = settings
        #expect(throws: InvalidSetting.self) { try settings.set(key, to: given, knownLabels: labels) }
        #expect(settings == before)
        do {
            try settings.set(key, to: given, knownLabels: labels)
        } catch {
            #expect(error.key == key)
            #expect(error.given == given)
            #expect(error.sentence.hasPrefix(key.title))
            #expect(error.sentence.hasSuffix("it stays \(before.value(of: key))."))
            #expect(error.sentence.filter { $0 == "." }.count <= 2, "one sentence: \(error.sentence)")
        }
    }

    @Test func refusalsNameTheRuleAndTheValueKept() {
        var settings = AssistantSettings()
        #expect(throws: InvalidSetting(key: .volume, given: "250",
                                       sentence: "Volume must be 0 to 100 percent in steps of 10; it stays 80.")) {
            try settings.set(.volume, to: "250", knownLabels: labels)
        }
        #expect(throws: InvalidSetting(key: .hazards, given: "bicycel", sentence:
            "Hazards must name objects Beacon knows, and \"bicycel\" is not one (did you mean bicycle?); it stays "
            + "person, bicycle, car, motorcycle, bus, truck, dog.")) {
            try settings.set(.hazards, to: "bicycel", knownLabels: labels)
        }
    }

    @Test func keysAreForgivingAndUnknownOnesListTheRealOnes() throws {
        #expect(try SettingKey.parse("speech-speed") == .speechSpeed)
        #expect(try SettingKey.parse("Speech speed") == .speechSpeed)
        #expect(try SettingKey.parse("speech_speed") == .speechSpeed)
        #expect(try SettingKey.parse("speechSpeed") == .speechSpeed)
        #expect(try SettingKey.parse("HISTORY_RETENTION_DAYS") == .historyRetentionDays)
        #expect(try SettingKey.parse("speechspeed") == .speechSpeed)
        do {
            _ = try SettingKey.parse("colour")
            Issue.record("colour was accepted")
        } catch {
            #expect(error.key == nil)
            #expect(error.sentence.hasPrefix("Unknown setting \"colour\"; settings are language, scanning, speech-speed"))
        }
    }

    @Test func confirmationsSayTheNewValue() throws {
        var settings = AssistantSettings()
        try settings.set(.speechSpeed, to: "fast", knownLabels: labels)
        #expect(settings.confirmation(of: .speechSpeed) == "Speech speed set to fast.")
        try settings.set(.volume, to: "90", knownLabels: labels)
        #expect(settings.confirmation(of: .volume) == "Volume set to 90 percent.")
        try settings.set(.hazards, to: "dog, car, bus", knownLabels: labels)
        #expect(settings.confirmation(of: .hazards) == "Hazards set to dog, car and bus.")
        try settings.set(.language, to: "ru", knownLabels: labels)
        #expect(settings.confirmation(of: .language) == "Language set to Russian.")
    }

    @Test func storedSettingsRoundTripAndBadOnesKeepTheirDefaults() throws {
        var settings = AssistantSettings()
        try settings.set(.language, to: "zh", knownLabels: labels)
        try settings.set(.confidence, to: "65%", knownLabels: labels)
        try settings.set(.ignored, to: "chair, tv", knownLabels: labels)
        let stored = Dictionary(uniqueKeysWithValues: settings.stored.map { ($0.key.rawValue, $0.value) })
        #expect(stored.count == SettingKey.allCases.count)
        #expect(AssistantSettings(stored: stored, knownLabels: labels) == settings)

        let restored = AssistantSettings.restored(
            from: ["volume": "250", "speech-speed": "fast", "hazards": "unicorn", "colour": "blue"], knownLabels: labels)
        #expect(restored.settings.speechSpeed == .fast)
        #expect(restored.settings.volume == 80)
        #expect(restored.settings.hazards == AssistantSettings().hazards)
        #expect(Set(restored.rejected.compactMap(\.key)) == [.volume, .hazards])
    }

    @Test func labelsAreCheckedAgainstTheDetectorsClasses() {
        var settings = AssistantSettings()
        #expect(throws: InvalidSetting.self) { try settings.set(.hazards, to: "cup", knownLabels: ["person", "dog"]) }
        #expect((try? settings.set(.hazards, to: "people, dogs", knownLabels: ["person", "dog"])) != nil)
        #expect(settings.hazards == ["person", "dog"])
    }
}
