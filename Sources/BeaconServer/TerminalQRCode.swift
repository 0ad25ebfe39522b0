import CQREncode

/// A QR code drawn with half-block characters, black on white (set explicitly, so it scans on dark terminals too):
/// a phone's camera app opens the page with the pairing code filled in.
public enum TerminalQRCode {
    /// The lines to print, or nil when the text cannot be encoded.
    public static func lines(for text: String) -> [String]? {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let quiet = 2
        func dark(_ x: Int, _ y: Int) -> Bool {
            guard x >= 0, y >= 0, x < width, y < width else { return false }
            return code.pointee.data[y * width + x] & 1 == 1
        }
        var lines: [String] = []
        for y in stride(from: -quiet, to: width + quiet, by: 2) {
            var line = "\u{1B}[30;107m"
            for x in -quiet..<(width + quiet) {
                switch (dark(x, y), dark(x, y + 1)) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(line + "\u{1B}[0m")
        }
        return lines
    }
}
