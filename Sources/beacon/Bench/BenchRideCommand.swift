import ArgumentParser
import BeaconCore
import BeaconMedia
import BeaconRuntime
import BeaconVision
import Foundation

/// `beacon bench ride`: how long checking one car takes, stage by stage, on real car photos.
struct BenchRideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ride",
        abstract: "Time the find-my-ride check of each car: colour, plate detection, plate recognition.",
        usage: "beacon bench ride [<photos> ...] [<options>]",
        discussion: """
            Detects the cars, trucks and buses in each photo once, then checks every car close enough to read as \
            find my ride does, --runs times after one warm-up: its colour from its body, the text detector and the \
            recogniser on the lower part of its box. Prints each car's medians in milliseconds and, last, the medians \
            and 95th percentiles over every car. Without photos, the .jpg files of ../shared/testdata/cars beside \
            the current folder (or $BEACON_TESTDATA's sibling folder cars).

            Example:
              beacon bench ride ../shared/testdata/cars/*.jpg --runs 5
            """
    )

    @Argument(help: "JPEG or PNG photos with cars in them.")
    var photos: [String] = []

    @Option(help: "Timed runs per car, after one warm-up.")
    var runs = 5

    @OptionGroup var ocr: PPOCROptions

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be 1 or more.") }
    }

    func run() throws {
        let images = try photos.isEmpty ? Self.sharedCarPhotos() : photos
        let composition = Composition()
        // The default detector, as find my ride uses it; --threads is the text reader's.
        let detector = try composition.detector(DetectorSettings())
        let engine = try composition.textRecognizer(ocr.settings)
        let verifier = RideVerifier(text: engine)
        let decoder = ImageDecoder()
        Console.line("Ride checks: \(images.count) photos, \(runs) runs per car after one warm-up; milliseconds, median per car")
        var stages: (colour: [Double], detection: [Double], recognition: [Double], total: [Double]) = ([], [], [], [])
        for path in images {
            let frame = try decoder.decode(contentsOf: URL(fileURLWithPath: path))
            let cars = verifier.cars(in: try detector.detect(frame))
            for car in cars {
                var samples: (colour: [Double], detection: [Double], recognition: [Double], total: [Double]) = ([], [], [], [])
                var plate: PlateReading?
                for run in 0...runs {
                    let start = Monotonic.seconds()
                    _ = CarColourNamer.read(frame, box: car.box, hiddenBy: car.box.hidden(by: cars.map(\.box)))
                    let coloured = Monotonic.seconds()
                    var timings = TextReadingTimings()
                    let lines = try engine.recognize(frame.cropped(to: RideVerifier.plateRegion(of: car.box, in: frame)),
                                                     timings: &timings)
                    plate = PlateReading.best(in: lines, wanted: nil)
                    let end = Monotonic.seconds()
                    guard run > 0 else { continue }
                    samples.colour.append((coloured - start) * 1000)
                    samples.detection.append(timings.detection * 1000)
                    samples.recognition.append((timings.recognition + timings.classification) * 1000)
                    samples.total.append((end - start) * 1000)
                }
                stages.colour += samples.colour
                stages.detection += samples.detection
                stages.recognition += samples.recognition
                stages.total += samples.total
                let name = URL(fileURLWithPath: path).lastPathComponent.prefix(24)
                Console.line(String(format: "  %@ %@ %3.0f%% wide: colour %5.1f, plate detection %6.1f, recognition %6.1f, total %6.1f  (%@)",
                                    String(name).padding(toLength: 24, withPad: " ", startingAt: 0), car.label,
                                    car.box.width * 100, percentile(samples.colour, 0.5), percentile(samples.detection, 0.5),
                                    percentile(samples.recognition, 0.5), percentile(samples.total, 0.5), plate?.text ?? "no plate"))
            }
        }
        Console.line("Over \(stages.total.count) checks, median and p95 ms:")
        for (name, values) in [("colour", stages.colour), ("plate detection", stages.detection),
                               ("plate recognition", stages.recognition), ("whole check", stages.total)] {
            Console.line("  " + name.padding(toLength: 18, withPad: " ", startingAt: 0)
                         + String(format: " %7.1f %7.1f", percentile(values, 0.5), percentile(values, 0.95)))
        }
    }

    /// The shared car photos: ../shared/testdata/cars beside the current folder, or beside $BEACON_TESTDATA.
    static func sharedCarPhotos() throws -> [String] {
        var folders = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath).deletingLastPathComponent()
            .appendingPathComponent("shared/testdata/cars")]
        if let testdata = ProcessInfo.processInfo.environment["BEACON_TESTDATA"], !testdata.isEmpty {
            folders.insert(URL(fileURLWithPath: testdata).deletingLastPathComponent().appendingPathComponent("cars"), at: 0)
        }
        for folder in folders {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let photos = files.filter { $0.lowercased().hasSuffix(".jpg") }.sorted().map { folder.appendingPathComponent($0).path }
            if !photos.isEmpty { return photos }
        }
        throw NoCarPhotos()
    }

    struct NoCarPhotos: UserFacingError {
        var sentence: String { "No car photos in ../shared/testdata/cars; name the photos to time." }
    }
}
