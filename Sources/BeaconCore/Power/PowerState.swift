/// What happens to power awareness: a new reading from the sensor, or the user choosing a setting.
public enum PowerEvent: Sendable, Hashable {
    case reading(PowerReading)
    case setting(BatterySaverSetting)
}

/// A change worth telling the user about, reported once when it happens. Words come from `PowerPhrases`.
public enum PowerChange: Sendable, Hashable {
    case saverOn(SaverCause)
    case saverOff(SaverCause)
    /// The thermal state moved from `from` to the first value; `celsius` is the hottest zone's reading.
    case thermal(ThermalState, from: ThermalState, celsius: Double)
}

/// Why the battery saver turned on or off.
public enum SaverCause: Sendable, Hashable {
    /// The user set it on or off.
    case command
    /// Auto: the charge fell below the "on" level, or rose above the "off" level.
    case battery(percent: Int)
    /// Auto: the machine was plugged in.
    case charging
}

/// Power awareness as a pure reducer: readings and settings in, changes out, and the pace limits that follow.
///
/// Starts at full pace (saver off, nominal); the setting takes effect on the first event. Each change is reported
/// exactly once, when it happens, so the session can say it once.
public struct PowerState: Sendable, Hashable {
    public let policy: PowerPolicy
    public private(set) var setting: BatterySaverSetting
    public private(set) var saverActive = false
    public private(set) var thermal = ThermalState.nominal
    /// The newest reading, so a change of setting can be decided on it.
    public private(set) var latest = PowerReading.unknown

    public init(setting: BatterySaverSetting = .auto, policy: PowerPolicy = PowerPolicy()) {
        self.setting = setting
        self.policy = policy
    }

    public var limits: PaceLimits { policy.limits(saverActive: saverActive, thermal: thermal) }

    public mutating func handle(_ event: PowerEvent) -> [PowerChange] {
        var changes: [PowerChange] = []
        switch event {
        case .setting(let newSetting):
            setting = newSetting
            // Auto decides afresh: whatever the saver was by command says nothing about where the battery is.
            applySaver(decideSaver(remembering: false), into: &changes)
        case .reading(let reading):
            latest = reading
            applySaver(decideSaver(remembering: true), into: &changes)
            if let zone = reading.hottestZone {
                let next = policy.thermalState(at: zone.celsius, from: thermal)
                if next != thermal {
                    changes.append(.thermal(next, from: thermal, celsius: zone.celsius))
                    thermal = next
                }
            }
            // No thermal zone in this reading: keep the last state rather than call a hot machine cool.
        }
        return changes
    }

    private mutating func applySaver(_ decision: (active: Bool, cause: SaverCause), into changes: inout [PowerChange]) {
        guard decision.active != saverActive else { return }
        saverActive = decision.active
        changes.append(decision.active ? .saverOn(decision.cause) : .saverOff(decision.cause))
    }

    /// Whether the saver should be on now, and why. In auto, `remembering` applies the hysteresis: once on, it stays
    /// on until the charge is above the "off" level, not merely back at the "on" level.
    private func decideSaver(remembering: Bool) -> (active: Bool, cause: SaverCause) {
        switch setting {
        case .on: return (true, .command)
        case .off: return (false, .command)
        case .auto: break
        }
        if latest.charging == true { return (false, .charging) }
        // Battery unknown for now (a failed read, or none at all): auto has nothing new to go on.
        guard let percent = latest.batteryPercent else { return (remembering && saverActive, .command) }
        let active = remembering && saverActive
            ? percent <= policy.autoOffAbovePercent
            : percent < policy.autoOnBelowPercent
        return (active, .battery(percent: percent))
    }
}
