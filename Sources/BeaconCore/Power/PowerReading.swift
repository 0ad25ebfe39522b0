/// What the machine says about its power and heat at one moment. Every part may be unknown: a desktop has no
/// battery, a virtual machine may have no thermal zones, and a file that cannot be read tells nothing.
public struct PowerReading: Sendable, Hashable {
    /// Charge left, 0…100; nil when there is no battery (or it could not be read).
    public var batteryPercent: Int?
    /// True while plugged in (charging, full, or held at a charge limit), false while running on the battery;
    /// nil when unknown.
    public var charging: Bool?
    /// The hottest thermal zone; nil when there are none (or none could be read).
    public var hottestZone: ThermalZone?

    public init(batteryPercent: Int? = nil, charging: Bool? = nil, hottestZone: ThermalZone? = nil) {
        self.batteryPercent = batteryPercent
        self.charging = charging
        self.hottestZone = hottestZone
    }

    /// Nothing known.
    public static let unknown = PowerReading()
}

/// One temperature sensor: what the kernel calls it ("x86_pkg_temp", "cpu-thermal") and how hot it is.
public struct ThermalZone: Sendable, Hashable {
    public var type: String
    public var celsius: Double

    public init(type: String, celsius: Double) {
        self.type = type
        self.celsius = celsius
    }
}

/// Where power readings come from: the kernel's files on Linux (`SysfsPowerSensor` in BeaconMedia), a fixed or
/// recorded reading in tests and benchmarks. Reading never fails: what cannot be read is unknown.
public protocol PowerSensor {
    func read() -> PowerReading
}
