// swift-tools-version:6.0
// Beacon: offline assistive vision. The module map lives in ARCHITECTURE.md.
import PackageDescription

let package = Package(
    name: "Beacon",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "beacon", targets: ["beacon"]),
        .executable(name: "beacon-bench", targets: ["beacon-bench"]),
        .library(name: "BeaconCore", targets: ["BeaconCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
    ],
    targets: [
        // The pure core: value types, algorithms and state machines. Foundation only.
        .target(name: "BeaconCore"),

        // Our own minimal declarations of ONNX Runtime's C ABI, loaded with dlopen at run time.
        .target(name: "COnnxRuntime", linkerSettings: [.linkedLibrary("dl")]),

        // System libraries (Debian -dev packages; scripts/setup.sh installs them).
        .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat libavcodec libswscale libavutil libavdevice",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev", "libavdevice-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CPulseSimple", providers: [.apt(["libpulse-dev"])]),
        .systemLibrary(name: "CPocketSphinx", pkgConfig: "pocketsphinx",
                       providers: [.apt(["libpocketsphinx-dev", "libsphinxbase-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract lept", providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]),
        .systemLibrary(name: "CLeptonica", pkgConfig: "lept", providers: [.apt(["libleptonica-dev"])]),
        .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CGzip", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // Engines: neural networks on ONNX Runtime (objects, text), Tesseract for scripts PP-OCR lacks, and ZBar for
        // barcodes.
        .target(name: "BeaconVision", dependencies: ["BeaconCore", "COnnxRuntime", "CTesseract", "CZBar"]),
        // Frames in: images (TIFF scans through Leptonica), video files, cameras.
        .target(name: "BeaconMedia", dependencies: ["BeaconCore", "CFFmpeg", "CTurboJPEG", "CPNG", "CLeptonica"]),
        // Sound out (speech synthesis, audio sinks) and in (microphone, command recognition).
        .target(name: "BeaconAudio", dependencies: ["BeaconCore", "CEspeakNG", "CPulseSimple", "CPocketSphinx"]),
        // Speech in and out on ONNX Runtime: the open-vocabulary recogniser (Moonshine).
        .target(name: "BeaconSpeech", dependencies: ["BeaconCore", "BeaconVision", "BeaconAudio"]),
        // Model files: where they are, where they came from, downloading and verifying them.
        .target(name: "BeaconModels", dependencies: ["BeaconCore", .product(name: "Crypto", package: "swift-crypto"),
                                                   .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                                                   .product(name: "AsyncHTTPClient", package: "async-http-client"),
                                                   .product(name: "NIOCore", package: "swift-nio"),
                                                   .product(name: "NIOPosix", package: "swift-nio"),
                                                   .product(name: "NIOHTTP1", package: "swift-nio")]),

        // What the user owns: settings, usage, encrypted history and the product list, in SQLite files under
        // ~/.local/share/beacon.
        .target(name: "BeaconStore", dependencies: ["BeaconCore", "CGzip", .product(name: "GRDB", package: "GRDB.swift"),
                                                  .product(name: "Crypto", package: "swift-crypto")]),

        // The phone's contract (docs/protocol.md): its messages, close codes and limits. Foundation only.
        .target(name: "BeaconPhoneProtocol"),
        // The phone's way in: HTTPS and WebSocket (Hummingbird), pairing, the versioned protocol, the web app's files.
        .target(name: "BeaconServer", dependencies: [
            "BeaconCore", "BeaconPhoneProtocol", "CQREncode",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOWebSocket", package: "swift-nio"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Logging", package: "swift-log"),
        ], resources: [.embedInCode("Web")]),

        // The helpers' hub's contract (docs/hub-protocol.md): its routes, the JSON bodies and the orientation header,
        // which the hub and the person's Beacon both import. Foundation only, so a client needs no server's packages.
        .target(name: "BeaconHubProtocol"),

        // The helpers' hub's shared state (issue 19): PostgreSQL through PostgresNIO, so any number of hub instances on
        // one database behave as one hub.
        .target(name: "BeaconHub", dependencies: [
            "BeaconHubProtocol",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Logging", package: "swift-log"),
            // Tokens and codes are hashed here, so PostgreSQL never sees them (not even in a slow-query log).
            .product(name: "Crypto", package: "swift-crypto"),
        ]),

        // The hub's HTTP face (issue 19): Hummingbird over the database, bearer tokens, nothing kept in memory.
        .target(name: "BeaconHubServer", dependencies: [
            "BeaconHub", "BeaconHubProtocol",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Logging", package: "swift-log"),
            // A pushed-event stream ends when the server shuts down gracefully, so that the shutdown can finish.
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ], resources: [.embedInCode("Web")]),

        // What runs the product: the one session driver (scripted and live), the engines built from plain settings
        // (the composition root), the newest-frame workers and the inbox, power watch, the webhook sender, the
        // phone's session. The terminal, the phone server and tests all run it; it reports through a `Transcript`.
        .target(name: "BeaconRuntime", dependencies: [
            "BeaconCore", "BeaconVision", "BeaconMedia", "BeaconAudio", "BeaconModels", "BeaconStore", "BeaconServer",
            "BeaconHubProtocol", "BeaconSpeech",
            // The emergency webhook: FoundationNetworking's URLSession corrupted the heap now and then on Linux.
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),

        // The benchmark harness, apart from the product: panorama scenes, the simulated user, rendering, ground truth.
        .target(name: "BeaconBench", dependencies: ["BeaconCore"]),
        // What the harness's simulated camera sees: pictures and motion thumbnails of a panorama, the cached detector.
        // Apart from the rest of the harness because it runs the vision engines (C libraries), which pure tests avoid.
        .target(name: "BeaconBenchRendering", dependencies: ["BeaconBench", "BeaconCore", "BeaconVision"]),

        // What both command-line programs share: the options that choose engines and the hub's database, the console,
        // and one sentence for every failure.
        .target(name: "BeaconCommandLine", dependencies: [
            "BeaconCore", "BeaconRuntime", "BeaconVision", "BeaconHub",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // The command-line tool people install. `beacon bench` hands its arguments to beacon-bench beside it.
        .executableTarget(name: "beacon", dependencies: [
            "BeaconCommandLine", "BeaconCore", "BeaconVision", "BeaconMedia", "BeaconAudio", "BeaconModels", "BeaconStore",
            "BeaconServer", "BeaconRuntime", "BeaconHub", "BeaconHubServer",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Fuzzing, apart from the product: the decoders of outside bytes as fuzz targets, and the program that runs
        // them under libFuzzer (linked in only by `make fuzz`, with the sanitizers; see scripts/fuzz.sh).
        .target(name: "BeaconFuzzing", dependencies: ["BeaconCore", "BeaconMedia", "BeaconAudio", "BeaconPhoneProtocol",
                                                    "BeaconHubProtocol"]),
        .executableTarget(name: "beacon-fuzz", dependencies: ["BeaconFuzzing"]),

        // The benchmarks, apart from the product (as swift-nio's NIOPerformanceTester is): they run the same runtime
        // with the harness, the test doubles and simulated phones and volunteers, none of which `beacon` links.
        .executableTarget(name: "beacon-bench", dependencies: [
            "BeaconCommandLine", "BeaconCore", "BeaconVision", "BeaconMedia", "BeaconAudio", "BeaconServer", "BeaconRuntime",
            "BeaconHub", "BeaconBench", "BeaconBenchRendering", "BeaconSpeech",
            // `beacon bench pipeline` plays "as if the battery were at 14 %" with a fixed power sensor.
            "BeaconTestDoubles",
            // `beacon bench serve`: simulated phones on loopback; `beacon bench hub`: a person and a volunteer.
            .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            // `beacon bench hub`: thousands of pushed-event streams at once.
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Stand-ins at the product's seams, for tests and benchmarks (as NIOEmbedded is to NIOPosix): a scripted
        // detector, recorded frames, a fixed power sensor, an in-memory store. The product never uses them.
        .target(name: "BeaconTestDoubles", dependencies: ["BeaconCore"]),

        // Locating shared photos and models, and running programs, for the tests.
        .target(name: "BeaconTestSupport", path: "Sources/BeaconTestSupport"),

        // Product tests may use the harness's instruments (a seeded generator, search recall); the product may not.
        .testTarget(name: "BeaconCoreTests", dependencies: ["BeaconCore", "BeaconBench", "BeaconTestDoubles"]),
        .testTarget(name: "BeaconVisionTests", dependencies: ["BeaconCore", "BeaconVision", "BeaconBench", "BeaconMedia", "BeaconModels",
                                                             "BeaconTestDoubles",
                                                             "BeaconTestSupport",
                                                             .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(name: "BeaconBenchTests", dependencies: ["BeaconBench", "BeaconBenchRendering", "BeaconCore", "BeaconVision", "BeaconMedia",
                                                            "BeaconTestSupport"]),
        .testTarget(name: "BeaconMediaTests", dependencies: ["BeaconCore", "BeaconMedia", "BeaconTestSupport"]),
        .testTarget(name: "BeaconAudioTests", dependencies: ["BeaconCore", "BeaconAudio", "BeaconTestSupport"]),
        .testTarget(name: "BeaconModelsTests", dependencies: ["BeaconModels", "BeaconTestSupport"]),
        .testTarget(name: "BeaconStoreTests", dependencies: ["BeaconCore", "BeaconStore", "BeaconTestSupport",
                                                            .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "BeaconServerTests", dependencies: ["BeaconServer", "BeaconTestSupport"]),
        // Every fuzz target's corpus replayed, so what fuzzing once found stays fixed.
        .testTarget(name: "BeaconFuzzingTests", dependencies: ["BeaconFuzzing", "BeaconTestSupport"]),
        .testTarget(name: "BeaconHubTests", dependencies: ["BeaconHub", "BeaconHubServer", "BeaconHubProtocol", "BeaconTestSupport",
                                                         .product(name: "PostgresNIO", package: "postgres-nio"),
                                                         .product(name: "HummingbirdTesting", package: "hummingbird"),
                                                         .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "BeaconRuntimeTests", dependencies: ["BeaconRuntime", "BeaconSpeech", "BeaconCore", "BeaconMedia", "BeaconAudio", "BeaconStore", "BeaconBench",
                                                              "BeaconVision", "BeaconTestSupport", "BeaconTestDoubles", "BeaconServer", "BeaconModels",
                                                              // A phone, as far as the in-process server can tell.
                                                              .product(name: "AsyncHTTPClient", package: "async-http-client"),
                                                              .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                                                              .product(name: "HummingbirdTesting", package: "hummingbird"),
                                                              .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                                                              .product(name: "Logging", package: "swift-log"),
                                                              .product(name: "NIOCore", package: "swift-nio"),
                                                              .product(name: "NIOHTTP1", package: "swift-nio"),
                                                              .product(name: "NIOWebSocket", package: "swift-nio")]),
        .testTarget(name: "BeaconCLITests", dependencies: [
            "beacon", "beacon-bench", "BeaconCommandLine", "BeaconCore", "BeaconRuntime", "BeaconStore", "BeaconTestSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
