import BeaconCore

/// A sensor that always reads the same: for benchmarks ("as if the battery were at 14 %") and tests.
public struct FixedPowerSensor: PowerSensor, Sendable {
    public var reading: PowerReading

    public init(_ reading: PowerReading) { self.reading = reading }

    public func read() -> PowerReading { reading }
}
