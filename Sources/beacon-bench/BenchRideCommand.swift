import ArgumentParser
import BeaconCommandLine
import BeaconBench
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

            With --accuracy, each photo whose number is in the table of PROVENANCE.md is checked as `beacon ride \
            PHOTO --plate P` does, with its true plate and with the plate's last three letters or digits changed; a \
            line per photo says whether the right plate was matched, by which rule, whether the matched car's colour \
            is right, unsure (never said as the car's) or wrong, and whether the wrong plate matched; totals for the \
            tuning part (every other photo in number order, from the first) and the held-out part (the rest), on \
            which no threshold was chosen.

            Example:
              beacon bench ride --accuracy
            """
    )

    @Argument(help: "JPEG or PNG photos with cars in them.")
    var photos: [String] = []

    @Option(help: "Timed runs per car, after one warm-up.")
    var runs = 5

    @Flag(help: "Instead of timing: check each photo's ride against its true plate and colour (PROVENANCE.md), and a plate three characters off.")
    var accuracy = false

    @Option(help: "With --accuracy: the mean luminance under which a photo counts as dark (to choose it on the tuning part).")
    var darkMean = LowLight.darkMean

    @OptionGroup var ocr: PPOCROptions

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be 1 or more.") }
    }

    func run() throws {
        let images = try photos.isEmpty ? Self.sharedCarPhotos() : photos
        if accuracy { return try measureAccuracy(images) }
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
                    _ = CarColourNamer.readBalanced(frame, box: car.box, hiddenBy: car.box.hidden(by: cars.map(\.box)))
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

    /// The ground truth of ../shared/testdata/cars (PROVENANCE.md): the primary car's plate (03: the G-Wiz's, the
    /// one readable) and colour; "beige" also accepts yellow (24 is a champagne-gold Kia).
    static let truth: [String: (plate: String, colour: CarColour)] = [
        "01": ("PF F 3600", .red), "02": ("6PHH316", .black), "03": ("LK55 FFY", .black), "05": ("LJ11 ELC", .black),
        "06": ("C401 LTT", .red), "08": ("TÜ GT 599", .white), "09": ("AK-071-RM", .red), "12": ("758CAR", .white),
        "13": ("F339", .black), "15": ("皖A UJ299", .blue), "18": ("LJ58 AHY", .yellow), "19": ("LK11 GRX", .red),
        "20": ("4DK 634", .red), "21": ("皖A MK620", .white), "22": ("皖A 256R2", .black), "23": ("皖A 195K9", .black),
        "24": ("皖A T022C", .beige), "25": ("皖A G2R28", .white), "26": ("闽G M1862", .white),
    ]

    /// `--accuracy`: right plate matched, colour right, wrong plate matched, per photo and per part.
    func measureAccuracy(_ images: [String]) throws {
        let composition = Composition()
        let detector = try composition.detector(RideRun.detectorSettings(DetectorSettings()))
        var verifier = RideVerifier(text: try composition.textRecognizer(ocr.settings))
        verifier.darkMean = darkMean
        let decoder = ImageDecoder()
        let known = images.filter { Self.truth[String(URL(fileURLWithPath: $0).lastPathComponent.prefix(2))] != nil }
        guard !known.isEmpty else { throw NoCarPhotos() }
        var totals = ["tuning": Tally(), "held-out": Tally()]
        Console.line("Ride accuracy: \(known.count) photos; tuning = every other photo from the first, held-out = the rest")
        for (index, path) in known.sorted(by: { URL(fileURLWithPath: $0).lastPathComponent < URL(fileURLWithPath: $1).lastPathComponent }).enumerated() {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let (plate, colour) = Self.truth[String(name.prefix(2))]!
            let part = index.isMultiple(of: 2) ? "tuning" : "held-out"
            let frame = try decoder.decode(contentsOf: URL(fileURLWithPath: path))
            let right = try RideRun.checks(frame, wanted: RideDescription(plate: plate), detector: detector, verifier: verifier)
            let wrong = try RideRun.checks(frame, wanted: RideDescription(plate: WrongPlate.threeOff(plate)), detector: detector, verifier: verifier)
            let matched = right.checks.first { $0.verdict == .match }
            let said = matched?.colour
            let colourRight = said?.sureColour.map { $0 == colour || (colour == .beige && $0 == .yellow) } ?? false
            let wrongMatched = wrong.checks.contains { $0.verdict == .match }
            var total = totals[part]!
            total.photos += 1
            if matched != nil { total.plates += 1 }
            if colourRight { total.colours += 1 }
            if said?.sure == false { total.unsure += 1 }
            if said?.sure == true && !colourRight { total.wrongColours += 1 }
            if wrongMatched { total.wrong += 1 }
            totals[part] = total
            let colourSaid = said.map { $0.sure ? $0.colour.rawValue : "(maybe \($0.colour.rawValue))" } ?? "-"
            let rule = (matched?.plate?.rule?.rawValue ?? "").padding(toLength: 14, withPad: " ", startingAt: 0)
            let cars = right.checks.map { "\($0.plate?.text ?? "-") \($0.verdict.rawValue)" }.joined(separator: ", ")
            let head = "  \(name.prefix(2)) \(part.padding(toLength: 8, withPad: " ", startingAt: 0)) \(right.dark ? "dark " : "     ")"
            let plateSaid = "plate \(matched == nil ? "missed " : "matched") \(rule)"
            // "Colour unsure" is not a wrong name: it is never said as the car's colour nor used to rule a car out.
            let colourVerdict = colourRight ? "right" : said?.sure == false ? "unsure" : said == nil ? "none" : "WRONG"
            let colourPart = " colour \(colourVerdict) \(colourSaid) (truth \(colour.rawValue));"
            Console.line(head + plateSaid + colourPart + " wrong plate \(wrongMatched ? "MATCHED" : "rejected")  [\(cars)]")
        }
        for part in ["tuning", "held-out"] {
            let total = totals[part]!
            Console.line("\(part): \(total.photos) photos, right plate matched \(total.plates), colour right \(total.colours) "
                         + "(unsure \(total.unsure), wrong \(total.wrongColours)), wrong plate matched \(total.wrong)")
        }
    }

    /// Counts of one part of the photos.
    struct Tally {
        var photos = 0, plates = 0, colours = 0, unsure = 0, wrongColours = 0, wrong = 0
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
