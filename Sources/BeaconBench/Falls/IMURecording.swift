import BeaconCore
import Foundation

/// A recorded (here: generated) stretch of IMU samples, with what it shows and, where the motion is known in space,
/// the camera's height above the floor at each sample.
public struct IMURecording: Sendable {
    public enum Truth: String, Sendable {
        /// A fall that must raise the alarm.
        case fall
        /// Everyday movement that must not.
        case everyday
    }

    public var name: String
    public var truth: Truth
    public var samples: [IMUSample]
    /// Metres above the floor, one per sample; nil when the scenario is not a body-worn camera.
    public var heights: [Double]?

    /// CSV with the header `t,ax,ay,az,gx,gy,gz`, the format `beacon assist --imu` reads.
    public var csv: String {
        (["t,ax,ay,az,gx,gy,gz"] + samples.map { sample in
            let a = sample.acceleration, g = sample.rotation
            return [sample.timestamp, a.x, a.y, a.z, g.x, g.y, g.z].map { String(format: "%.4f", $0) }
                .joined(separator: ",")
        }).joined(separator: "\n") + "\n"
    }

    /// JSON lines, the other format `--imu` reads (and the phone sends).
    public var jsonLines: String {
        samples.map { sample in
            let a = sample.acceleration, g = sample.rotation
            return String(format: "{\"t\":%.4f,\"ax\":%.4f,\"ay\":%.4f,\"az\":%.4f,\"gx\":%.4f,\"gy\":%.4f,\"gz\":%.4f}",
                          sample.timestamp, a.x, a.y, a.z, g.x, g.y, g.z)
        }.joined(separator: "\n") + "\n"
    }

    /// The same recording later on the clock (a fall after a while of quiet).
    public func delayed(by seconds: Double) -> IMURecording {
        var copy = self
        copy.samples = samples.map { $0.at($0.timestamp + seconds) }
        return copy
    }
}
