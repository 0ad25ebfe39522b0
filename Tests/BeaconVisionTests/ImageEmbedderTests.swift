import BeaconCore
import BeaconMedia
import BeaconModels
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconVision

/// EfficientNet-Lite0 embeddings of crops of the shared photos: the same object cropped differently stays close,
/// different objects stay apart (shared/models/PROVENANCE.md measured 0.77–0.95 and about 0.2).
@Suite(.serialized) struct ImageEmbedderTests {
    static let modelName = "efficientnet_lite0_embed.onnx"

    static func embedder() throws -> ImageEmbedder? {
        guard let runtime = SharedRuntime.get() else { return nil }
        guard let url = TestData.model(modelName) else {
            if TestData.required { Issue.record("model \(modelName) is missing") } else { print("skipping: no \(modelName)") }
            return nil
        }
        return try ImageEmbedder(runtime: runtime, modelPath: url.path, sessionOptions: SessionOptions(intraOpThreads: 2))
    }

    static func photo(_ name: String) throws -> Frame? {
        guard let url = TestData.image(name) else {
            if TestData.required { Issue.record("photo \(name) is missing") } else { print("skipping: no \(name)") }
            return nil
        }
        return try ImageDecoder().decode(contentsOf: url)
    }

    // Regions drawn by hand on the photos (x, y, width, height as shares of the picture).
    static let cupAlone = NormalizedRect(x: 0.28, y: 0.04, width: 0.40, height: 0.72)          // coffee.png, 600x400
    static let cupOnSaucer = NormalizedRect(x: 0.125, y: 0.025, width: 0.675, height: 0.95)
    static let wholeBus = NormalizedRect(x: 0.01, y: 0.215, width: 0.98, height: 0.46)         // bus.jpg, 810x1080
    static let busCloser = NormalizedRect(x: 0.06, y: 0.24, width: 0.88, height: 0.40)
    static let zidane = NormalizedRect(x: 0.09, y: 0.28, width: 0.44, height: 0.72)            // zidane.jpg, 1280x720
    static let ancelotti = NormalizedRect(x: 0.585, y: 0.05, width: 0.29, height: 0.95)

    @Test func readsTheModelsShapes() throws {
        guard let embedder = try Self.embedder() else { return }
        #expect(embedder.inputWidth == 224 && embedder.inputHeight == 224)
        #expect(embedder.dimension == 1280)
        #expect(embedder.name == "efficientnet_lite0_embed")
    }

    @Test func anEmbeddingHas1280ValuesAndUnitLength() throws {
        guard let embedder = try Self.embedder(), let coffee = try Self.photo("coffee.png") else { return }
        let embedding = try embedder.embedding(of: coffee, region: Self.cupAlone)
        #expect(embedding.count == 1280)
        #expect(embedding.allSatisfy { $0.isFinite })
        let length = embedding.reduce(0) { $0 + $1 * $1 }.squareRoot()
        #expect(abs(length - 1) < 1e-4)
        // The same crop again gives the same embedding.
        #expect(try embedder.embedding(of: coffee, region: Self.cupAlone) == embedding)
    }

    @Test func twoCropsOfOneObjectAgree() throws {
        guard let embedder = try Self.embedder(), let coffee = try Self.photo("coffee.png"),
              let bus = try Self.photo("bus.jpg") else { return }
        let cup = TaughtObjects.cosine(try embedder.embedding(of: coffee, region: Self.cupAlone),
                                       try embedder.embedding(of: coffee, region: Self.cupOnSaucer))
        let buses = TaughtObjects.cosine(try embedder.embedding(of: bus, region: Self.wholeBus),
                                         try embedder.embedding(of: bus, region: Self.busCloser))
        print("ImageEmbedder, same object: cup alone vs cup on its saucer \(Self.format(cup)), whole bus vs closer bus \(Self.format(buses))")
        #expect(cup > 0.7)
        #expect(buses > 0.7)
    }

