import Foundation

extension StandardModels {
    /// FastDepth for `--depth model` and `beacon depth`: converted for Beacon from a TFLite file, so no public URL
    /// serves these bytes; it lives in the shared models folder beside a checkout (shared/models/PROVENANCE.md).
    static let fastDepth = ModelEntry(
        name: "fast_depth_224_int8", fileName: "fast_depth_224_int8.onnx", kind: .depth, family: .fastDepth,
        licence: "MIT",
        origin: "FastDepth (NYU Depth v2, indoor) int8 from openmv, TFLite converted to ONNX (shared/models/PROVENANCE.md)",
        source: .notDownloadable(reason: "it was converted for Beacon and lives in the shared models folder beside a checkout"),
        checksum: .pinned(FileFingerprint(sha256: "5ccd9f8c9ad0dcb0851e86a1787968acb3346c429b02833ad4694d6b5e07ad22", size: 1_565_166)),
        checksumProvenance: "computed from the file in shared/models (PROVENANCE.md)")
}
