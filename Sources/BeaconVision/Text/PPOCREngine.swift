import BeaconCore
import Foundation

/// How the PP-OCR engine reads: detector input size, box extraction, angle check and the confidence floor.
public struct PPOCRSettings: Sendable, Hashable {
    public var sizing = TextDetectionSizing()
    public var boxes = TextBoxSettings()
    /// Lines the angle classifier calls upside down with more than `flipScore` are also read turned half, and
    /// the recogniser's more confident reading wins: the classifier alone misjudges grey, low-resolution print.
    public var flipScore: Float = 0.9
    /// Lines read with a lower mean character confidence are dropped, so handwriting and textures give no
    /// invented text: the handwritten maths in text.png reads as "(f-xPas" at 0.75, print at 0.95 and above.
    public var minimumConfidence: Double = 0.8
    /// Lines whose text explains less of their width than this are reported as under-read as well (see
    /// `LineTextCoverage`): Russian lines measured 0.13 to 0.55, English and Chinese ones 0.95 or more.
    public var minimumCoverage = 0.7
    /// Lines with a larger share of letters in scripts Beacon does not read are not kept: PP-OCRv6's alphabet has
    /// Greek letters but not all of them, and a Greek sign came back as "Kαλημρα σα" at 0.91.
    public var maximumForeignLetterShare = 0.5
    /// Lines recognised together, sorted by width so little of a batch is padding.
    public var batchSize = 6
    /// The narrowest recogniser input: short words get room, as the reference pipeline gives them.
    public var minimumBatchWidth = 320

    public init() {}
}

/// Time spent in each stage of reading one frame, in seconds.
public struct TextReadingTimings: Sendable, Hashable {
    /// Resize, detector, and cutting lines out of its probability map.
    public var detection: Double = 0
    /// Angle classifier, including its crops.
    public var classification: Double = 0
    /// Recogniser, including crops and decoding.
    public var recognition: Double = 0

    public var total: Double { detection + classification + recognition }

    public init() {}
}

/// PP-OCR on ONNX Runtime: DB text detection, the angle classifier for upside-down lines, and CTC recognition
/// with the dictionary stored in the recognition model.
///
/// Keeps its tensors between calls; a lock makes it safe to share.
public final class PPOCREngine: TextRecognizer, @unchecked Sendable {
    /// The height of the classifier's and recogniser's input strips.
    static let lineHeight = 48
    /// The classifier's input width.
    static let classifierWidth = 192

    /// PP-OCRv6's dictionary holds Chinese and Latin script (no Cyrillic).
    public let languages: Set<TextLanguage> = [.english, .chinese]
    public let detector: InferenceSession
    public let recognizer: InferenceSession
    public let classifier: InferenceSession?
    public let settings: PPOCRSettings
    let decoder: CTCGreedyDecoder

    private let lock = NSLock()
    private var detectionInput = TextDetectionInput()
    private var boxFinder: TextBoxFinder
    private var stripTensor: [Float] = []

    public init(detector: InferenceSession, recognizer: InferenceSession, classifier: InferenceSession?,
                settings: PPOCRSettings = PPOCRSettings()) throws {
        try Self.expectImageInput(detector, role: "text detection")
        try Self.expectImageInput(recognizer, role: "text recognition")
        if let classifier { try Self.expectImageInput(classifier, role: "angle classifier") }
        guard let dictionary = recognizer.metadata("character") else {
            throw TextRecognitionError.dictionaryMissing(path: recognizer.modelPath)
        }
        let decoder = CTCGreedyDecoder(dictionary: dictionary)
        if let classes = recognizer.outputs.first?.shape.last, classes > 0, classes != decoder.classCount {
            throw TextRecognitionError.dictionaryMismatch(path: recognizer.modelPath, classes: classes,
                                                          characters: decoder.characters.count)
        }
        self.detector = detector
        self.recognizer = recognizer
        self.classifier = classifier
        self.settings = settings
        self.decoder = decoder
        self.boxFinder = TextBoxFinder(settings: settings.boxes)
    }

    /// Loads the three models; pass nil for the classifier to skip the upside-down check.
    public convenience init(runtime: OnnxRuntime, detectorModel: String, recognizerModel: String, classifierModel: String?,
                            sessionOptions: SessionOptions = SessionOptions(), settings: PPOCRSettings = PPOCRSettings()) throws {
        let detector = try InferenceSession(runtime: runtime, modelPath: detectorModel, options: sessionOptions)
        let recognizer = try InferenceSession(runtime: runtime, modelPath: recognizerModel, options: sessionOptions)
        let classifier = try classifierModel.map { try InferenceSession(runtime: runtime, modelPath: $0, options: sessionOptions) }
        try self.init(detector: detector, recognizer: recognizer, classifier: classifier, settings: settings)
    }

