import BeaconCore
import BeaconMedia
import Foundation
import Testing

@Suite("Reading battery and heat from sysfs")
struct SysfsPowerSensorTests {
    /// Writes sysfs-style attribute files ("class/power_supply/BAT0/capacity" → "14\n") under the scratch folder.
    func lay(_ files: [String: String], in scratch: ScratchFolder) throws {
        for (path, contents) in files {
            let url = scratch.file(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((contents + "\n").utf8).write(to: url)
        }
    }

    @Test("A laptop at 14 % on battery with two thermal zones")
    func laptop() throws {
        let scratch = try ScratchFolder()
        try lay([
            "class/power_supply/AC/type": "Mains",
            "class/power_supply/AC/online": "0",
            "class/power_supply/BAT0/type": "Battery",
            "class/power_supply/BAT0/capacity": "14",
            "class/power_supply/BAT0/status": "Discharging",
            "class/power_supply/BAT0/present": "1",
            // A wireless mouse's battery is not the machine's.
            "class/power_supply/hidpp_battery_0/type": "Battery",
            "class/power_supply/hidpp_battery_0/scope": "Device",
            "class/power_supply/hidpp_battery_0/capacity": "90",
            "class/power_supply/hidpp_battery_0/status": "Charging",
            "class/thermal/thermal_zone0/type": "acpitz",
            "class/thermal/thermal_zone0/temp": "47000",
            "class/thermal/thermal_zone1/type": "x86_pkg_temp",
            "class/thermal/thermal_zone1/temp": "81500",
            "class/thermal/cooling_device0/type": "Processor",
        ], in: scratch)
        let reading = SysfsPowerSensor(root: scratch.url).read()
        #expect(reading == PowerReading(batteryPercent: 14, charging: false,
                                        hottestZone: ThermalZone(type: "x86_pkg_temp", celsius: 81.5)))
        var state = PowerState(setting: .auto)
        #expect(state.handle(.reading(reading)) == [.saverOn(.battery(percent: 14)),
                                                    .thermal(.serious, from: .nominal, celsius: 81.5)])
    }

    @Test("Plugged in: charging, full and held at a limit all count")
    func pluggedIn() throws {
        for status in ["Charging", "Full", "Not charging"] {
            let scratch = try ScratchFolder()
            try lay(["class/power_supply/BAT1/type": "Battery", "class/power_supply/BAT1/capacity": "60",
                     "class/power_supply/BAT1/status": status], in: scratch)
            #expect(SysfsPowerSensor(root: scratch.url).read() == PowerReading(batteryPercent: 60, charging: true))
        }
    }

    @Test("An empty folder, or none at all, reads as unknown")
    func nothingThere() throws {
        let scratch = try ScratchFolder()
        #expect(SysfsPowerSensor(root: scratch.url).read() == .unknown)
        try FileManager.default.createDirectory(at: scratch.file("class/power_supply"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch.file("class/thermal"), withIntermediateDirectories: true)
        #expect(SysfsPowerSensor(root: scratch.url).read() == .unknown)
        #expect(SysfsPowerSensor(root: scratch.file("no/such/folder")).read() == .unknown)
    }

    @Test("Garbled or impossible values are unknown, and the rest still reads")
    func garbage() throws {
        let scratch = try ScratchFolder()
        try lay([
            "class/power_supply/BAT0/type": "Battery",
            "class/power_supply/BAT0/capacity": "fourteen",
            "class/power_supply/BAT0/status": "Discharging",
            "class/power_supply/BAT1/type": "Battery",
            "class/power_supply/BAT1/capacity": "140",
            "class/thermal/thermal_zone0/type": "cpu-thermal",
            "class/thermal/thermal_zone0/temp": "hot",
            "class/thermal/thermal_zone1/type": "broken",
            "class/thermal/thermal_zone1/temp": "-273000",
            "class/thermal/thermal_zone2/type": "soc",
            "class/thermal/thermal_zone2/temp": "55000",
        ], in: scratch)
        #expect(SysfsPowerSensor(root: scratch.url).read()
            == PowerReading(batteryPercent: nil, charging: false, hottestZone: ThermalZone(type: "soc", celsius: 55)))
    }

    @Test("This machine's own /sys reads without trouble")
    func thisMachine() {
        // Whatever it holds (this build machine has no battery and no thermal zones); only that nothing throws or
        // reads as nonsense.
        let reading = SysfsPowerSensor().read()
        if let percent = reading.batteryPercent { #expect((0...100).contains(percent)) }
        if let zone = reading.hottestZone { #expect((-40...200).contains(zone.celsius)) }
        print("This machine: \(reading)")
    }
}
