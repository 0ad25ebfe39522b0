import Foundation

/// Which way a phone's camera pointed (the browser's DeviceOrientation: alpha, beta, gamma), in degrees. The phone
/// reports it to Beacon; Beacon sends it with each photo to the hub, which keeps it with the photo, so a volunteer's
/// mark can be carried into the live picture after the person has turned.
public struct DeviceOrientation: Sendable, Equatable, Codable {
    public var heading: Double
    public var pitch: Double
    public var roll: Double

    public init(heading: Double, pitch: Double, roll: Double) {
        self.heading = heading
        self.pitch = pitch
        self.roll = roll
    }

    /// The header a photo carries it in (`POST /api/jobs/:job/photos`).
    public static let headerName = "X-Orientation"

    /// As the header carries it: "heading,pitch,roll", one decimal each.
    public var header: String { String(format: "%.1f,%.1f,%.1f", heading, pitch, roll) }

    /// Reads the header: three finite numbers separated by commas (spaces around them allowed); nil otherwise.
    public init?(header: String) {
        let values = header.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.count == 3, values.allSatisfy(\.isFinite) else { return nil }
        self.init(heading: values[0], pitch: values[1], roll: values[2])
    }
}