    public func recognize(_ frame: Frame) throws -> [TextLine] {
        try read(frame).lines
    }

    public func read(_ frame: Frame) throws -> TextReading {
        var timings = TextReadingTimings()
        return try read(frame, timings: &timings)
    }

    /// Reads the frame and reports how long each stage took.
    public func recognize(_ frame: Frame, timings: inout TextReadingTimings) throws -> [TextLine] {
        try read(frame, timings: &timings).lines
    }

    /// Reads the frame, with what it could not read, and reports how long each stage took.
    public func read(_ frame: Frame, timings: inout TextReadingTimings) throws -> TextReading {
        try lock.withLock {
            let start = DispatchTime.now().uptimeNanoseconds
            let quads = try detectLines(in: frame).map(\.upright)
            let detected = DispatchTime.now().uptimeNanoseconds
            let widths = quads.map { max(1, Int((Double(Self.lineHeight) * $0.aspectRatio).rounded(.up))) }
            var candidates = quads.enumerated().map { Candidate(line: $0.offset, quad: $0.element) }
            candidates += try upsideDownCandidates(quads, widths: widths, in: frame)
            let classified = DispatchTime.now().uptimeNanoseconds
            let reading = try read(candidates, lineCount: quads.count, widths: widths, in: frame)
            let end = DispatchTime.now().uptimeNanoseconds
            timings.detection = Double(detected - start) / 1e9
            timings.classification = Double(classified - detected) / 1e9
            timings.recognition = Double(end - classified) / 1e9
            return reading
        }
    }

    // MARK: Stages

    /// Text line quads in image pixels, in reading order.
    private func detectLines(in frame: Frame) throws -> [ImageQuad] {
        let size = settings.sizing.inputSize(width: frame.width, height: frame.height)
        detectionInput.fill(from: frame, width: size.width, height: size.height)
        let shape = detectionInput.shape
        return try detectionInput.withTensor { input in
            try detector.run(input: input, shape: shape) { outputs in
                guard let map = outputs.first, map.shape.count == 4, map.shape[1] == 1 else {
                    throw TextRecognitionError.unexpectedModel(path: detector.modelPath, role: "text detection",
                                                               reason: "its output is not one probability map")
                }
                return boxFinder.boxes(in: map.values, mapWidth: map.shape[3], mapHeight: map.shape[2],
                                       imageWidth: frame.width, imageHeight: frame.height)
            }
        }
    }

    /// A line to recognise: which detected line it is, and which way round to read it.
    struct Candidate {
        var line: Int
        var quad: ImageQuad
    }

    /// The lines the classifier believes upside down, turned half.
    private func upsideDownCandidates(_ quads: [ImageQuad], widths: [Int], in frame: Frame) throws -> [Candidate] {
        guard let classifier, !quads.isEmpty else { return [] }
        let height = Self.lineHeight, width = Self.classifierWidth
        let plane = height * width
        prepareStrips(count: quads.count, width: width)
        let flipScore = settings.flipScore
        return try frame.rgb.withUnsafeBufferPointer { pixels in
            let warp = StripWarp(pixels: pixels, width: frame.width, height: frame.height)
            return try stripTensor.withUnsafeMutableBufferPointer { tensor in
                for (index, quad) in quads.enumerated() {
                    warp.sample(quad, stripWidth: min(width, widths[index]), stripHeight: height,
                                into: tensor.baseAddress! + index * 3 * plane, rowStride: width, planeStride: plane)
                }
                let input = UnsafeMutableBufferPointer(rebasing: tensor[0..<(quads.count * 3 * plane)])
                return try classifier.run(input: input, shape: [quads.count, 3, height, width]) { outputs in
                    guard let scores = outputs.first, scores.shape == [quads.count, 2] else {
                        throw TextRecognitionError.unexpectedModel(path: classifier.modelPath, role: "angle classifier",
                                                                   reason: "its output is not two scores per line")
                    }
                    return quads.indices.compactMap { index in
                        scores.values[2 * index + 1] > flipScore ? Candidate(line: index, quad: quads[index].turnedHalf) : nil
                    }
                }
            }
        }
    }

