import BeaconCore
import BeaconVision
import Foundation

/// Checks cars against the ride described: the detector's cars, trucks and buses; on each, the plate read from the
/// lower part of its box (PP-OCR's detector enlarges a small crop, as it does small print) and the colour named from
/// its body. Thing Finder asked two cloud services for this; here it is the person's own machine.
public struct RideVerifier: Sendable {
    /// A car narrower than this share of the picture is too far to read: it is not checked (nor rejected).
    public var minimumWidth = 0.06
    /// Detections of vehicles below this confidence are not cars to check. Far below the detector's usual threshold
    /// (PicoDet's 0.65): a car at night, in rain or filling the picture scores lower (0.43–0.54 on the shared car
    /// photos), and a box that is no car costs only a plate read — the plate decides, never the box.
    public static let faintConfidence: Float = 0.35
    public var minimumConfidence = Double(faintConfidence)

    /// A picture darker than this mean luminance is brightened for the detector and the plate reader (LowLight).
    public var darkMean = LowLight.darkMean

    /// The power curve that lifts `frame` for the detector and the plate reader: below 1 when it is dark, else 1.
    public func gamma(for frame: Frame) -> Double {
        LowLight.gamma(forMean: LowLight.meanLuminance(frame), darkBelow: darkMean)
    }

    let text: any TextRecognizer

    public init(text: any TextRecognizer) {
        self.text = text
    }

    /// One car, checked.
    public struct Check: Sendable, Hashable, Encodable {
        public var box: NormalizedRect
        public var label: String
        /// The detector's confidence in the vehicle.
        public var confidence: Double
        public var colour: CarColourReading?
        public var plate: PlateReading?
        public var verdict: RideVerdict
    }

    /// The vehicles in `detections` worth checking, largest (nearest) first; one box a vehicle (a detector often
    /// calls one car both "car" and "truck", or boxes its front again inside it).
    public func cars(in detections: [Detection]) -> [Detection] {
        let vehicles = detections.filter {
            RideSearchLabels.vehicles.contains($0.label) && $0.confidence >= minimumConfidence && $0.box.width >= minimumWidth
        }.sorted { $0.confidence > $1.confidence }
        var kept: [Detection] = []
        for vehicle in vehicles where !kept.contains(where: { Self.sameVehicle($0.box, vehicle.box) }) { kept.append(vehicle) }
        return kept.sorted { $0.box.area > $1.box.area }
    }

    /// Two boxes of one vehicle: they overlap by more than half, or the smaller lies mostly inside the larger.
    static func sameVehicle(_ a: NormalizedRect, _ b: NormalizedRect) -> Bool {
        let shared = a.intersectionArea(b)
        guard shared > 0 else { return false }
        return a.iou(b) > 0.5 || shared / min(a.area, b.area) > 0.8
    }

    /// The plate and colour of `car` in `frame`, and the verdict against `wanted`; `hiddenBy` are nearer vehicles
    /// in front of it, whose pixels are not its colour.
    public func check(_ car: Detection, in frame: Frame, wanted: RideDescription,
                      hiddenBy: [NormalizedRect] = [], gamma: Double? = nil) throws -> Check {
        try check(car, in: frame, wanted: wanted, colour: CarColourNamer.readBalanced(frame, box: car.box, hiddenBy: hiddenBy),
                  gamma: gamma)
    }

    /// The same, with the car's colour already read (the live search says it before the plate is read).
    /// `gamma` is the picture's (`gamma(for:)`), when the caller has it for all its cars.
    public func check(_ car: Detection, in frame: Frame, wanted: RideDescription, colour: CarColourReading?,
                      gamma: Double? = nil) throws -> Check {
        // In the dark the plate is read from the crop brightened by the whole picture's gamma (LowLight).
        let gamma = gamma ?? self.gamma(for: frame)
        let lines = try text.recognize(LowLight.brightened(frame.cropped(to: Self.plateRegion(of: car.box, in: frame)), gamma: gamma))
        let plate = PlateReading.best(in: lines, wanted: wanted.plate)
        return Check(box: car.box, label: car.label, confidence: car.confidence, colour: colour, plate: plate,
                     verdict: RideVerdict.of(plate: plate, colour: colour, wanted: wanted))
    }

    /// One plate is on one car. A faint box that overlaps a car (a "bus" over a shop front and the car parked
    /// before it) reaches down to that car's plate, and reads it too; then the plate stays with the most confident
    /// of the overlapping boxes that read it, and the others are judged without it. Otherwise the shop front was
    /// "your car", in the colour of the shop.
    public static func onePlatePerCar(_ checks: [Check], wanted: RideDescription) -> [Check] {
        var claimed: [(box: NormalizedRect, plate: PlateText)] = []
        var result = checks
        for index in checks.indices.sorted(by: { checks[$0].confidence > checks[$1].confidence }) {
            guard let read = checks[index].plate, let plate = PlateText(read.text) else { continue }
            let box = checks[index].box
            if claimed.contains(where: { $0.plate == plate && $0.box.intersectionArea(box) > 0 }) {
                result[index].plate = nil
                result[index].verdict = RideVerdict.of(plate: nil, colour: checks[index].colour, wanted: wanted)
            } else {
                claimed.append((box, plate))
            }
        }
        return result
    }

    /// Where on a car its plate can be: the lower three quarters of its box (a roof carries none), a little wider than
    /// the box (a detector's box often clips a plate seen at an angle), in pixels. A box the picture cuts at the top
    /// is searched whole: what shows of the car may be only its lower half.
    public static func plateRegion(of box: NormalizedRect, in frame: Frame) -> PixelRegion {
        let left = max(0, box.x - 0.03 * box.width), right = min(1, box.maxX + 0.03 * box.width)
        let cutAtTop = box.y <= 0.02
        let top = max(0, cutAtTop ? box.y : box.y + box.height / 4), bottom = min(1, box.maxY + 0.02 * box.height)
        let x = Int(left * Double(frame.width)), y = Int(top * Double(frame.height))
        let width = max(1, min(frame.width - x, Int((right - left) * Double(frame.width))))
        let height = max(1, min(frame.height - y, Int((bottom - top) * Double(frame.height))))
        return PixelRegion(x: x, y: y, width: width, height: height)
    }
}
