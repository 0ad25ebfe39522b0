import BeaconCore
import Foundation

/// Find my ride in the runner: a car the session asks about is checked on the frame it was seen in — its colour at
/// once, its plate by the text reader (in line when scripted, on the inference turns when live).
extension AssistantRunner {
    /// Find my ride's detector: a dark picture is looked at as taken and brightened (`LowLight`: the lifted picture
    /// adds cars, it does not replace the picture as taken), each car kept once.
    static func rideDetect(_ engines: AssistantEngines) -> DetectorWorker.Detect {
        { frame, _ in
            let detector = try engines.objectDetector()
            let seen = try detector.detect(frame)
            let gamma = LowLight.gamma(forMean: LowLight.meanLuminance(frame))
            guard gamma < 1 else { return seen }
            let lifted = try detector.detect(LowLight.brightened(frame, gamma: gamma))
            return seen + lifted.filter { extra in !seen.contains { $0.label == extra.label && $0.box.iou(extra.box) > 0.5 } }
        }
    }

    /// While a ride is searched for, the session hears when the picture turns dark or light again.
    func noteLight(of frame: Frame, at clock: Double) throws {
        guard case .findingRide = session.mode else {
            pictureIsDark = false
            return
        }
        let dark = LowLight.gamma(forMean: LowLight.meanLuminance(frame)) < 1
        guard dark != pictureIsDark else { return }
        pictureIsDark = dark
        try dispatch(.ride(.light(dark: dark), timestamp: clock), at: clock)
    }

    func checkCar(track: Int, frame index: Int, box: NormalizedRect, hiddenBy: [NormalizedRect], at clock: Double) throws {
        guard case .findingRide(let wanted) = session.mode,
              let frame = recentFrames.last(where: { $0.index == index }) ?? recentFrames.last else { return }
        let colour = CarColourNamer.readBalanced(frame, box: box, hiddenBy: hiddenBy)
        // An unsure colour is not said as the car's (nor used to rule it out).
        try dispatch(.ride(.colourSeen(track: track, colour: colour?.sureColour), timestamp: clock), at: clock)
        let engines = self.engines
        let check: @Sendable () throws -> RideEvent = {
            let verifier = RideVerifier(text: try engines.text())
            let car = Detection(classIndex: RideSearch.vehicleClass, label: "car", confidence: 1, box: box)
            let result = try verifier.check(car, in: frame, wanted: wanted, colour: colour)
            return .checked(track: track, verdict: result.verdict, colour: result.colour?.sureColour, plate: result.plate?.text)
        }
        if let checksCarElsewhere { return checksCarElsewhere(check) }
        try dispatch(.ride(check(), timestamp: clock), at: clock)
    }
}
