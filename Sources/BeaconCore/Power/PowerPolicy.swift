/// The numbers behind power awareness: when the battery saver comes on by itself, which temperatures count as
/// which thermal state, and how much each slows frames and detection.
public struct PowerPolicy: Sendable, Hashable {
    /// Auto saver turns on below this charge while discharging (the requirements' battery saver, FR13).
    public var autoOnBelowPercent = 15
    /// …and off again above this one (or when plugged in). The gap keeps it from flapping on and off as the
    /// reading wobbles around 15 %.
    public var autoOffAbovePercent = 20

    /// Lowest temperature of each thermal state, °C, for the hottest zone. Linux trip points on the machines Beacon
    /// runs on: the Raspberry Pi firmware throttles from 80 °C (85 °C hard), ARM boards' device trees put their
    /// passive trips at 70–85 °C and critical (shutdown) trips at 95–105 °C, x86 packages throttle at 90–100 °C.
    /// So: fair from 65 °C, warmer than any machine idling or lightly loaded, where easing off costs little; serious
    /// from 80 °C, where the first passive trips start cutting clock speeds (better we slow down than the kernel
    /// does, unpredictably); critical from 90 °C, within a few degrees of the shutdown trips.
    public var fairFromCelsius = 65.0
    public var seriousFromCelsius = 80.0
    public var criticalFromCelsius = 90.0
    /// A state is left only once the temperature is this far below its threshold, so a zone hovering at 80 °C
    /// does not toggle between fair and serious (and announce it) every few seconds.
    public var coolingHysteresisCelsius = 4.0

    /// Share of frames handled in each thermal state, and on battery saver (multiplied together).
    public var thermalFrameRateFactors: [ThermalState: Double] = [.nominal: 1, .fair: 1, .serious: 0.75, .critical: 0.5]
    public var saverFrameRateFactor = 0.5
    /// Share of the detection rate kept on battery saver: the detector rests as long as it worked.
    public var saverDetectionRateFactor = 0.5
    /// Revilio's drop-frames window after each inference, as a multiple of that inference's time (§1.7)…
    public var dropWindowFactors: [ThermalState: Double] = [.nominal: 0, .fair: 0.3, .serious: 0.7, .critical: 1.5]
    /// …capped: 150 ms for object detection; 500 ms suits text recognition, which takes longer anyway.
    public var dropWindowCapSeconds = 0.15

    public init() {}

    /// For text recognition: Revilio caps its OCR drop window at 500 ms.
    public static var textRecognition: PowerPolicy {
        var policy = PowerPolicy()
        policy.dropWindowCapSeconds = 0.5
        return policy
    }

    /// The thermal state for a temperature, rising at once but falling only past the hysteresis.
    public func thermalState(at celsius: Double, from current: ThermalState) -> ThermalState {
        let plain = thermalState(at: celsius)
        if plain >= current { return plain }
        return min(current, thermalState(at: celsius + coolingHysteresisCelsius))
    }

    /// The thermal state for a temperature, without hysteresis.
    public func thermalState(at celsius: Double) -> ThermalState {
        if celsius >= criticalFromCelsius { return .critical }
        if celsius >= seriousFromCelsius { return .serious }
        if celsius >= fairFromCelsius { return .fair }
        return .nominal
    }

    /// The lowest temperature that counts as `state`: for benchmarks feeding a recorded sensor.
    public func lowestCelsius(of state: ThermalState) -> Double? {
        switch state {
        case .nominal: nil
        case .fair: fairFromCelsius
        case .serious: seriousFromCelsius
        case .critical: criticalFromCelsius
        }
    }

    public func limits(saverActive: Bool, thermal: ThermalState) -> PaceLimits {
        PaceLimits(frameRateFactor: (thermalFrameRateFactors[thermal] ?? 1) * (saverActive ? saverFrameRateFactor : 1),
                   detectionRateFactor: saverActive ? saverDetectionRateFactor : 1,
                   dropWindowFactor: dropWindowFactors[thermal] ?? 0,
                   dropWindowCap: dropWindowCapSeconds)
    }
}
