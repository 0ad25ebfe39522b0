import BeaconCore
import Foundation

/// Reads battery and temperature from Linux's sysfs: `class/power_supply/*` and `class/thermal/thermal_zone*`
/// under `root` ("/sys", or a folder of recorded files in tests). Missing folders and unreadable or garbled files
/// count as unknown, never as errors: a desktop has no battery and a virtual machine may have no thermal zones.
public struct SysfsPowerSensor: PowerSensor, Sendable {
    public let root: URL

    public init(root: URL = URL(fileURLWithPath: "/sys")) {
        self.root = root
    }

    public func read() -> PowerReading {
        let batteries = batteryStates()
        return PowerReading(batteryPercent: Self.combinedPercent(batteries.compactMap(\.percent)),
                            charging: Self.combinedCharging(batteries.compactMap(\.charging)),
                            hottestZone: thermalZones().max { $0.celsius < $1.celsius })
    }

    // MARK: - Batteries

    private struct BatteryState {
        var percent: Int?
        var charging: Bool?
    }

    /// The machine's own batteries: supplies of type Battery, leaving out a wireless mouse's or headset's (scope
    /// Device) and an empty battery bay (present 0).
    private func batteryStates() -> [BatteryState] {
        let folder = root.appendingPathComponent("class/power_supply")
        return entries(of: folder).compactMap { name in
            let supply = folder.appendingPathComponent(name)
            guard text(supply, "type") == "Battery", text(supply, "scope") != "Device",
                  text(supply, "present") != "0" else { return nil }
            let percent = text(supply, "capacity").flatMap(Int.init).flatMap { (0...100).contains($0) ? $0 : nil }
            return BatteryState(percent: percent, charging: Self.charging(status: text(supply, "status")))
        }
    }

    /// "Charging", "Full" and "Not charging" (held at a charge limit) all mean plugged in; "Unknown" tells nothing.
    static func charging(status: String?) -> Bool? {
        switch status {
        case "Charging", "Full", "Not charging": true
        case "Discharging": false
        default: nil
        }
    }

    /// Two batteries (some laptops) drain one after the other; their mean is the share of charge left overall
    /// as near as capacity files tell.
    static func combinedPercent(_ percents: [Int]) -> Int? {
        guard !percents.isEmpty else { return nil }
        return Int((Double(percents.reduce(0, +)) / Double(percents.count)).rounded())
    }

    /// Plugged in if any battery says so; running on battery if all known ones do.
    static func combinedCharging(_ states: [Bool]) -> Bool? {
        states.isEmpty ? nil : states.contains(true)
    }

    // MARK: - Thermal zones

    private func thermalZones() -> [ThermalZone] {
        let folder = root.appendingPathComponent("class/thermal")
        return entries(of: folder).filter { $0.hasPrefix("thermal_zone") }.compactMap { name in
            let zone = folder.appendingPathComponent(name)
            // Millidegrees Celsius; a sensor that failed reads as nothing, or as an impossible value.
            guard let milli = text(zone, "temp").flatMap(Int.init) else { return nil }
            let celsius = Double(milli) / 1000
            guard (-40...200).contains(celsius) else { return nil }
            return ThermalZone(type: text(zone, "type") ?? name, celsius: celsius)
        }
    }

    // MARK: - Files

    private func entries(of folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// A sysfs attribute's text without its trailing newline; nil when missing, unreadable or empty.
    private func text(_ folder: URL, _ attribute: String) -> String? {
        let url = folder.appendingPathComponent(attribute)
        guard let data = FileManager.default.contents(atPath: url.path),
              let string = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !string.isEmpty else { return nil }
        return string
    }
}
