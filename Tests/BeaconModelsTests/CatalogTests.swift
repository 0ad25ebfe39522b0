import BeaconModels
import Foundation
import Testing

@Suite struct CatalogTests {
    let catalog = ModelCatalog.standard

    @Test func theStandardCatalogueHasTheExpectedModels() {
        #expect(catalog.names == ["yolox_nano", "yolox_tiny", "yolox_s", "yolox_m", "yolox_l", "yolox_x",
                                  "yolo11n_int8", "picodet_s_416_coco", "ppocr_det", "ppocr_rec", "ppocr_cls", "fast_depth_224_int8",
                                  "efficientnet_lite0_embed", "efficientnet_lite0_imagenet", "moonshine_base_en_encoder", "moonshine_base_en_decoder",
                                  "moonshine_base_en_tokenizer", "silero_vad", "piper_en_us_joe_medium",
                                  "piper_en_us_joe_medium_config"])
        for entry in catalog.entries {
            if let pin = entry.pinnedFingerprint {
                #expect(pin.sha256.count == 64 && pin.sha256.allSatisfy(\.isHexDigit), "\(entry.name)")
                #expect(pin.size > 0, "\(entry.name)")
            }
            // Moonshine's files are ONNX Runtime's own format, and its tokenizer and the voice's settings are data.
            #expect([".onnx", ".ort", ".bin", ".onnx.json"].contains { entry.fileName.hasSuffix($0) }, "\(entry.fileName)")
        }
    }

    @Test func licencesFollowTheFamilies() {
        for entry in catalog.entries {
            switch entry.family {
            case .yolox, .picodet, .ppocr, .efficientNetLite: #expect(entry.licence == "Apache-2.0", "\(entry.name)")
            case .ultralytics: #expect(entry.licence == "AGPL-3.0", "\(entry.name)")
            case .fastDepth, .moonshine, .sileroVAD: #expect(entry.licence == "MIT", "\(entry.name)")
            case .piper: #expect(entry.licence == "MIT (voice data CC0)", "\(entry.name)")
            }
        }
    }

    @Test func ppocrModelsComeFromOnePinnedWheel() {
        let members = catalog.entries.filter { $0.family == .ppocr }.compactMap { entry -> String? in
            guard case .wheelMember(let url, let wheel, let member) = entry.source else { return nil }
            #expect(url.lastPathComponent == "rapidocr-3.10.0-py3-none-any.whl")
            #expect(wheel.sha256 == "2fc34e26cd0f48514804a94f8832283039c7334076bff60768b1fed9ad068050")
            #expect(member.hasSuffix("/" + entry.fileName))
            return member
        }
        #expect(members == ["rapidocr/models/PP-OCRv6_det_small.onnx", "rapidocr/models/PP-OCRv6_rec_small.onnx",
                            "rapidocr/models/ch_ppocr_mobile_v2.0_cls_mobile.onnx"])
    }

    @Test func yolo11nIsDevelopmentOnly() {
        let entry = catalog.lookUp("yolo11n_int8")
        #expect(entry?.isDownloadable == false)
        #expect(entry?.pinnedFingerprint?.sha256 == "5ea9b19c6c4d89041175fd2d4f9d2e1581d16f37b817021d547278fc5e2f2b58")
    }

    @Test func lookUpForgivesCaseDashesAndTheExtension() throws {
        #expect(catalog.lookUp("YOLOX-Nano")?.name == "yolox_nano")
        #expect(catalog.lookUp("yolox_s.onnx")?.name == "yolox_s")
        #expect(catalog.lookUp("PP-OCRv6_det_small.onnx")?.name == "ppocr_det")
        #expect(try catalog.entry(named: "ppocr_rec").fileName == "PP-OCRv6_rec_small.onnx")
    }

    @Test func unknownNamesSuggestTheNearestOrListAll() {
        let typo = #expect(throws: ModelError.self) { try catalog.entry(named: "yolox_tinny") }
        #expect(typo?.sentence == "There is no model called \"yolox_tinny\"; did you mean \"yolox_tiny\"?")
        let nonsense = #expect(throws: ModelError.self) { try catalog.entry(named: "resnet50") }
        #expect(nonsense?.sentence == "There is no model called \"resnet50\"; the known models are "
            + catalog.names.joined(separator: ", ") + ".")
    }

    @Test func everyErrorIsOneSentenceNamingWhatWentWrong() {
        let errors: [ModelError] = [
            .unknownModel(name: "x", suggestion: nil, known: ["a", "b"]),
            .notFound(name: "yolox_s", fileName: "yolox_s.onnx", searched: ["/a", "/b"], cacheFolder: "/c", installable: true),
            .missingFile(path: "/p/m.onnx"),
            .notDownloadable(name: "yolo11n_int8", fileName: "yolo11n_int8.onnx", reason: "it is for development only", cacheFolder: "/c"),
            .unverifiedChecksum(name: "m"),
            .networkUnreachable(fileName: "m.onnx", host: "h", cacheFolder: "/c"),
            .notFoundOnServer(fileName: "m.onnx", url: "http://h/m.onnx"),
            .httpStatus(fileName: "m.onnx", url: "http://h/m.onnx", status: 503),
            .downloadFailed(fileName: "m.onnx", url: "http://h/m.onnx", detail: "reset"),
            .sizeMismatch(fileName: "m.onnx", expected: 2, actual: 1),
            .checksumMismatch(fileName: "m.onnx", expected: String(repeating: "a", count: 64), actual: String(repeating: "b", count: 64)),
            .cacheNotWritable(folder: "/c", detail: "read-only file system"),
            .wheelMemberMissing(fileName: "m.onnx", member: "p/m.onnx", wheel: "w.whl"),
            .unreadableArchive(wheel: "w.whl", detail: "bad"),
            .unreadableFile(path: "/p/m.onnx", detail: "permission denied"),
            .invalidMirror("ftp://x"),
            .conversionFailed(fileName: "m.onnx", member: "p/w.pth", detail: "it has no tensor _bn0.weight"),
            .convertedChecksumMismatch(fileName: "m.onnx", expected: String(repeating: "a", count: 64),
                                       actual: String(repeating: "b", count: 64)),
        ]
        for error in errors {
            let sentence = error.sentence
            #expect(sentence.first?.isUppercase == true || sentence.first == "m" || sentence.first == "y", "\(sentence)")
            #expect([".", "?"].contains(sentence.last), "\(sentence)")
            // One sentence: no full stop followed by a new sentence inside it.
            #expect(!sentence.dropLast().contains(". "), "\(sentence)")
            #expect(error.description == sentence)
        }
        #expect(ModelError.notFound(name: "yolox_s", fileName: "yolox_s.onnx", searched: ["/a"], cacheFolder: "/c", installable: true)
            .sentence.contains("beacon models install yolox_s"))
    }
}
