import BeaconAudio
import BeaconCore
import BeaconRuntime
import BeaconSpeech
import BeaconTestSupport
import Foundation
import Testing

/// Voice commands as a session hears them (`VoiceInput` driving `TranscribingRecognizer`): Silero VAD finds the
/// speech, Moonshine writes it, the command parser judges it. Real people's words through push to talk, and the
/// wake word found in what was said.
@Suite(.serialized) struct SpokenCommandTests {
    /// The shared models, or nil (skipped, or failed under CI's rule) when one is missing.
    static func hearing() throws -> SpeechHearing? {
        guard try ListenRunTests.engines() != nil else { return nil }
        return try Composition().hearing()
    }

    // MARK: - Judging a transcript

    @Test func aTranscriptIsACommandOnlyWhenItsWordsAreOne() {
        func verdict(_ text: String, _ mode: ListeningMode = .command) -> RecognizedUtterance.Verdict {
            TranscribingRecognizer.verdict(for: text, mode: mode)
        }
        #expect(verdict("Stop.") == .command(.stop))
        // A sentence the recogniser invents after the speech changes nothing.
        #expect(verdict("Stop. Thank you.") == .command(.stop))
        #expect(verdict("Find the text exit. Thank you for watching.") == .command(.findText("exit")))
        #expect(verdict("Stop, stop.") == .command(.stop))
        #expect(verdict("Find my cup.") == .command(.findObject("my cup")))
        // A number's point is no full stop.
        #expect(verdict("Set volume to 0.5.") == TranscribingRecognizer.verdict(for: "set volume to 0.5", mode: .command))
        #expect(verdict("I think we should go.") == .rejected(.unparsable))
        #expect(verdict("") == .rejected(.nothingHeard))
        #expect(verdict(" ... ") == .rejected(.nothingHeard))

        // Always listening: only what follows "Beacon" is for Beacon.
        #expect(verdict("Beacon, find my keys.", .wakeWord) == .command(.findObject("my keys")))
        #expect(verdict("Okay, Beacon. Stop.", .wakeWord) == .command(.stop))
        #expect(verdict("Beacon.", .wakeWord) == .wakeWord)
        #expect(verdict("Stop.", .wakeWord) == .rejected(.noWakeWord))
        #expect(verdict("We went to the beach.", .wakeWord) == .rejected(.noWakeWord))
        #expect(verdict("Beacon, tell me a joke.", .wakeWord) == .rejected(.unparsable))

        // The name as Moonshine writes it when it mishears it: a first word one phoneme away.
        #expect(verdict("Deacon, find my keys.", .wakeWord) == .command(.findObject("my keys")))
        #expect(verdict("Hey Bacon, stop.", .wakeWord) == .command(.stop))
        #expect(verdict("Deacon.", .wakeWord) == .wakeWord)
        #expect(verdict("Deacon, the kettle is boiling.", .wakeWord) == .rejected(.unparsable))
        // Anywhere else it is the word it is, and words further off are never the name.
        #expect(verdict("I have a thousand thoughts. Deacon, find my keys.", .wakeWord) == .command(.findObject("my keys")))
        #expect(verdict("I had bacon, stop.", .wakeWord) == .rejected(.noWakeWord))
        #expect(verdict("Begin, stop.", .wakeWord) == .rejected(.noWakeWord))
        #expect(verdict("Vegan, stop.", .wakeWord) == .rejected(.noWakeWord))
        #expect(verdict("Beach, stop.", .wakeWord) == .rejected(.noWakeWord))
    }

    /// Nothing real people said in ../shared/testdata/speech names Beacon, nor opens with a word that sounds like it.
    @Test func noRealSpeechIsTakenForTheName() throws {
        guard FileManager.default.fileExists(atPath: TestData.speechFolder.path) else {
            if TestData.required { Issue.record("\(TestData.speechFolder.path) is missing") }
            return
        }
        let wakeWord = WakeWord()
        #expect(wakeWord.soundsLikeName("Deacon"), "espeak-ng reads the words")
        let clips = try LabelledSpeech(folder: TestData.speechFolder).clips
        #expect(clips.count > 40)
        for clip in clips {
            #expect(wakeWord.command(in: clip.transcript) == nil, "\(clip.label)")
        }
    }

    // MARK: - Real people through push to talk

