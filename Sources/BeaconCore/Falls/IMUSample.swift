import Foundation

/// Three numbers along the device's own axes.
public struct Vector3: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    public static let zero = Vector3(0, 0, 0)

    public var length: Double { (x * x + y * y + z * z).squareRoot() }

    public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    public static func * (a: Vector3, s: Double) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }
    public func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

    /// The angle to another vector in degrees (0 when either is zero).
    public func degrees(to other: Vector3) -> Double {
        let lengths = length * other.length
        guard lengths > 0 else { return 0 }
        return acos(min(1, max(-1, dot(other) / lengths))) * 180 / .pi
    }
}

/// One reading of a motion sensor: what an accelerometer and a gyroscope say at one moment.
///
/// `acceleration` is in m/s² and includes gravity (a device lying still reads about 9.81 upwards, one falling freely
/// reads about 0); `rotation` is the gyroscope's rate in rad/s. `timestamp` is in seconds on the session's clock
/// once the adapter has placed it there (in a file, on any clock that only goes forward).
public struct IMUSample: Sendable, Hashable, Codable {
    public var timestamp: Double
    public var acceleration: Vector3
    public var rotation: Vector3

    public init(timestamp: Double, acceleration: Vector3, rotation: Vector3 = .zero) {
        self.timestamp = timestamp
        self.acceleration = acceleration
        self.rotation = rotation
    }

    /// The same reading at another time (the adapter moves a file's clock onto the session's).
    public func at(_ timestamp: Double) -> IMUSample {
        IMUSample(timestamp: timestamp, acceleration: acceleration, rotation: rotation)
    }

    /// Standard gravity, m/s².
    public static let gravity = 9.80665
}
