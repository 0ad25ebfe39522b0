import BeaconCore
import BeaconMedia
import BeaconStore
import BeaconVision
import Foundation

/// `identify` on still pictures: the barcode or QR code each one shows (read by ZBar and believed when two looks
/// at the picture agree, or when one did and it is in the person's product list), the product it is, the thing over
/// the middle of the picture (the detector's), its colour (JSON only, see `sentence`) and the light; one sentence or
/// JSON object a picture. The assistant's "what is this", "what colour" and "is the light on" look the same way.
public struct IdentifyRun {
    public var images: [String]
    public var json: Bool
    /// The data folder whose product list names products (nil: the default one).
    public var dataDirectory: String?
    public var language: TextLanguage
    /// The detector that names the thing in the middle; nil: none is run (a missing model leaves `object` null).
    public var detector: DetectorSettings?

    public init(images: [String], json: Bool = false, dataDirectory: String? = nil, language: TextLanguage = .english,
                detector: DetectorSettings? = DetectorSettings()) {
        self.images = images
        self.json = json
        self.dataDirectory = dataDirectory
        self.language = language
        self.detector = detector
    }

    /// One picture's answer for scripts. `barcode`, `product`, `colour` and `object` are null when there is none.
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

        public struct ObjectReport: Encodable {
            public var label: String
            public var confidence: Double
            /// x, y, width, height, normalised to the picture.
            public var box: [Double]
        }

        public struct GuessReport: Encodable {
            public var name: String
            public var probability: Double
        }

        public var image: String
        public var barcode: Code?
        public var product: ProductReport?
        public var colour: ColourReport?
        public var light: LightReport
        public var object: ObjectReport?
        /// The classifier's guess, only looked for when there is no code, object or bars.
        public var guess: GuessReport?

        public init(image: String, answer: Identification) {
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
            object = answer.thing.map { thing in
                ObjectReport(label: thing.label, confidence: (thing.confidence * 1000).rounded() / 1000,
                             box: [thing.box.x, thing.box.y, thing.box.width, thing.box.height].map { ($0 * 1000).rounded() / 1000 })
            }
            guess = answer.guess.map { GuessReport(name: $0.name, probability: ($0.probability * 1000).rounded() / 1000) }
        }

        enum Keys: String, CodingKey { case image, barcode, product, colour, light, object, guess }

        /// Written out as null, so a script can tell "none" from a field this version does not know.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(image, forKey: .image)
            try container.encode(barcode, forKey: .barcode)
            try container.encode(product, forKey: .product)
            try container.encode(colour, forKey: .colour)
            try container.encode(light, forKey: .light)
            try container.encode(object, forKey: .object)
            try container.encode(guess, forKey: .guess)
        }
    }

    /// Answers for every picture and returns how many could not be read (each noted in one sentence; the others
    /// still run).
    @discardableResult
    public func run(composition: Composition, transcript: any Transcript) throws -> Int {
        // Identifying never makes a data folder or a product list: without one, no product is named.
        let products = try ProductStore.existing(in: composition.dataFolder(given: dataDirectory))
        let reader = ZBarReader()
        let decoder = ImageDecoder()
        var detect: ((Frame) throws -> [Detection])?
        if let detector {
            do {
                let built = try composition.detector(detector)
                detect = { try built.detect($0) }
            } catch let error as UserFacingError {
                transcript.note("beacon: \(error.sentence) Things are not named; codes, colour and light are.")
            }
        }
        // The ImageNet guess, when it is installed (nil otherwise).
        var guesser: ThingGuesser?
        do {
            guesser = try composition.thingGuesser()
        } catch let error as UserFacingError {
            transcript.note("beacon: \(error.sentence) Nothing is guessed.")
        }
        let book = Phrasebook(language: language)
        var failures = 0
        for path in images {
            let name = URL(fileURLWithPath: path).lastPathComponent
            do {
                let frame = try decoder.decode(contentsOf: URL(fileURLWithPath: path))
                let answer = try Self.identify(frame, reader: reader, products: products, detections: detect?(frame) ?? [],
                                               guesser: guesser)
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

    /// The code, product, thing in the middle (of `detections`, already judged by the caller's threshold), colour
    /// and light of one picture, and the classifier's guess when there is no code, thing or bars.
    public static func identify(_ frame: Frame, reader: ZBarReader, products: ProductStore?,
                                detections: [Detection] = [], guesser: ThingGuesser? = nil,
                                question: AssistantQuestion = .identify) throws -> Identification {
        var code: Barcode?, product: Product?
        if question == .identify {
            code = reader.readStill(frame) { code in
                guard let products, let gtin = code.gtin else { return false }
                return (try? products.product(gtin: gtin)) != nil
            }.first
            product = try code?.gtin.flatMap { gtin in try products?.product(gtin: gtin) }
        }
        let thing = Identification.thingInTheMiddle(detections)
        let colour = question == .light ? nil : ColourNamer.read(frame, patch: Identification.colourPatch(for: thing))
        // Bars that did not read: "what is this" goes on to aim the camera at them.
        let bars = question == .identify && code == nil ? BarcodeFinder().find(in: frame)?.box : nil
        // The classifier is the last resort: it runs only when nothing better answers.
        let guess = question == .identify && code == nil && thing == nil && bars == nil ? try guesser?.guess(frame) : nil
        return Identification(code: code, product: product, thing: thing, colour: colour, light: LightReading(frame),
                              bars: bars, guess: guess)
    }

    /// What a person hears: what it is (the product, the code or the thing), then the light.
    ///
    /// The colour is only given in JSON here: on real photos of things (CORe50, `ColourNamerTests`) it named 6 of 18
    /// right, and "what colour is this" in the assistant says it with "not sure" where it is.
    static func sentence(for answer: Identification, in book: Phrasebook) -> String {
        let light = book.identify.sentence(for: answer.light, in: book)
        return [book.identify.whatItIs(answer, in: book), light].joined(separator: book.language == .chinese ? "" : " ")
    }
}
