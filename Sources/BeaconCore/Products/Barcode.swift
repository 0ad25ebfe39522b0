/// A code read from a picture: a product's barcode (EAN, UPC), a Code 128 label, or a QR code's text.
public struct Barcode: Sendable, Hashable, Codable {
    public enum Symbology: String, Sendable, Codable, CaseIterable {
        case ean13 = "EAN-13", ean8 = "EAN-8", upcA = "UPC-A", upcE = "UPC-E", code128 = "Code 128", qr = "QR"

        /// A product number (GTIN) the shops' databases know it by.
        public var isProductCode: Bool { [.ean13, .ean8, .upcA, .upcE].contains(self) }
    }

    public let symbology: Symbology
    /// What the code holds, as the reader gave it: the digits with their check digit, or the QR code's text.
    public let text: String

    public init(symbology: Symbology, text: String) {
        self.symbology = symbology
        self.text = text
    }

    /// The 13-digit product number shops and Open Food Facts use: EAN-13 as it is, UPC-A with a leading 0, UPC-E
    /// expanded to its UPC-A, EAN-8 padded with zeros; nil for other codes or digits whose check digit is wrong.
    public var gtin: String? { Self.gtin(symbology: symbology, digits: text) }

    public static func gtin(symbology: Symbology, digits: String) -> String? {
        guard digits.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        let thirteen: String
        switch (symbology, digits.count) {
        case (.ean13, 13), (.upcA, 13), (.upcE, 13): thirteen = digits
        case (.upcA, 12), (.ean13, 12): thirteen = "0" + digits
        case (.upcE, 8): guard let upcA = expandUPCE(digits) else { return nil }; thirteen = "0" + upcA
        case (.ean8, 8): thirteen = "00000" + digits
        default: return nil
        }
        return hasValidCheckDigit(thirteen) ? thirteen : nil
    }

    /// UPC-E's eight digits (number system, six, check digit) as the UPC-A they stand for (GS1's zero suppression).
    static func expandUPCE(_ digits: String) -> String? {
        let d = Array(digits)
        guard d.count == 8, d[0] == "0" || d[0] == "1" else { return nil }
        let m = d[1...6].map(String.init)
        let body: String
        switch m[5] {
        case "0", "1", "2": body = m[0] + m[1] + m[5] + "0000" + m[2] + m[3] + m[4]
        case "3": body = m[0] + m[1] + m[2] + "00000" + m[3] + m[4]
        case "4": body = m[0] + m[1] + m[2] + m[3] + "00000" + m[4]
        default: body = m[0] + m[1] + m[2] + m[3] + m[4] + "0000" + m[5]
        }
        return String(d[0]) + body + String(d[7])
    }

    /// The GS1 check: digits weighted 1 and 3 alternately from the right of the body make the check digit.
    static func hasValidCheckDigit(_ digits: String) -> Bool {
        let values = digits.compactMap(\.wholeNumberValue)
        guard values.count == digits.count, let check = values.last else { return false }
        var sum = 0
        for (offset, value) in values.dropLast().reversed().enumerated() { sum += value * (offset % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10 == check
    }

    /// The code as a person hears it: "Barcode 5 901234 123457" (digits grouped as printed under an EAN-13), or
    /// a QR code's text.
    public var spoken: String {
        guard symbology.isProductCode, let gtin else { return text }
        let digits = Array(gtin)
        if gtin.hasPrefix("00000") { return String(digits[5...]) } // EAN-8, as printed
        return "\(digits[0]) \(String(digits[1...6])) \(String(digits[7...]))"
    }
}

/// Codes read from several looks at the same picture (other scales or binarisations of a still, or the frames of a
/// moving camera). A reader now and then prints a wrong code whose check digit still passes (ZBar: 2 of 181 phone
/// photos), so one read is no proof: a code counts once two looks read it.
public struct BarcodeVote: Sendable {
    public private(set) var looks = 0
    /// How many looks must agree.
    public let needed: Int
    private var counts: [String: Int] = [:]
    /// Each code as first read, in the order first read.
    private var firstRead: [(key: String, code: Barcode)] = []

    public init(needed: Int = 2) { self.needed = needed }

    /// One look's codes (a code read twice in one look counts once).
    public mutating func add(_ codes: [Barcode]) {
        looks += 1
        var seen: Set<String> = []
        for code in codes where seen.insert(code.identity).inserted {
            if counts[code.identity] == nil { firstRead.append((code.identity, code)) }
            counts[code.identity, default: 0] += 1
        }
    }

    /// The codes read by enough looks, the most agreed first (then in the order first read).
    public var agreed: [Barcode] {
        firstRead.enumerated().filter { counts[$0.element.key, default: 0] >= needed }
            .sorted { (counts[$0.element.key]!, -$0.offset) > (counts[$1.element.key]!, -$1.offset) }
            .map(\.element.code)
    }

    /// Codes read too few times so far: not to be said, but worth holding the camera still for.
    public var unconfirmed: [Barcode] { firstRead.filter { counts[$0.key, default: 0] < needed }.map(\.code) }
}

extension Barcode {
    /// What makes two reads the same code: a product's number (one look may read a UPC-A as EAN-13), else the
    /// symbology and text.
    public var identity: String {
        if symbology.isProductCode, let gtin { return "gtin \(gtin)" }
        return "\(symbology.rawValue) \(text)"
    }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
