import Foundation

/// Finds the shared photos and models the tests run on, and decides whether a missing one is a skip or a failure.
///
/// Resolution: $BEACON_TESTDATA / $BEACON_MODELS when set, else ../shared/{testdata/images,models} beside the checkout.
/// With BEACON_REQUIRE_MODELS=1 (CI) a missing file or runtime is a failure, never a skip.
public enum TestData {
    /// The checkout's root folder (the one holding Package.swift).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    public static var imagesFolder: URL {
        if let path = ProcessInfo.processInfo.environment["BEACON_TESTDATA"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/testdata/images")
    }

    public static var modelsFolder: URL {
        if let path = ProcessInfo.processInfo.environment["BEACON_MODELS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/models")
    }

    /// True when CI demands that everything a test needs is present.
    public static var required: Bool {
        ProcessInfo.processInfo.environment["BEACON_REQUIRE_MODELS"] == "1"
    }

    /// The path of a test photo, or nil when it is missing (a failure under BEACON_REQUIRE_MODELS=1).
    public static func image(_ name: String) -> URL? { existing(imagesFolder.appendingPathComponent(name)) }

    /// The taught-object views and scenes (../shared/testdata/taught, beside the images folder).
    public static var taughtFolder: URL { imagesFolder.deletingLastPathComponent().appendingPathComponent("taught") }

    /// The car and licence-plate photos (../shared/testdata/cars, beside the images folder).
    public static var carsFolder: URL { imagesFolder.deletingLastPathComponent().appendingPathComponent("cars") }

    /// The real scanned pages with their ground truth (../shared/testdata/pages, beside the images folder); another
    /// folder of pages in the same layout with $BEACON_PAGES.
    public static var pagesFolder: URL {
        if let path = ProcessInfo.processInfo.environment["BEACON_PAGES"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return imagesFolder.deletingLastPathComponent().appendingPathComponent("pages")
    }

    /// The path of a car photo, or nil when it is missing (a failure under BEACON_REQUIRE_MODELS=1).
    /// Phone photos of barcodes and QR codes with their manifest (ZXing's test pictures, Apache-2.0).
    public static var barcodesFolder: URL { imagesFolder.deletingLastPathComponent().appendingPathComponent("barcodes") }

    public static func carPhoto(_ name: String) -> URL? { existing(carsFolder.appendingPathComponent(name)) }

    /// The user's model cache, where `beacon models install` and scripts/setup.sh put downloaded models
    /// (the PP-OCR text models come from PyPI, not from ../shared/models).
    public static var modelCacheFolder: URL {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return cache.appendingPathComponent("beacon/models")
    }

    /// The path of a model file (shared folder first, then the user's model cache), or nil when it is missing
    /// (a failure under BEACON_REQUIRE_MODELS=1).
    public static func model(_ name: String) -> URL? {
        existing(modelsFolder.appendingPathComponent(name)) ?? existing(modelCacheFolder.appendingPathComponent(name))
    }

    private static func existing(_ url: URL) -> URL? {
        if FileManager.default.fileExists(atPath: url.path) { return url }
        return nil
    }

    /// Whether a command-line tool is on PATH.
    public static func hasTool(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }

    /// A fresh temporary folder for one test.
    public static func temporaryFolder(_ label: String = "beacon-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs a program and returns its exit status, standard output and standard error.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           currentDirectory: URL? = nil, input: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            // A script of commands, as `printf '…' | beacon assist` gives it; closing the pipe ends the script.
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        // Read both pipes before waiting so a chatty child cannot fill a pipe and stall.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}
