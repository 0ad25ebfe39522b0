import BeaconCore
import Foundation

/// The detector output layouts Beacon decodes, recognised from a model's metadata and tensor shapes.
public struct YOLOFormat: Sendable {
    public enum Family: String, Sendable {
        /// Megvii YOLOX: [1, anchors, 5 + classes], raw grid offsets per stride, BGR 0–255 input, top-left letterbox.
        case yolox
        /// Ultralytics YOLOv8 / YOLO11: [1, 4 + classes, anchors], boxes in input pixels, RGB /255 input, centred letterbox.
        case ultralytics
        /// PaddleDetection PP-PicoDet: per stride a [1, cells, classes] sigmoid score map and a [1, cells, 4 × bins]
        /// box-distribution map; BGR input with mean and std, resized to fill the input (no letterbox).
        case picodet
    }

    public let family: Family
    public let classCount: Int
    public let anchorCount: Int
    public let letterbox: LetterboxSpec
    public let labels: [String]
    /// YOLOX only: whether the export already decoded boxes to input pixels (exported with decode_in_inference).
    public let yoloxAlreadyDecoded: Bool
    /// PP-PicoDet only: which outputs hold each stride's scores and box distributions.
    public let distributionLayout: DistributionBoxLayout?

    static let strides = [8, 16, 32]

    public init(session: InferenceSession) throws {
        let path = session.modelPath
        guard session.inputs.count == 1, let input = session.inputs.first else {
            throw InferenceError.unexpectedModel(path: path, reason: "it has \(session.inputs.count) inputs, not one image")
        }
        guard input.shape.count == 4, input.shape[1] == 3 || input.shape[1] == -1 else {
            throw InferenceError.unexpectedModel(path: path, reason: "its input shape \(input.shape) is not [1, 3, height, width]")
        }
        if session.outputs.count > 1 {
            try self.init(picoDetPath: path, input: input, outputs: session.outputs)
        } else {
            try self.init(singleOutputPath: path, input: input, output: session.outputs.first,
                          names: session.metadata("names").map(Self.parseNames) ?? [])
        }
    }

    /// A YOLOX or Ultralytics export: one output, told apart by its shape and Ultralytics' `names` metadata.
    private init(singleOutputPath path: String, input: TensorSpec, output: TensorSpec?, names: [String]) throws {
        guard let output, output.shape.count == 3 else {
            throw InferenceError.unexpectedModel(path: path,
                reason: "its output shape \(output?.shape ?? []) is not [1, a, b]")
        }
        let isUltralytics = !names.isEmpty || (output.shape[1] > 4 && output.shape[1] < output.shape[2])
        let family: Family = isUltralytics ? .ultralytics : .yolox
        // Dynamic input sizes get each family's usual training size.
        let height = input.shape[2] > 0 ? input.shape[2] : (family == .yolox ? 416 : 640)
        let width = input.shape[3] > 0 ? input.shape[3] : (family == .yolox ? 416 : 640)
        let expectedAnchors = Self.strides.reduce(0) { $0 + (height / $1) * (width / $1) }

        if isUltralytics {
            classCount = output.shape[1] - 4
            anchorCount = output.shape[2]
            letterbox = LetterboxSpec(width: width, height: height, placement: .centred, bgr: false, divisor: 255)
        } else {
            classCount = output.shape[2] - 5
            anchorCount = output.shape[1]
            letterbox = LetterboxSpec(width: width, height: height, placement: .topLeft, bgr: true, divisor: 1)
        }
        guard classCount >= 1 else {
            throw InferenceError.unexpectedModel(path: path,
                reason: "its output shape \(output.shape) has no room for class scores; Beacon expects a YOLOX, YOLOv8/YOLO11 or PP-PicoDet export")
        }
        if anchorCount > 0 && anchorCount != expectedAnchors {
            throw InferenceError.unexpectedModel(path: path,
                reason: "its output shape \(output.shape) does not fit a \(width)x\(height) input (expected \(expectedAnchors) anchors); Beacon expects a YOLOX, YOLOv8/YOLO11 or PP-PicoDet export")
        }
        self.family = family
        labels = Self.labels(names: names, classCount: classCount)
        yoloxAlreadyDecoded = false
        distributionLayout = nil
    }

    /// A PP-PicoDet export: its outputs must pair up as score and box-distribution maps over a stride pyramid.
    private init(picoDetPath path: String, input: TensorSpec, outputs: [TensorSpec]) throws {
        // PaddleDetection exports have a fixed input size; a dynamic one gets PicoDet's usual 416.
        let height = input.shape[2] > 0 ? input.shape[2] : 416
        let width = input.shape[3] > 0 ? input.shape[3] : 416
        guard let layout = DistributionBoxLayout(outputs: outputs, inputWidth: width, inputHeight: height) else {
            throw InferenceError.unexpectedModel(path: path,
                reason: "its \(outputs.count) outputs \(outputs.map(\.shape)) do not pair up as the class-score and box maps of a PP-PicoDet export, and YOLOX and YOLOv8/YOLO11 exports have one output")
        }
        family = .picodet
        classCount = layout.classCount
        anchorCount = layout.levels.reduce(0) { $0 + $1.cells }
        // PaddleDetection's normalisation, given there in B, G, R order.
        letterbox = LetterboxSpec(width: width, height: height, placement: .stretched, bgr: true,
                                  mean: SIMD3(123.675, 116.28, 103.53), std: SIMD3(58.395, 57.12, 57.375))
        labels = Self.labels(names: [], classCount: classCount)
        yoloxAlreadyDecoded = false
        distributionLayout = layout
    }

