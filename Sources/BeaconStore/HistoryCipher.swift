import BeaconCore
import Crypto
import Foundation

/// Seals a detection into bytes that say nothing of what was seen, and opens them again.
///
/// The plaintext is the record without its time (which is stored beside it, in clear, for retention), JSON-encoded
/// and padded to a multiple of `blockSize` so every ordinary record seals to the same length. The time is the
/// authenticated data: a record cannot be moved to another time without failing to open.
struct HistoryCipher: Sendable {
    static let blockSize = 256
    let key: SymmetricKey

    private struct Payload: Codable {
        var label: String
        var confidence: Double
        var hour: Int
        var distance: Double?
        /// Only for taught things: an ordinary record's bytes stay as they were.
        var taught: Bool?
    }

    func seal(_ record: DetectionRecord) throws -> Data {
        let payload = Payload(label: record.label, confidence: record.confidence, hour: record.clockHour,
                              distance: record.distance, taught: record.isTaught ? true : nil)
        let json = try JSONEncoder().encode(payload)
        // A two-byte length, the JSON, then zeros up to the block size.
        var plain = Data([UInt8(json.count >> 8), UInt8(json.count & 0xFF)]) + json
        let padded = (plain.count + Self.blockSize - 1) / Self.blockSize * Self.blockSize
        plain.append(Data(count: padded - plain.count))
        return try AES.GCM.seal(plain, using: key, authenticating: Self.associatedData(record.time)).combined!
    }

    /// The record sealed at `time`; nil when it does not open with this key (another key, or altered bytes).
    func open(_ sealed: Data, time: Date) -> DetectionRecord? {
        guard let box = try? AES.GCM.SealedBox(combined: sealed),
              let plain = try? AES.GCM.open(box, using: key, authenticating: Self.associatedData(time)),
              plain.count >= 2 else { return nil }
        let length = Int(plain[plain.startIndex]) << 8 | Int(plain[plain.startIndex + 1])
        guard plain.count >= 2 + length,
              let payload = try? JSONDecoder().decode(Payload.self, from: plain.dropFirst(2).prefix(length)),
              (1...12).contains(payload.hour) else { return nil }
        return DetectionRecord(label: payload.label, confidence: payload.confidence, clockHour: payload.hour,
                               distance: payload.distance, time: time, isTaught: payload.taught ?? false)
    }

    /// A known text sealed with the key, stored with the history, so opening can tell "this key" from "another key"
    /// before anything is written.
    static let checkText = Data("Beacon history key".utf8)

    func sealCheck() throws -> Data { try AES.GCM.seal(Self.checkText, using: key).combined! }

    func opensCheck(_ sealed: Data) -> Bool {
        guard let box = try? AES.GCM.SealedBox(combined: sealed) else { return false }
        return (try? AES.GCM.open(box, using: key)) == Self.checkText
    }

    private static func associatedData(_ time: Date) -> Data {
        withUnsafeBytes(of: time.timeIntervalSince1970.bitPattern.littleEndian) { Data($0) }
    }
}
