import BeaconCore
import Foundation

/// Find my ride in the runner: a car the session asks about is checked on the frame it was seen in — its colour at
/// once, its plate by the text reader (in line when scripted, on the inference turns when live).
extension AssistantRunner {
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
