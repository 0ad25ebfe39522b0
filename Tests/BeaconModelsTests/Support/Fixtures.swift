import BeaconModels
import BeaconTestSupport
import Foundation

/// Test inputs made in the test: synthetic catalogue entries, a wheel built with Python's zipfile, and checksums
/// computed by Python's hashlib (so the code under test never vouches for itself).
enum Fixtures {
    struct PythonFailed: Error, CustomStringConvertible { let description: String }

    /// SHA-256 and size by Python, independent of BeaconModels' own hashing.
    static func pythonFingerprint(of url: URL) throws -> FileFingerprint {
        let script = "import hashlib,os,sys; p=sys.argv[1]; print(hashlib.sha256(open(p,'rb').read()).hexdigest(), os.path.getsize(p))"
        let result = try TestData.run("python3", ["-c", script, url.path])
        guard result.status == 0 else { throw PythonFailed(description: result.stderr) }
        let words = result.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return FileFingerprint(sha256: words[0], size: Int64(words[1])!)
    }

    /// Builds a wheel (a deflated zip) holding `member` (compressible and random bytes) and a second, unrelated file.
    static func buildWheel(at wheel: URL, member: String, payloadBytes: Int = 300_000) throws
        -> (wheel: FileFingerprint, member: FileFingerprint) {
        let script = """
        import hashlib, os, sys, zipfile
        wheel, member, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
        payload = (bytes(range(256)) * (size // 512 + 1))[: size // 2] + os.urandom(size - size // 2)
        with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("fakepkg/__init__.py", "")
            z.writestr(member, payload)
        print(hashlib.sha256(open(wheel, "rb").read()).hexdigest(), os.path.getsize(wheel))
        print(hashlib.sha256(payload).hexdigest(), len(payload))
        """
        let result = try TestData.run("python3", ["-c", script, wheel.path, member, String(payloadBytes)])
        guard result.status == 0 else { throw PythonFailed(description: result.stderr) }
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ") }
        return (FileFingerprint(sha256: String(lines[0][0]), size: Int64(lines[0][1])!),
                FileFingerprint(sha256: String(lines[1][0]), size: Int64(lines[1][1])!))
    }

    /// An origin nobody can reach: tests that pass only through --mirror prove the mirror replaced it.
    static let unreachableOrigin = "https://origin.invalid/releases/"

    static func fileEntry(name: String, fileName: String, checksum: ModelChecksum) -> ModelEntry {
        ModelEntry(name: name, fileName: fileName, kind: .detector, family: .yolox, licence: "Apache-2.0",
                   origin: "test", source: .file(url: URL(string: unreachableOrigin + fileName)!),
                   checksum: checksum, checksumProvenance: "computed in the test")
    }

    static func wheelEntry(name: String, fileName: String, wheelName: String, wheel: FileFingerprint,
                           memberPath: String, member: FileFingerprint) -> ModelEntry {
        ModelEntry(name: name, fileName: fileName, kind: .text, family: .ppocr, licence: "Apache-2.0", origin: "test",
                   source: .wheelMember(wheelURL: URL(string: unreachableOrigin + wheelName)!, wheel: wheel, memberPath: memberPath),
                   checksum: .pinned(member), checksumProvenance: "computed in the test")
    }

    /// The names in a folder, sorted, including hidden ones (where partial downloads would hide).
    static func contents(of folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    static func copy(_ source: URL, to folder: URL, as name: String? = nil) throws -> URL {
        let destination = folder.appendingPathComponent(name ?? source.lastPathComponent)
        try FileManager.default.copyItem(at: source, to: destination)
        // The shared models are read-only; the copy must be writable so tests can corrupt it.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: destination.path)
        return destination
    }

    static func write(_ text: String, to folder: URL, as name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }
}