    @Test func differentObjectsStayApart() throws {
        guard let embedder = try Self.embedder(), let coffee = try Self.photo("coffee.png"),
              let bus = try Self.photo("bus.jpg"), let football = try Self.photo("zidane.jpg") else { return }
        let cup = try embedder.embedding(of: coffee, region: Self.cupAlone)
        let wholeBus = try embedder.embedding(of: bus, region: Self.wholeBus)
        let person = try embedder.embedding(of: football, region: Self.zidane)
        let pairs = [("cup vs person", TaughtObjects.cosine(cup, person)), ("cup vs bus", TaughtObjects.cosine(cup, wholeBus)),
                     ("bus vs person", TaughtObjects.cosine(wholeBus, person))]
        print("ImageEmbedder, different objects: " + pairs.map { "\($0.0) \(Self.format($0.1))" }.joined(separator: ", "))
        for (pair, cosine) in pairs { #expect(cosine < 0.4, "\(pair)") }
        // Two people in suits are alike but not the same: closer than a cup, not as close as one object recropped.
        let other = TaughtObjects.cosine(person, try embedder.embedding(of: football, region: Self.ancelotti))
        print("ImageEmbedder, two people side by side: \(Self.format(other))")
        #expect(other < 0.8)
    }

    @Test func regionsAtAndPastTheEdgeAreClamped() throws {
        let frame = Frame(width: 100, height: 50, rgb: [UInt8](repeating: 0, count: 100 * 50 * 3))
        let inside = ImageEmbedder.pixels(of: NormalizedRect(x: 0.2, y: 0.2, width: 0.5, height: 0.6), in: frame, margin: 0.1)
        #expect(inside == .init(x: 15, y: 7, width: 60, height: 36))
        let past = ImageEmbedder.pixels(of: NormalizedRect(x: 0.9, y: -0.5, width: 0.5, height: 2), in: frame, margin: 0.05)
        #expect(past == .init(x: 88, y: 0, width: 12, height: 50))
        let outside = ImageEmbedder.pixels(of: NormalizedRect(x: 1.5, y: 1.2, width: 0, height: 0), in: frame, margin: 0.05)
        #expect(outside == .init(x: 99, y: 49, width: 1, height: 1))
        let nonsense = ImageEmbedder.pixels(of: NormalizedRect(x: .nan, y: .infinity, width: .nan, height: 1), in: frame, margin: 0.05)
        #expect(nonsense.width >= 1 && nonsense.height >= 1 && nonsense.x + nonsense.width <= 100 && nonsense.y + nonsense.height <= 50)

        guard let embedder = try Self.embedder(), let coffee = try Self.photo("coffee.png") else { return }
        let corner = try embedder.embedding(of: coffee, region: NormalizedRect(x: 0.95, y: 0.95, width: 0.3, height: 0.3))
        #expect(corner.count == 1280 && corner.allSatisfy { $0.isFinite })
    }

    @Test func cosineComparesOnlyLikeVectors() {
        #expect(TaughtObjects.cosine([1, 0], [0, 1]) == 0)
        #expect(abs(TaughtObjects.cosine([3, 4], [6, 8]) - 1) < 1e-6)
        #expect(TaughtObjects.cosine([1, 0], [1, 0, 0]) == -1)
        #expect(TaughtObjects.cosine([], []) == -1)
        #expect(TaughtObjects.cosine([0, 0], [1, 0]) == -1)
    }

    @Test func aDetectorGivenAsTheEmbedderIsOneSentence() throws {
        guard let runtime = SharedRuntime.get() else { return }
        guard let detector = TestData.model("yolox_nano.onnx") else {
            if TestData.required { Issue.record("model yolox_nano.onnx is missing") } else { print("skipping: no yolox_nano.onnx") }
            return
        }
        let error = #expect(throws: EmbeddingError.self) {
            try ImageEmbedder(runtime: runtime, modelPath: detector.path, sessionOptions: SessionOptions(intraOpThreads: 1))
        }
        let sentence = try #require(error?.sentence)
        print("ImageEmbedder with a detector: \(sentence)")
        #expect(sentence.hasPrefix("Wrong model: \(detector.path) is not an image embedding model"))
        #expect(sentence.hasSuffix(".") && !sentence.dropLast().contains(". ") && !sentence.contains("\n"))
    }

    @Test func theModelIsFoundInTheDevelopmentFolderByItsFileName() throws {
        // What Composition.imageEmbedder() does with its default name, from a checkout beside ../shared/models.
        guard let development = DevelopmentModelsFolder.beside(checkoutAbove: TestData.packageRoot),
              FileManager.default.fileExists(atPath: development.appendingPathComponent(Self.modelName).path) else {
            print("skipping: no \(Self.modelName) in ../shared/models")
            return
        }
        let locator = ModelLocator(folders: ModelFolders(environment: [:], development: development))
        let located = try locator.locate(Self.modelName)
        #expect(located.url.lastPathComponent == Self.modelName)
        #expect(located.location == .development)
    }

    @Test func medianTimeOfTenEmbeddings() throws {
        guard let embedder = try Self.embedder(), let bus = try Self.photo("bus.jpg") else { return }
        _ = try embedder.embedding(of: bus, region: Self.wholeBus)
        var times: [Double] = []
        for _ in 0..<10 {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try embedder.embedding(of: bus, region: Self.wholeBus)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        times.sort()
        let median = (times[4] + times[5]) / 2
        print("ImageEmbedder: median of 10 embeddings (crop of bus.jpg, 2 threads) \(String(format: "%.1f", median)) ms, "
              + "fastest \(String(format: "%.1f", times[0])) ms")
        #expect(median > 0)
    }

    static func format(_ value: Float) -> String { String(format: "%.3f", value) }
}
