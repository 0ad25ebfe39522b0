import Foundation

/// A file the user named, checked before any decoder sees it, so that a missing file, a folder or an empty
/// file each get their own sentence instead of a decoder's guess.
struct InputFile {
    let url: URL

    /// What messages call the file: its name without the folders, short enough to speak.
    var displayName: String { url.lastPathComponent }

    /// The file at `url`, once it is known to exist, to be a regular file and not to be empty.
    init(checking url: URL) throws(MediaError) {
        self.url = url
        let name = url.lastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .fileNotFound(name)
        }
        if isDirectory.boolValue { throw .isAFolder(name) }
        guard FileManager.default.isReadableFile(atPath: url.path) else { throw .fileNotReadable(name) }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        if size == 0 { throw .emptyFile(name) }
    }

    /// The whole file.
    func contents() throws(MediaError) -> Data {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .fileNotReadable(displayName)
        }
        // The size check in init can race with a writer truncating the file.
        if data.isEmpty { throw .emptyFile(displayName) }
        return data
    }

    /// Up to `count` bytes from the start of the file, enough to recognise its format.
    func prefix(_ count: Int) throws(MediaError) -> [UInt8] {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let bytes = try handle.read(upToCount: count) ?? Data()
            if bytes.isEmpty { throw MediaError.emptyFile(displayName) }
            return [UInt8](bytes)
        } catch let error as MediaError {
            throw error
        } catch {
            throw .fileNotReadable(displayName)
        }
    }
}
