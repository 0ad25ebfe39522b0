import Foundation

/// Moonshine's vocabulary, read from its `tokenizer.bin`: 32,000 entries, each a length then that many UTF-8 bytes
/// (a length of 128 or more takes two bytes: (b0 − 128) + b1 · 128). "▁" stands for a space, and `<0xNN>` for a
/// raw byte, as in SentencePiece.
public struct MoonshineTokenizer: Sendable {
    public let pieces: [[UInt8]]

    /// The ids the decoder starts with and stops at.
    public static let start = 1
    public static let end = 2

    public init(contentsOf url: URL) throws {
        guard let data = try? Data(contentsOf: url) else { throw SpeechError.unreadableModel(url.lastPathComponent) }
        try self.init(bytes: [UInt8](data), name: url.lastPathComponent)
    }

    public init(bytes: [UInt8], name: String = "tokenizer.bin") throws {
        var pieces: [[UInt8]] = []
        var index = 0
        while index < bytes.count {
            var length = Int(bytes[index])
            index += 1
            if length >= 128 {
                guard index < bytes.count else { throw SpeechError.unreadableModel(name) }
                length = (length - 128) + Int(bytes[index]) * 128
                index += 1
            }
            guard index + length <= bytes.count else { throw SpeechError.unreadableModel(name) }
            pieces.append(Array(bytes[index..<index + length]))
            index += length
        }
        guard pieces.count > Self.end else { throw SpeechError.unreadableModel(name) }
        self.pieces = pieces
    }

    /// The text of `ids`, special tokens left out, spaces where "▁" was, trimmed.
    public func text(of ids: [Int]) -> String {
        var bytes: [UInt8] = []
        for id in ids where id > Self.end && id < pieces.count {
            let piece = pieces[id]
            if let byte = Self.rawByte(piece) {
                bytes.append(byte)
            } else if !(piece.first == UInt8(ascii: "<") && piece.last == UInt8(ascii: ">")) {
                bytes += piece
            }
        }
        return String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{2581}", with: " ")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// "<0x0A>" is the byte 0x0A.
    static func rawByte(_ piece: [UInt8]) -> UInt8? {
        guard piece.count == 6, piece.starts(with: Array("<0x".utf8)), piece.last == UInt8(ascii: ">") else { return nil }
        return UInt8(String(decoding: piece[3..<5], as: UTF8.self), radix: 16)
    }
}

/// Why speech could not be recognised or spoken.
public enum SpeechError: Error, Equatable, CustomStringConvertible {
    case unreadableModel(String)
    case unexpectedModel(String, reason: String)

    public var description: String {
        switch self {
        case .unreadableModel(let name): "The speech model \(name) cannot be read; reinstall it with beacon models install."
        case .unexpectedModel(let name, let reason): "The speech model \(name) is not the one Beacon expects (\(reason))."
        }
    }
}
