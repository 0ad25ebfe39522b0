import Foundation

/// A model file that exists, and where it was found.
public struct LocatedModel: Sendable, Hashable, CustomStringConvertible {
    /// The catalogue entry, or nil for a file the catalogue does not know (an explicit path or a custom file name).
    public let entry: ModelEntry?
    public let url: URL
    public let location: ModelLocation

    public init(entry: ModelEntry?, url: URL, location: ModelLocation) {
        self.entry = entry
        self.url = url
        self.location = location
    }

    /// E.g. "yolox_nano.onnx from the development folder (/work/shared/models/yolox_nano.onnx)".
    public var description: String { "\(url.lastPathComponent) from the \(location.label) (\(url.path))" }
}

/// Finds model files: an explicit path first, then $BEACON_MODELS, the development folder, the user cache, and the
/// models installed with Beacon.
public struct ModelLocator: Sendable {
    public let catalog: ModelCatalog
    public let folders: ModelFolders

    public init(catalog: ModelCatalog = .standard, folders: ModelFolders) {
        self.catalog = catalog
        self.folders = folders
    }

    /// Resolves what a user typed for a model.
    ///
    /// - A path (anything with a "/") is used as given and must exist.
    /// - A catalogue name or file name ("yolox_nano", "yolox_nano.onnx") is searched for in the folders, in order.
    /// - Another file name ending in ".onnx" (a custom export) is searched for the same way.
    public func locate(_ reference: String) throws(ModelError) -> LocatedModel {
        if reference.contains("/") {
            let url = URL(fileURLWithPath: reference).standardizedFileURL
            guard FileManager.default.fileExists(atPath: url.path) else { throw ModelError.missingFile(path: url.path) }
            return LocatedModel(entry: catalog.lookUp(url.lastPathComponent), url: url, location: .explicitPath)
        }
        if catalog.lookUp(reference) == nil, reference.lowercased().hasSuffix(".onnx") {
            if let found = firstCopy(fileName: reference, entry: nil) { return found }
            throw notFound(name: reference, fileName: reference, installable: false)
        }
        return try locate(entry: catalog.entry(named: reference))
    }

    /// The first copy of a catalogue entry in search order.
    public func locate(entry: ModelEntry) throws(ModelError) -> LocatedModel {
        if let found = firstCopy(fileName: entry.fileName, entry: entry) { return found }
        throw notFound(name: entry.name, fileName: entry.fileName, installable: entry.isDownloadable)
    }

    /// Every copy of a catalogue entry, in search order (the first is the one `locate` returns).
    public func copies(of entry: ModelEntry) -> [LocatedModel] {
        folders.searchOrder.compactMap { location, folder in
            let url = folder.appendingPathComponent(entry.fileName)
            return isRegularFile(url) ? LocatedModel(entry: entry, url: url, location: location) : nil
        }
    }

    private func firstCopy(fileName: String, entry: ModelEntry?) -> LocatedModel? {
        for (location, folder) in folders.searchOrder {
            let url = folder.appendingPathComponent(fileName)
            if isRegularFile(url) { return LocatedModel(entry: entry, url: url, location: location) }
        }
        return nil
    }

    private func isRegularFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    private func notFound(name: String, fileName: String, installable: Bool) -> ModelError {
        .notFound(name: name, fileName: fileName, searched: folders.searchOrder.map { $0.folder.path },
                  cacheFolder: folders.cache.path, installable: installable)
    }
}
