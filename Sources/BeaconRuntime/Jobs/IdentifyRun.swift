import BeaconCore
import BeaconMedia
import BeaconStore
import BeaconVision
import Foundation

/// `identify` on still pictures: the barcode or QR code each one shows (read by ZBar and believed when two looks
/// at the picture agree, or when one did and it is in the person's product list), the product it is, the colour
/// of the middle of the picture (JSON only, see `sentence`) and the light; one sentence or JSON object a picture.
public struct IdentifyRun {
    public var images: [String]
    public var json: Bool
    /// The data folder whose product list names products (nil: the default one).
    public var dataDirectory: String?
    public var language: TextLanguage

    public init(images: [String], json: Bool = false, dataDirectory: String? = nil, language: TextLanguage = .english) {
        self.images = images
        self.json = json
        self.dataDirectory = dataDirectory
        self.language = language
    }

    /// One picture's answer for scripts. `barcode`, `product` and `colour` are null when there is none.
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

        public struct ProductReport: Encodable {
            public var name: String
            public var brand: String
            public var quantity: String
            public var allergens: [String]
        }

        public struct ColourReport: Encodable {
            /// English names, one or two (a split patch).
            public var names: [String]
            public var shares: [Double]
            public var sure: Bool
            /// The basic colour term of each name ("navy" is blue).
            public var basic: [String]
        }

        public struct LightReport: Encodable {
            public var level: String
            public var brightness: Double
            public var lightInView: Bool
            public var lightSide: String?

            enum Keys: String, CodingKey { case level, brightness, lightInView = "light_in_view", lightSide = "light_side" }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(level, forKey: .level)
                try container.encode(brightness, forKey: .brightness)
                try container.encode(lightInView, forKey: .lightInView)
                try container.encode(lightSide, forKey: .lightSide)
            }
        }

        public var image: String
        public var barcode: Code?
        public var product: ProductReport?
        public var colour: ColourReport?
        public var light: LightReport

        public init(image: String, answer: Answer) {
            self.image = image
            barcode = answer.code.map { Code(symbology: $0.symbology.rawValue, text: $0.text, gtin: $0.gtin) }
            product = answer.product.map {
                ProductReport(name: $0.name, brand: $0.brand, quantity: $0.quantity, allergens: $0.allergens)
            }
            colour = answer.colour.map { reading in
                ColourReport(names: reading.names.map(\.english), shares: reading.shares.map { ($0 * 100).rounded() / 100 },
                             sure: reading.sure, basic: reading.names.map(\.basic.rawValue))
            }
            light = LightReport(level: answer.light.level.rawValue, brightness: (answer.light.brightness * 1000).rounded() / 1000,
                                lightInView: answer.light.lightInView, lightSide: answer.light.lightSide?.rawValue)
        }

        enum Keys: String, CodingKey { case image, barcode, product, colour, light }

        /// Written out as null, so a script can tell "none" from a field this version does not know.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(image, forKey: .image)
            try container.encode(barcode, forKey: .barcode)
            try container.encode(product, forKey: .product)
            try container.encode(colour, forKey: .colour)
            try container.encode(light, forKey: .light)
        }
    }

    /// What one picture shows.
    public struct Answer: Sendable {
        public var code: Barcode?
        public var product: Product?
        public var colour: ColourReading?
        public var light: LightReading
    }

    /// Answers for every picture and returns how many could not be read (each noted in one sentence; the others
    /// still run).
    @discardableResult
    public func run(composition: Composition, transcript: any Transcript) throws -> Int {
        // Identifying never makes a data folder or a product list: without one, no product is named.
        let products = try ProductStore.existing(in: composition.dataFolder(given: dataDirectory))
        let reader = ZBarReader()
        let decoder = ImageDecoder()
        let book = Phrasebook(language: language)
        var failures = 0
        for path in images {
            let name = URL(fileURLWithPath: path).lastPathComponent
            do {
                let frame = try decoder.decode(contentsOf: URL(fileURLWithPath: path))
                let answer = try Self.identify(frame, reader: reader, products: products)
                if json {
                    try transcript.json(Report(image: path, answer: answer))
                } else {
                    transcript.line("\(name): \(Self.sentence(for: answer, in: book))")
                }
            } catch let error as MediaError {
                transcript.note("beacon: \(error.sentence)")
                failures += 1
            }
        }
        return failures
    }

    /// The code, product, colour and light of one picture.
    public static func identify(_ frame: Frame, reader: ZBarReader, products: ProductStore?) throws -> Answer {
        let codes = reader.readStill(frame) { code in
            guard let products, let gtin = code.gtin else { return false }
            return (try? products.product(gtin: gtin)) != nil
        }
        let code = codes.first
        let product = try code?.gtin.flatMap { gtin in try products?.product(gtin: gtin) }
        return Answer(code: code, product: product, colour: ColourNamer.read(frame), light: LightReading(frame))
    }

    /// What a person hears: the product, or the code, then the light.
    ///
    /// The colour is not said yet, only given in JSON: on real photos of things (CORe50, `ColourNamerTests`) it
    /// named 6 of 18 right, and a wrong colour said plainly is worse than none.
    static func sentence(for answer: Answer, in book: Phrasebook) -> String {
        let light = book.identify.sentence(for: answer.light, in: book)
        return [codeSentence(for: answer, in: book), light].joined(separator: book.language == .chinese ? "" : " ")
    }

    /// The product ("Heinz Baked Beans, 415 g."), an unknown product's number, the QR code's text (a web address as
    /// its site), or that no code was read.
    static func codeSentence(for answer: Answer, in book: Phrasebook) -> String {
        let words = book.identify
        guard let code = answer.code else { return book.say(words.noCode) }
        if let product = answer.product { return product.spoken }
        if code.symbology == .qr {
            if let url = URL(string: code.text), let host = url.host, ["http", "https"].contains(url.scheme?.lowercased()) {
                let site = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
                return book.say(words.webAddress, ["site": site])
            }
            return book.say(words.qrText, ["text": code.text])
        }
        if code.symbology.isProductCode { return book.say(words.notInList, ["number": code.spoken]) }
        return "\(code.symbology.rawValue): \(code.text)"
    }
}