    private static func labels(names: [String], classCount: Int) -> [String] {
        if names.count == classCount { return names }
        if classCount == ObjectVocabulary.coco.count { return ObjectVocabulary.coco }
        return (0..<classCount).map { "class \($0)" }
    }

    /// Parses Ultralytics' `names` metadata, a Python dict literal: {0: 'person', 1: 'bicycle', …}.
    static func parseNames(_ text: String) -> [String] {
        var names: [Int: String] = [:]
        var rest = Substring(text)
        while let colon = rest.firstIndex(of: ":") {
            let key = rest[..<colon].split(whereSeparator: { !$0.isNumber }).last.flatMap { Int($0) }
            rest = rest[rest.index(after: colon)...].drop(while: { $0 == " " })
            guard let quote = rest.first, quote == "'" || quote == "\"" else { break }
            rest = rest.dropFirst()
            guard let end = rest.firstIndex(of: quote) else { break }
            if let key { names[key] = String(rest[..<end]) }
            rest = rest[rest.index(after: end)...]
        }
        guard !names.isEmpty, names.keys.sorted() == Array(0..<names.count) else { return [] }
        return (0..<names.count).map { names[$0]! }
    }

    /// Appends every anchor whose best class scores at least `threshold`, as a box in frame pixels.
    func decode(_ outputs: [OutputTensor], geometry: LetterboxGeometry, frameWidth: Int, frameHeight: Int,
                threshold: Float, into boxes: inout [ScoredBox]) throws {
        if let distributionLayout {
            try distributionLayout.decode(outputs, geometry: geometry, frameWidth: frameWidth, frameHeight: frameHeight,
                                          threshold: threshold, into: &boxes)
            return
        }
        let output = outputs[0]
        let ratio = Float(geometry.ratio)
        let padLeft = Float(geometry.padLeft), padTop = Float(geometry.padTop)
        let maxX = Float(frameWidth), maxY = Float(frameHeight)
        func append(cx: Float, cy: Float, w: Float, h: Float, score: Float, classIndex: Int) {
            let x1 = ((cx - w / 2 - padLeft) / ratio).clamped(0, maxX)
            let y1 = ((cy - h / 2 - padTop) / ratio).clamped(0, maxY)
            let x2 = ((cx + w / 2 - padLeft) / ratio).clamped(0, maxX)
            let y2 = ((cy + h / 2 - padTop) / ratio).clamped(0, maxY)
            boxes.append(ScoredBox(x1: x1, y1: y1, x2: x2, y2: y2, score: score, classIndex: classIndex))
        }
        let values = output.values
        switch family {
        case .picodet:
            preconditionFailure("PP-PicoDet is decoded by its DistributionBoxLayout")
        case .yolox:
            let rowLength = classCount + 5
            guard output.shape.count == 3, output.shape[2] == rowLength else {
                throw InferenceError.unexpectedModel(path: "", reason: "its output shape changed to \(output.shape)")
            }
            var row = 0
            for stride in Self.strides {
                let columns = letterbox.width / stride, rows = letterbox.height / stride
                let s = Float(stride)
                for gy in 0..<rows {
                    for gx in 0..<columns {
                        defer { row += 1 }
                        let base = row * rowLength
                        let objectness = values[base + 4]
                        guard objectness >= threshold else { continue } // class scores are at most 1
                        var best = 0
                        var bestScore = values[base + 5]
                        for c in 1..<classCount where values[base + 5 + c] > bestScore {
                            best = c
                            bestScore = values[base + 5 + c]
                        }
                        let score = objectness * bestScore
                        guard score >= threshold else { continue }
                        append(cx: (values[base] + Float(gx)) * s, cy: (values[base + 1] + Float(gy)) * s,
                               w: expf(values[base + 2]) * s, h: expf(values[base + 3]) * s,
                               score: score, classIndex: best)
                    }
                }
            }
        case .ultralytics:
            let anchors = output.shape.count == 3 ? output.shape[2] : 0
            guard output.shape.count == 3, output.shape[1] == classCount + 4, anchors > 0 else {
                throw InferenceError.unexpectedModel(path: "", reason: "its output shape changed to \(output.shape)")
            }
            // Class scores are stored plane by plane: scan each class plane in order, keeping the best per anchor.
            var bestScores = [Float](repeating: -1, count: anchors)
            var bestClasses = [Int](repeating: 0, count: anchors)
            bestScores.withUnsafeMutableBufferPointer { scores in
                bestClasses.withUnsafeMutableBufferPointer { classes in
                    for c in 0..<classCount {
                        let plane = (4 + c) * anchors
                        for i in 0..<anchors where values[plane + i] > scores[i] {
                            scores[i] = values[plane + i]
                            classes[i] = c
                        }
                    }
                }
            }
            for i in 0..<anchors where bestScores[i] >= threshold {
                append(cx: values[i], cy: values[anchors + i], w: values[2 * anchors + i], h: values[3 * anchors + i],
                       score: bestScores[i], classIndex: bestClasses[i])
            }
        }
    }
}

extension YOLOFormat.Family {
    /// The lowest score worth reporting when the user names none. YOLOX multiplies objectness by the class score
    /// and Ultralytics' scores are as sharp; PicoDet's class scores alone run lower and flatter, so its threshold
    /// was measured to keep false positives level with YOLOX's at 0.5 (README, "Detectors").
    public var calibratedConfidence: Float {
        switch self {
        case .yolox, .ultralytics: 0.5
        case .picodet: 0.65
        }
    }
}

extension Float {
    @inline(__always)
    func clamped(_ low: Float, _ high: Float) -> Float { Swift.min(Swift.max(self, low), high) }
}
