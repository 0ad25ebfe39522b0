import CGzip
import Foundation

/// The lines of a text file, plain or gzip-compressed (zlib reads either), one at a time: an export of millions of
/// lines is never held whole. A line's bytes that are not UTF-8 become U+FFFD; "\r\n" ends a line as "\n" does.
struct TextFileLines {
    /// Why a file's lines could not all be read, as part of a sentence.
    struct Failure: Error {
        let reason: String
    }

    let file: URL

    /// Calls `body` with each line, in order. Throws `Failure` when the file cannot be opened or is cut short or
    /// damaged (a gzip stream that ends early), after the lines read until then; errors from `body` pass through.
    func forEach(_ body: (String) throws -> Void) throws {
        guard let handle = gzopen(file.path, "rb") else {
            throw Failure(reason: String(cString: strerror(errno)).lowercased())
        }
        defer { gzclose(handle) }
        gzbuffer(handle, 1 << 20)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var pending: [UInt8] = []
        func emit(_ bytes: ArraySlice<UInt8>) throws {
            var line = bytes
            if line.last == 0x0D { line = line.dropLast() }
            try body(String(decoding: line, as: UTF8.self))
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { gzread(handle, $0.baseAddress, UInt32($0.count)) }
            if count < 0 {
                var code: Int32 = 0
                let message = gzerror(handle, &code).map { String(cString: $0) } ?? "unreadable"
                throw Failure(reason: "it is damaged (\(message))")
            }
            if count == 0 { break }
            var start = 0
            for index in 0..<Int(count) where chunk[index] == 0x0A {
                if pending.isEmpty {
                    try emit(chunk[start..<index])
                } else {
                    pending.append(contentsOf: chunk[start..<index])
                    try emit(pending[...])
                    pending.removeAll(keepingCapacity: true)
                }
                start = index + 1
            }
            pending.append(contentsOf: chunk[start..<Int(count)])
        }
        // gzread returns 0 both at the end and when a gzip stream stops short; only gzerror tells them apart.
        var code: Int32 = 0
        _ = gzerror(handle, &code)
        if code != Z_OK {
            throw Failure(reason: "it is cut short or damaged")
        }
        if !pending.isEmpty { try emit(pending[...]) }
    }
}
