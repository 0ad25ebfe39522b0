import BeaconTestSupport
import Foundation
import Testing

/// Shared photos, reference decodes and generated videos for the media tests.
enum Fixtures {
    /// A shared test photo, or nil (with the reason printed) when it is missing. Under BEACON_REQUIRE_MODELS=1 a
    /// missing photo is a failure.
    static func photo(_ name: String) -> URL? {
        if let url = TestData.image(name) { return url }
        skip("shared test photo \(name) is missing from \(TestData.imagesFolder.path)")
        return nil
    }

    /// Whether the ffmpeg command-line tool is there to make fixtures and reference decodes.
    static var hasFFmpeg: Bool {
        if TestData.hasTool("ffmpeg") && TestData.hasTool("ffprobe") { return true }
        skip("the ffmpeg and ffprobe commands are not installed")
        return false
    }

    static func skip(_ reason: String) {
        if TestData.required {
            Issue.record("Required: \(reason)")
        } else {
            print("Skipping: \(reason)")
        }
    }

    /// Runs ffmpeg quietly, overwriting outputs; throws with its error output when it fails.
    static func ffmpeg(_ arguments: [String]) throws {
        let result = try TestData.run("ffmpeg", ["-nostdin", "-v", "error", "-y"] + arguments)
        guard result.status == 0 else { throw FixtureError(message: "ffmpeg \(arguments): \(result.stderr)") }
    }

    /// How ffmpeg itself decodes `url` to packed RGB (all frames, one after another).
    static func ffmpegRGB(of url: URL, extraArguments: [String] = []) throws -> [UInt8] {
        let folder = try TestData.temporaryFolder("beacon-media-reference")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("reference.rgb")
        try ffmpeg(extraArguments + ["-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgb24", output.path])
        return [UInt8](try Data(contentsOf: output))
    }

    /// The first `fraction` of a file's bytes, copied to `destination`.
    static func truncatedCopy(of url: URL, fraction: Double, to destination: URL) throws {
        let data = try Data(contentsOf: url)
        try data.prefix(Int(Double(data.count) * fraction)).write(to: destination)
    }

    /// The first `count` bytes of a file, copied to `destination`.
    static func truncatedCopy(of url: URL, bytes count: Int, to destination: URL) throws {
        try Data(contentsOf: url).prefix(count).write(to: destination)
    }

    /// Byte offset and size of each video packet, in file order, from ffprobe.
    static func packetRanges(of url: URL) throws -> [(offset: Int, size: Int)] {
        let result = try TestData.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                  "packet=pos,size", "-of", "json", url.path])
        guard result.status == 0 else { throw FixtureError(message: "ffprobe: \(result.stderr)") }
        struct Probe: Decodable {
            struct Packet: Decodable { var pos: String; var size: String }
            var packets: [Packet]
        }
        let probe = try JSONDecoder().decode(Probe.self, from: Data(result.stdout.utf8))
        return probe.packets.compactMap { packet in
            guard let offset = Int(packet.pos), let size = Int(packet.size) else { return nil }
            return (offset: offset, size: size)
        }.sorted { $0.offset < $1.offset }
    }

    /// Mean absolute difference between two equally long byte arrays.
    static func meanAbsoluteDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count && !a.isEmpty)
        var total = 0
        for index in a.indices { total += abs(Int(a[index]) - Int(b[index])) }
        return Double(total) / Double(a.count)
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A temporary folder deleted when the test is done with it.
final class ScratchFolder {
    let url: URL

    init() throws { url = try TestData.temporaryFolder("beacon-media-test") }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes `text` to a new file and returns its URL.
    func write(_ text: String, to name: String) throws -> URL {
        let destination = file(name)
        try Data(text.utf8).write(to: destination)
        return destination
    }
}
