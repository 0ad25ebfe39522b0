import BeaconTestSupport
import Foundation
import Testing

/// `beacon assist --imu` as a user types it. Falls in sessions run in the test process (BeaconRuntimeTests'
/// FallRunTests).
@Suite(.serialized) struct FallCLITests {
    @Test func imuFromStdinIsRefusedWhenStdinCarriesTheScript() throws {
        guard let photo = TestData.image("bus.jpg") else { return }
        let result = try BeaconBinary.run(["assist", "--input", photo.path, "--imu", "-", "--silent"], input: "quit\n")
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("Error: --imu - reads stdin, which carries the script here; give a file, or a FIFO made with mkfifo."))
    }
}
