import BeaconAudio
import BeaconCore
import BeaconMedia

/// The live loop's eye on power: reads the sensor every few seconds into the power state and hands back what
/// changed, for the loop to pace itself by and to say once.
public struct PowerWatch {
    public let sensor: any PowerSensor
    public private(set) var state: PowerState
    /// Battery and heat change over minutes; a reading every 2 s is prompt enough and costs next to nothing.
    public let interval: Double
    private var nextReading = -Double.infinity

    public init(sensor: any PowerSensor, setting: BatterySaverSetting, policy: PowerPolicy = PowerPolicy(), interval: Double = 2) {
        self.sensor = sensor
        self.state = PowerState(setting: setting, policy: policy)
        self.interval = interval
    }

    /// Reads the sensor if a reading is due at `clock` (seconds) and returns the changes it brought; nil when no
    /// reading was due.
    public mutating func poll(at clock: Double) -> [PowerChange]? {
        guard clock >= nextReading else { return nil }
        nextReading = clock + interval
        return state.handle(.reading(sensor.read()))
    }
}
