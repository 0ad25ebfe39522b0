import Foundation

extension ModelCatalog {
    /// The models Beacon ships support for, each pinned to exact bytes.
    public static let standard = ModelCatalog(entries: StandardModels.yolox + [StandardModels.yolo11nInt8, StandardModels.picodetS416]
                                                    + StandardModels.ppocr + [StandardModels.fastDepth, StandardModels.efficientNetLite0Embed,
                                                    StandardModels.efficientNetLite0ImageNet]
                                                    + StandardModels.speech)
}

/// The pinned data behind `ModelCatalog.standard`. Where each number came from is in `checksumProvenance`.
enum StandardModels {
    static let yoloxRelease = "https://github.com/Megvii-BaseDetection/YOLOX/releases/download/0.1.1rc0/"

    // The official release assets could not be downloaded from the machine this was written on, so their
    // SHA-256 and sizes are the values that several unrelated public projects pin for these exact URLs
    // (each agreeing with the others). A wrong pin fails safe: the installer refuses the download.
    static let yoloxProvenance = "published for this release URL by several independent projects that pin it; "
        + "not recomputed by Beacon's authors (the release host was unreachable)"

    static let yolox: [ModelEntry] = [
        yoloxEntry("nano", sha256: "c789161ed43c8269fcd4e67c67eeeb4e80c622da2eb296a20bc6007bd18a0b7d", size: 3_659_407,
                   knownCopies: [yoloxNanoDevelopmentCopy]),
        yoloxEntry("tiny", sha256: "427cc366d34e27ff7a03e2899b5e3671425c262ea2291f88bb942bc1cc70b0f7", size: 20_219_662),
        yoloxEntry("s", sha256: "c5c2d13e59ae883e6af3b45daea64af4833a4951c92d116ec270d9ddbe998063", size: 35_858_002),
        yoloxEntry("m", sha256: "21ff6cfdeb53b013bac2249599e55f00bff3cfdfdab37ed7a4620818c1d15b3f", size: 101_259_744),
        yoloxEntry("l", sha256: "7860ae79de6c89a3c1eb72ae9a2756c0ccfbe04b7791bb5880afabd97855a411", size: 216_746_733),
        yoloxEntry("x", sha256: "c892d7aaf1c4746d8a4d675bec669a4db4f434b4ee1efb654bc9b353379c7c55", size: 396_142_663),
    ]

    /// ../shared/models/yolox_nano.onnx: a re-export of the same COCO weights (see shared/models/PROVENANCE.md).
    /// Its size differs from the official file's, so it is a different file, accepted as a known copy.
    static let yoloxNanoDevelopmentCopy = KnownCopy(
        fingerprint: FileFingerprint(sha256: "695e750a5d5754bb5a8d5325643b59282191a7e7a564e435a415fd3c578eab14", size: 3_660_092),
        origin: "development re-export from Kazuhito00/YOLOX-ONNX-TFLite-Sample (shared/models/PROVENANCE.md)")

    static func yoloxEntry(_ size: String, sha256: String, size bytes: Int64, knownCopies: [KnownCopy] = []) -> ModelEntry {
        let fileName = "yolox_\(size).onnx"
        return ModelEntry(
            name: "yolox_\(size)", fileName: fileName, kind: .detector, family: .yolox, licence: "Apache-2.0",
            origin: "Megvii YOLOX 0.1.1rc0 official ONNX release, COCO 80 classes",
            source: .file(url: URL(string: yoloxRelease + fileName)!),
            checksum: .pinned(FileFingerprint(sha256: sha256, size: bytes)),
            checksumProvenance: yoloxProvenance, knownCopies: knownCopies)
    }

    static let yolo11nInt8 = ModelEntry(
        name: "yolo11n_int8", fileName: "yolo11n_int8.onnx", kind: .detector, family: .ultralytics, licence: "AGPL-3.0",
        origin: "Ultralytics YOLO11n COCO export at 320x320, int8 dynamic quantization (shared/models/PROVENANCE.md)",
        source: .notDownloadable(reason: "it is for development and CI only and lives in the shared models folder beside a checkout"),
        checksum: .pinned(FileFingerprint(sha256: "5ea9b19c6c4d89041175fd2d4f9d2e1581d16f37b817021d547278fc5e2f2b58", size: 2_923_867)),
        checksumProvenance: "computed from the file in shared/models (PROVENANCE.md)")