    /// Recognises the candidates in batches of similar width and keeps each line's most confident reading.
    private func read(_ candidates: [Candidate], lineCount: Int, widths: [Int], in frame: Frame) throws -> TextReading {
        let order = candidates.indices.sorted { (widths[candidates[$0].line], $0) < (widths[candidates[$1].line], $1) }
        var best = [(strip: DecodedStrip, candidate: Int, stripWidth: Int, stepWidth: Double)?](repeating: nil, count: lineCount)
        let height = Self.lineHeight
        try frame.rgb.withUnsafeBufferPointer { pixels in
            let warp = StripWarp(pixels: pixels, width: frame.width, height: frame.height)
            for batchStart in stride(from: 0, to: order.count, by: settings.batchSize) {
                let members = Array(order[batchStart..<min(batchStart + settings.batchSize, order.count)])
                let batchWidth = max(settings.minimumBatchWidth, members.map { widths[candidates[$0].line] }.max()!)
                let plane = height * batchWidth
                prepareStrips(count: members.count, width: batchWidth)
                try stripTensor.withUnsafeMutableBufferPointer { tensor in
                    for (slot, member) in members.enumerated() {
                        let candidate = candidates[member]
                        warp.sample(candidate.quad, stripWidth: widths[candidate.line], stripHeight: height,
                                    into: tensor.baseAddress! + slot * 3 * plane, rowStride: batchWidth, planeStride: plane)
                    }
                    let input = UnsafeMutableBufferPointer(rebasing: tensor[0..<(members.count * 3 * plane)])
                    try recognizer.run(input: input, shape: [members.count, 3, height, batchWidth]) { outputs in
                        guard let output = outputs.first, output.shape.count == 3, output.shape[0] == members.count else {
                            throw TextRecognitionError.unexpectedModel(path: recognizer.modelPath, role: "text recognition",
                                                                       reason: "its output is not [lines, steps, classes]")
                        }
                        let steps = output.shape[1], classes = output.shape[2]
                        for (slot, member) in members.enumerated() {
                            let values = UnsafeBufferPointer(rebasing: output.values[(slot * steps * classes)..<((slot + 1) * steps * classes)])
                            let strip = decoder.decode(values, steps: steps, classes: classes)
                            let line = candidates[member].line
                            if let current = best[line], strip.confidence < current.strip.confidence
                                || (strip.confidence == current.strip.confidence && member > current.candidate) {
                                continue
                            }
                            best[line] = (strip, member, widths[line], Double(batchWidth) / Double(max(steps, 1)))
                        }
                    }
                }
            }
        }
        var reading = TextReading(lines: [])
        for case let chosen? in best {
            let text = chosen.strip.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let confidence = chosen.strip.confidence
            let quad = candidates[chosen.candidate].quad.normalized(width: frame.width, height: frame.height)
            func unreadable(_ reason: UnreadableText.Reason) -> UnreadableText {
                UnreadableText(reason: reason, quad: quad, text: text, confidence: confidence)
            }
            if text.isEmpty {
                reading.unreadable.append(unreadable(.blank))
            } else if confidence < settings.minimumConfidence {
                reading.unreadable.append(unreadable(.unsure))
            } else if TextLanguage.foreignLetterShare(in: text) > settings.maximumForeignLetterShare {
                reading.unreadable.append(unreadable(.unknownScript))
            } else {
                let stripWidth = Double(chosen.stripWidth)
                let words = chosen.strip.words.map { word in
                    let start = min(1, Double(word.firstStep) * chosen.stepWidth / stripWidth)
                    let end = min(1, Double(word.lastStep + 1) * chosen.stepWidth / stripWidth)
                    return TextWord(text: word.text, confidence: word.confidence, quad: quad.slice(from: start, to: end))
                }
                let line = TextLine(text: text, confidence: confidence, quad: quad, words: words)
                reading.lines.append(line)
                if LineTextCoverage.explainedFraction(of: line, frameWidth: frame.width, frameHeight: frame.height)
                    < settings.minimumCoverage {
                    reading.unreadable.append(unreadable(.underRead))
                }
            }
        }
        return reading
    }

    /// Makes the strip tensor hold `count` zeroed strips of the given width (the right padding stays 0).
    private func prepareStrips(count: Int, width: Int) {
        let needed = count * 3 * Self.lineHeight * width
        if stripTensor.count < needed {
            stripTensor = [Float](repeating: 0, count: needed)
        } else {
            stripTensor.withUnsafeMutableBufferPointer { $0.baseAddress!.update(repeating: 0, count: needed) }
        }
    }

    private static func expectImageInput(_ session: InferenceSession, role: String) throws {
        guard let input = session.inputs.first, input.shape.count == 4, input.shape[1] == 3 || input.shape[1] == -1 else {
            throw TextRecognitionError.unexpectedModel(path: session.modelPath, role: role,
                                                       reason: "it does not take one three-channel image")
        }
    }
}
