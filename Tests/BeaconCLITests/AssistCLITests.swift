import BeaconTestSupport
import Foundation
import Testing

/// `beacon assist` as a user types it: a failure is one sentence and a non-zero exit. Scripted sessions run in the
/// test process (BeaconRuntimeTests' AssistantRunTests).
@Suite(.serialized) struct AssistCLITests {
    @Test func noCameraIsOneSentence() throws {
        let result = try BeaconBinary.run(["assist", "--silent", "--camera", "/dev/video9"], input: "quit\n")
        BeaconBinary.expectOneSentence(result, containing: "No camera at /dev/video9")
    }
}
