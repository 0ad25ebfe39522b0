import BeaconCore
import Foundation

/// The recogniser's synthetic test set: commands and other sentences said by espeak-ng in five voices, and noise
/// clips made by sox. VoiceCommandTests holds the recogniser to it and `beacon bench voice --espeak` reports it, from
/// this one list, so the two measure the same thing.
public enum SyntheticSpeechSet {
    public static let usVoices = ["en-us", "en-us+m3", "en-us+f2"]
    public static let britishVoices = ["en", "en+f3"]
    public static let voices = ["en-us", "en", "en-us+m3", "en+f3", "en-us+f2"]

    /// What is said, and the command it must become.
    public static let commands: [(said: String, command: AssistantCommand)] = [
        ("Find cup.", .findObject("cup")),
        ("Find text exit.", .findText("exit")),
        ("Language Russian.", .language(.russian)),
        ("Confidence sixty.", .confidence(0.6)),
        ("Battery saver on.", .batterySaver(true)),
        ("What did you detect recently?", .recentDetections),
        ("Stop.", .stop),
        ("Read this.", .read),
        ("Where is it?", .whereIsIt),
        ("Explore.", .explore),
        ("What is this?", .identify),
        ("Repeat.", .repeatLast),
        ("Louder.", .louder),
        ("Slower.", .slower),
        ("Pause.", .pause),
        ("Continue.", .resume),
        ("Next.", .next),
        ("Go back.", .back),
        ("Help.", .help),
        ("Find my keys.", .findObject("my keys")),
        ("Look for the bottle.", .findObject("the bottle")),
        ("Find chair.", .findObject("chair")),
        ("Find text pharmacy.", .findText("pharmacy")),
        ("Alert me to car.", .alertMe("car")),
        ("Ignore person.", .ignore("person")),
        ("Battery saver off.", .batterySaver(false)),
        ("Confidence fifty percent.", .confidence(0.5)),
        ("Switch to English.", .language(.english)),
        ("Quit.", .quit),
        ("Tutorial.", .tutorial),
        ("Continuous mode.", .continuous),
        ("Describe the scene.", .explore),
        ("Find phone.", .findObject("phone")),
        ("Usage statistics.", .usage),
    ]

    /// Sentences that are no command, some sharing words with commands ("where", "open", "stop").
    public static let otherSpeech = [
        "Hello there.", "Open the window.", "Turn left at the corner.", "What time is it?", "Call my mother.",
        "How is the weather today?", "I am going to the shop.", "Thank you very much.", "Good morning, everyone.",
        "Where did I put my coat?", "The cat sat on the mat.", "Can you hear me?", "Let us go home now.",
        "My name is John.", "It is raining outside.", "Put the kettle on.", "I like green apples.",
        "See you tomorrow.",
    ]

    /// sox `synth` recipes for noise clips, each padded with silence.
    public static let noises: [(name: String, synth: [String])] = [
        ("white noise", ["synth", "1.5", "whitenoise", "vol", "0.3"]),
        ("pink noise", ["synth", "1.5", "pinknoise", "vol", "0.5"]),
        ("brown noise", ["synth", "1.5", "brownnoise", "vol", "0.5"]),
        ("440 Hz tone", ["synth", "1", "sine", "440", "vol", "0.5"]),
        ("silence", ["trim", "0", "1.5"]),
        ("a clap", ["synth", "0.04", "whitenoise", "vol", "0.9", "fade", "0", "0.04", "0.035"]),
        ("two claps", ["synth", "0.04", "whitenoise", "vol", "0.9", "fade", "0", "0.04", "0.035", "pad", "0", "0.3",
                       "repeat", "1"]),
        ("quiet hum", ["synth", "2", "sine", "100", "vol", "0.1"]),
    ]

    public struct ToolFailed: Error, CustomStringConvertible {
        public let description: String
    }

    /// The words said, at 16 kHz, with half a second of silence either side. Said by the espeak-ng program, a fresh
    /// process each time: the library carries state from one utterance to the next (see EspeakLibrary), so in one
    /// process the clips changed with whatever had been said before, and the rates with them.
    /// - Parameter scratch: a folder for espeak-ng's file, removed again at once.
    public static func say(_ text: String, voice: String, scratch: URL) throws -> PCMAudio {
        let url = scratch.appendingPathComponent("speech-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: url) }
        try run("espeak-ng", ["-v", voice, "-w", url.path, text])
        let spoken = try WAVFile.read(url).converted(sampleRate: CommandRecognizer.sampleRate, channels: 1)
        let pause = PCMAudio.silence(seconds: 0.5, sampleRate: CommandRecognizer.sampleRate)
        return PCMAudio(sampleRate: CommandRecognizer.sampleRate, samples: pause.samples + spoken.samples + pause.samples)
    }

    /// A noise clip from a sox recipe, at 16 kHz, half a second of silence before and 0.8 s after.
    public static func noise(_ synth: [String], scratch: URL) throws -> PCMAudio {
        let url = scratch.appendingPathComponent("noise-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: url) }
        try run("sox", ["-R", "-n", "-r", "16000", "-c", "1", "-b", "16", url.path] + synth + ["pad", "0.5", "0.8"])
        return try WAVFile.read(url)
    }

    /// Writes every clip into `folder` with a manifest (the voice as the speaker, noises with no transcript) and
    /// returns it as labelled speech (noises named by their file), so it is measured exactly as recorded speech is.
    public static func write(to folder: URL, parser: CommandParser = CommandParser()) throws -> LabelledSpeech {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var lines = [CSV.line(["file", "group", "speaker", "transcript"])]
        var index = 0
        func add(_ audio: PCMAudio, group: String, speaker: String, transcript: String, name label: String? = nil) throws {
            index += 1
            let slug = (label ?? group).lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
            let name = String(format: "%03d-", index) + String(slug) + ".wav"
            try WAVFile.write(audio, to: folder.appendingPathComponent(name))
            lines.append(CSV.line([name, group, speaker, transcript]))
        }
        for voice in voices {
            for (said, _) in commands {
                try add(say(said, voice: voice, scratch: folder), group: "command", speaker: voice, transcript: said)
            }
            for said in otherSpeech {
                try add(say(said, voice: voice, scratch: folder), group: "other", speaker: voice, transcript: said)
            }
        }
        for (name, synth) in noises {
            try add(noise(synth, scratch: folder), group: "noise", speaker: "sox", transcript: "", name: name)
        }
        try (lines.joined(separator: "\n") + "\n")
            .write(to: folder.appendingPathComponent(LabelledSpeech.manifestName), atomically: true, encoding: .utf8)
        return try LabelledSpeech(folder: folder, parser: parser)
    }

    /// Whether espeak-ng and sox are on the PATH.
    public static var toolsInstalled: Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return ["espeak-ng", "sox"].allSatisfy { tool in
            path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
        }
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailed(description: "\(tool) failed: \(String(decoding: message, as: UTF8.self))")
        }
    }
}
