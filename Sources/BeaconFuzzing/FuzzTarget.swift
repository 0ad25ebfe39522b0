import BeaconAudio
import BeaconCore
import BeaconHubProtocol
import BeaconMedia
import BeaconPhoneProtocol
import Foundation

/// The decoders that take the outside world's bytes, each as one fuzz target: a target is handed any bytes and must
/// return (a result or a refusal), never crash or hang. `beacon-fuzz` runs them under libFuzzer (`make fuzz`), and
/// the tests replay every file of their corpora (`Tests/Fuzz/corpus/TARGET`), so a crash found once stays fixed.
public enum FuzzTarget: String, Sendable, CaseIterable {
    /// The phone's WebSocket messages: a text message (JSON) and a binary one (a frame or audio).
    case phoneText = "phone-text"
    case phoneBinary = "phone-binary"
    /// A frame as JPEG, PNG or TIFF bytes (what a phone, a file or a hub photo gives).
    case image
    /// A WAV file (recordings, `beacon listen`).
    case wav
    /// The hub's request bodies: joining, asking for help, marking.
    case hubBody = "hub-body"
    /// A setting typed or said: "key value" (the first word is the key).
    case setting
    /// Plate comparison: the plate asked for on the first line, the plate read on the second.
    case plate
    /// A product export's lines: the header, then products (tab-separated, or CSV when the header has commas).
    case productImport = "product-import"
    /// The hub's pushed events as Beacon reads them, arriving in three chunks of any length.
    case hubEvents = "hub-events"

    /// Runs the target on `bytes`; what it returns or refuses is dropped: only a crash or a hang is a finding.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .phoneText:
            var decoder = PhoneMessageDecoder()
            _ = try? decoder.decode(text: String(decoding: bytes, as: UTF8.self))
        case .phoneBinary:
            var decoder = PhoneMessageDecoder()
            // A frame goes on to the image decoder, as the phone session sends it.
            if case .frame(let jpeg, _)? = try? decoder.decode(binary: bytes) {
                _ = try? ImageDecoder().decode(Data(jpeg), name: "frame")
            }
        case .image:
            _ = try? ImageDecoder().decode(Data(bytes), name: "fuzz")
        case .wav:
            _ = try? WAVFile.audio(in: bytes, name: "fuzz.wav")
        case .hubBody:
            let data = Data(bytes), decoder = HubJSON.decoder()
            _ = try? decoder.decode(HubJoinRequest.self, from: data)
            _ = try? decoder.decode(HubJobRequest.self, from: data)
            _ = try? decoder.decode(HubMarkRequest.self, from: data)
        case .setting:
            let text = String(decoding: bytes, as: UTF8.self)
            let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
            guard let first = parts.first, let key = try? SettingKey.parse(first) else { return }
            var settings = AssistantSettings()
            try? settings.set(key, to: parts.count > 1 ? parts[1] : "", knownLabels: ObjectVocabulary.coco)
        case .plate:
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", maxSplits: 1).map(String.init)
            guard lines.count == 2, let wanted = PlateText(lines[0]), let read = PlateText(lines[1]) else { return }
            _ = wanted.rule(for: read, confidence: 0.9)
            _ = PlateText.difference(wanted, read)
            _ = PlateText.spoken(lines[1])
        case .productImport:
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            guard let header = lines.first else { return }
            let separator: Character = header.contains("\t") ? "\t" : ","
            guard let columns = OpenFoodFactsColumns(header: OpenFoodFactsColumns.fields(header, separator: separator, limit: nil)) else { return }
            for line in lines.dropFirst() {
                _ = columns.product(OpenFoodFactsColumns.fields(line, separator: separator, limit: columns.lastNeeded + 1), country: "en:united-kingdom")
            }
        case .hubEvents:
            // The first byte says where the stream is cut into chunks, as a connection may cut it anywhere.
            guard let cut = bytes.first else { return }
            let stream = bytes.dropFirst()
            let first = stream.count > 0 ? Int(cut) % (stream.count + 1) : 0
            var reader = HubPushEvent.Reader()
            _ = reader.read(stream.prefix(first))
            _ = reader.read(stream.dropFirst(first).prefix(first))
            _ = reader.read(stream.dropFirst(2 * first))
        }
    }
}