    /// PP-PicoDet-S 416 as PaddleDetection exported it, from the repository shared/models/PROVENANCE.md names. The
    /// development copy is the same graph with the weights taken off its input list (so ONNX Runtime folds them).
    static let picodetS416 = ModelEntry(
        name: "picodet_s_416_coco", fileName: "picodet_s_416_coco.onnx", kind: .detector, family: .picodet,
        licence: "Apache-2.0",
        origin: "PaddleDetection PP-PicoDet-S 416 (legacy release) COCO ONNX export, via hpc203/picodet-onnxruntime",
        source: .file(url: URL(string: "https://raw.githubusercontent.com/hpc203/picodet-onnxruntime/"
            + "dfe4d6cd0a18cd4126ee381e81df8a0b1e6ad97b/coco/picodet_s_416_coco.onnx")!),
        checksum: .pinned(FileFingerprint(sha256: "cdab77bdde16e4f76bec734c4e5791801d1739e4c7ec1995e0e110e04300d0c2",
                                          size: 4_040_573)),
        checksumProvenance: "computed from the file at that commit by whoever filled shared/models (PROVENANCE.md); "
            + "not downloaded again by Beacon's authors",
        knownCopies: [KnownCopy(
            fingerprint: FileFingerprint(sha256: "72269b1d271af656e8c9a100d4ca1147b17356fac0d7d012acacaf3e94c0f371",
                                         size: 4_032_467),
            origin: "development copy without weights in the graph's input list (shared/models/PROVENANCE.md)")])

    // rapidocr 3.10.0's only distribution is this wheel; its URL and SHA-256 are PyPI's JSON metadata, and the
    // members' checksums and sizes were computed from that wheel after checking its SHA-256.
    static let rapidocrWheelURL = URL(string: "https://files.pythonhosted.org/packages/59/07/"
        + "203065283bba0c5e9c10af3602dc25ab3e59ee54dc2d1d22c8faeabf5ed8/rapidocr-3.10.0-py3-none-any.whl")!
    static let rapidocrWheel = FileFingerprint(
        sha256: "2fc34e26cd0f48514804a94f8832283039c7334076bff60768b1fed9ad068050", size: 27_288_134)
    static let rapidocrProvenance = "wheel SHA-256 from PyPI's metadata for rapidocr 3.10.0; member computed from that wheel"

    static let ppocr: [ModelEntry] = [
        ppocrEntry(name: "ppocr_det", fileName: "PP-OCRv6_det_small.onnx", what: "PP-OCRv6 small text detection",
                   sha256: "090f04abcd9d9a7498bc4ebf677e4cb9bdce1fe4197ddb7e529f1ef44e1ff94f", size: 9_929_594),
        ppocrEntry(name: "ppocr_rec", fileName: "PP-OCRv6_rec_small.onnx", what: "PP-OCRv6 small text recognition",
                   sha256: "6f327246b50388f3c176ae304bd95767ea6dc0c9ae92153ef8cbe210b3c14884", size: 21_234_383),
        ppocrEntry(name: "ppocr_cls", fileName: "ch_ppocr_mobile_v2.0_cls_mobile.onnx", what: "PP-OCR mobile v2.0 text angle classifier",
                   sha256: "e47acedf663230f8863ff1ab0e64dd2d82b838fceb5957146dab185a89d6215c", size: 585_532),
    ]

    static func ppocrEntry(name: String, fileName: String, what: String, sha256: String, size: Int64) -> ModelEntry {
        ModelEntry(
            name: name, fileName: fileName, kind: .text, family: .ppocr, licence: "Apache-2.0",
            origin: "\(what), PaddleOCR weights as converted to ONNX in the PyPI wheel rapidocr 3.10.0",
            source: .wheelMember(wheelURL: rapidocrWheelURL, wheel: rapidocrWheel, memberPath: "rapidocr/models/\(fileName)"),
            checksum: .pinned(FileFingerprint(sha256: sha256, size: size)),
            checksumProvenance: rapidocrProvenance)
    }
}
