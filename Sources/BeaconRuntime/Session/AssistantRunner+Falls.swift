import BeaconAudio
import BeaconCore
import BeaconMedia
import Foundation

extension AssistantRunner {
    /// IMU samples up to `clock`, and what the webhook sender reports, go to the session. In step (scripted) each
    /// sample is handed over at its own time, so a run repeats exactly; live, at the loop's clock.
    public func feedFalls(at clock: Double, inStep: Bool) throws {
        for event in imu?.events(upTo: clock) ?? [] {
            var at = clock
            if inStep, case .motion(let sample) = event { at = sample.timestamp }
            try dispatch(.falls(event), at: at)
        }
        for report in webhook?.takeReports() ?? [] {
            try dispatch(.falls(.delivery(report, timestamp: clock)), at: clock)
        }
    }

    /// A message still on its way when the session ends gets a little longer: a scripted run ends as soon as its
    /// script does, long before a slow network would.
    public func finishEmergencyMessages() {
        guard let webhook, webhook.isBusy else { return }
        if !webhook.finish(within: 15) {
            transcript.note("beacon: the emergency message was not delivered before Beacon ended.")
        }
        webhook.stop()
    }
}