    /// Each clip of ../shared/testdata/speech as a phone sends it: the talk key, the words, a second of quiet.
    /// Every "stop" is stop, no command is taken for another, and at least 95 % of what is no command is acted on
    /// as nothing.
    @Test func realPeopleThroughPushToTalk() throws {
        guard let hearing = try Self.hearing() else { return }
        let speech = try LabelledSpeech(folder: TestData.speechFolder)
        var stops = 0, stopsHeard = 0, others = 0, othersRejected = 0
        var wrong: [String] = []
        for clip in speech.clips {
            let audio = try WAVFile.read(clip.file).converted(sampleRate: TranscribingRecognizer.sampleRate, channels: 1)
            let events = try Self.events(WAVFileMicrophone(audio: audio, name: clip.file.lastPathComponent),
                                         recognizer: hearing.recognizer(), pushToTalkFirst: true)
            let heard = events.compactMap { event -> AssistantCommand? in
                if case .heard(.command(let command), _) = event { return command }
                return nil
            }
            if let expected = clip.expected {
                if expected == .stop { stops += 1 }
                if heard == [expected] {
                    if expected == .stop { stopsHeard += 1 }
                } else {
                    wrong.append("\(clip.label): \(events)")
                }
                #expect(heard.allSatisfy { $0 == expected }, "\(clip.label) taken for another command: \(events)")
            } else {
                others += 1
                if heard.isEmpty { othersRejected += 1 } else { wrong.append("\(clip.label): \(events)") }
            }
        }
        print("push to talk: stop \(stopsHeard)/\(stops), other speech rejected \(othersRejected)/\(others); wrong: \(wrong)")
        #expect(stops >= 2)
        #expect(stopsHeard == stops, "\(wrong)")
        #expect(Double(othersRejected) >= 0.95 * Double(others), "\(wrong)")
    }

    // MARK: - The wake word

    /// Always listening, over a real person's sentence (no command, no wake word) and then "Beacon" with a command:
    /// the sentence is ignored without a word, the command is acted on.
    @Test func theWakeWordIsFoundInWhatWasSaid() throws {
        guard let hearing = try Self.hearing(), let command = try RunTestSupport.spoken("Beacon, find my keys.") else { return }
        let sentence = try WAVFile.read(TestData.speechFolder.appendingPathComponent("sentences/mfa_thoughts.wav"))
            .converted(sampleRate: TranscribingRecognizer.sampleRate, channels: 1)
        let quiet = PCMAudio.silence(seconds: 1, sampleRate: TranscribingRecognizer.sampleRate).samples
        let session = PCMAudio(sampleRate: TranscribingRecognizer.sampleRate,
                               samples: quiet + sentence.samples + quiet + command + quiet)
        let events = try Self.events(WAVFileMicrophone(audio: session, name: "session"),
                                     recognizer: hearing.recognizer(mode: .wakeWord), alwaysListening: true)
        let heard = events.compactMap { event -> AssistantCommand? in
            if case .heard(.command(let command), _) = event { return command }
            return nil
        }
        #expect(heard == [.findObject("my keys")], "\(events)")
        #expect(!events.contains { if case .rejected = $0 { true } else { false } }, "\(events)")
    }

    /// The everyday questions by voice, always listening: each heard as its command.
    @Test func theQuestionsAreHeard() throws {
        guard let hearing = try Self.hearing() else { return }
        let rate = TranscribingRecognizer.sampleRate
        let quiet = PCMAudio.silence(seconds: 1, sampleRate: rate).samples
        var samples = quiet
        for sentence in ["Beacon, what colour is this?", "Beacon, is the light on?", "Beacon, what is this?"] {
            guard let spoken = try RunTestSupport.spoken(sentence) else { return }
            samples += spoken + quiet
        }
        let events = try Self.events(WAVFileMicrophone(audio: PCMAudio(sampleRate: rate, samples: samples), name: "questions"),
                                     recognizer: hearing.recognizer(mode: .wakeWord), alwaysListening: true)
        let heard = events.compactMap { event -> AssistantCommand? in
            if case .heard(.command(let command), _) = event { return command }
            return nil
        }
        #expect(heard == [.colour, .light, .identify], "\(events)")
    }

    // MARK: - Helpers

    /// Runs a recording through `VoiceInput` and returns every event once it has ended.
    static func events(_ microphone: WAVFileMicrophone, recognizer: any UtteranceRecognizer, alwaysListening: Bool = false,
                       pushToTalkFirst: Bool = false) throws -> [VoiceInput.Event] {
        let collected = EventLog<VoiceInput.Event>(isEnd: { if case .ended = $0 { true } else { false } })
        let input = VoiceInput(microphone: microphone, recognizer: recognizer, alwaysListening: alwaysListening) {
            collected.append($0)
        }
        if pushToTalkFirst { input.pushToTalk() }
        input.start()
        #expect(collected.waitForEnd(timeout: 60), "the voice thread did not finish")
        input.stop()
        return collected.events
    }
}
