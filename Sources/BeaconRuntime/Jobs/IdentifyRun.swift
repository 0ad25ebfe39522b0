import BeaconCore
import BeaconMedia
import BeaconVision
import Foundation

/// `identify` on still pictures: the barcode or QR code each one shows, read by ZBar and believed only when two
/// looks at the picture agree, one sentence or JSON object a picture.
public struct IdentifyRun {
    public var images: [String]
    public var json: Bool

    public init(images: [String], json: Bool = false) {
        self.images = images
        self.json = json
    }

    /// One picture's answer for scripts. `barcode` is null when no code was read by two looks.
    public struct Report: Encodable {
        public struct Code: Encodable {
            public var symbology: String
            public var text: String
            public var gtin: String?

            enum Keys: String, CodingKey { case symbology, text, gtin }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(symbology, forKey: .symbology)
                try container.encode(text, forKey: .text)
                try container.encode(gtin, forKey: .gtin)
            }
        }

        public var image: String
        public var barcode: Code?

        public init(image: String, codes: [Barcode]) {
            self.image = image
            barcode = codes.first.map { Code(symbology: $0.symbology.rawValue, text: $0.text, gtin: $0.gtin) }
        }

        enum Keys: String, CodingKey { case image, barcode }

        /// Written out as null, so a script can tell "no code" from a field this version does not know.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(image, forKey: .image)
            try container.encode(barcode, forKey: .barcode)
        }
    }

    /// Answers for every picture and returns how many could not be read (each noted in one sentence; the others
    /// still run).
    @discardableResult
    public func run(transcript: any Transcript) throws -> Int {
        let reader = ZBarReader()
        let decoder = ImageDecoder()
        var failures = 0
        for path in images {
            let name = URL(fileURLWithPath: path).lastPathComponent
            do {
                let frame = try decoder.decode(contentsOf: URL(fileURLWithPath: path))
                let codes = reader.readStill(frame)
                if json {
                    try transcript.json(Report(image: path, codes: codes))
                } else {
                    transcript.line("\(name): \(Self.sentence(for: codes))")
                }
            } catch let error as MediaError {
                transcript.note("beacon: \(error.sentence)")
                failures += 1
            }
        }
        return failures
    }

    /// What a person hears: the product number or the QR code's text; a web address as its site.
    static func sentence(for codes: [Barcode]) -> String {
        guard let code = codes.first else { return "No barcode read." }
        if code.symbology == .qr {
            if let url = URL(string: code.text), let host = url.host, ["http", "https"].contains(url.scheme?.lowercased()) {
                let site = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
                return "QR code: web address, \(site)."
            }
            return "QR code: \(code.text)"
        }
        if code.symbology.isProductCode { return "Barcode \(code.spoken)." }
        return "\(code.symbology.rawValue): \(code.text)"
    }
}
