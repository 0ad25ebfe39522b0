import Testing
@testable import BeaconCore

/// The IMU formats `--imu` reads (and the phone will send): JSON lines and CSV; a bad line is one sentence.
@Suite struct IMULineParserTests {
    static func parse(_ lines: [String]) -> [IMULineParser.Line] {
        var parser = IMULineParser()
        return lines.map { parser.parse($0) }
    }

    @Test func readsJSONLines() {
        let lines = Self.parse([#"{"t":12.34,"ax":0.1,"ay":9.8,"az":0.2,"gx":0.01,"gy":0,"gz":-0.02}"#])
        #expect(lines == [.sample(IMUSample(timestamp: 12.34, acceleration: Vector3(0.1, 9.8, 0.2),
                                            rotation: Vector3(0.01, 0, -0.02)))])
    }

    @Test func readsCSVWithItsHeaderInAnyOrderAndWithout() {
        let lines = Self.parse(["# a comment", "gz,gy,gx,az,ay,ax,t", "3,2,1,0.3,9.7,0.1,0.5", "", "3,2,1,0.3,9.7,0.1,0.52"])
        #expect(lines[0] == .skipped && lines[1] == .skipped && lines[3] == .skipped)
        #expect(lines[2] == .sample(IMUSample(timestamp: 0.5, acceleration: Vector3(0.1, 9.7, 0.3), rotation: Vector3(1, 2, 3))))
        let plain = Self.parse(["0.1, 0, 9.8, 0, 0, 0, 0"])
        #expect(plain == [.sample(IMUSample(timestamp: 0.1, acceleration: Vector3(0, 9.8, 0), rotation: .zero))])
    }

    @Test func aBadLineIsOneSentenceWithItsNumberAndReadingGoesOn() {
        let lines = Self.parse([
            "t,ax,ay,az,gx,gy,gz",
            "0.00,0,9.8,0,0,0,0",
            "0.02,0,9.8,0",
            #"{"t":0.04,"ax":0,"ay":9.8,"gx":0,"gy":0,"gz":0}"#,
            "0.06,0,nine,0,0,0,0",
            "0.00,0,9.8,0,0,0,0",
            "{not json",
            "0.08,0,9.8,0,0,0,0",
        ])
        let sentences = lines.compactMap { if case .refused(let error) = $0 { error.sentence } else { nil } }
        #expect(sentences == [
            "IMU line 3 skipped: it has 4 values, not the 7 of t,ax,ay,az,gx,gy,gz.",
            "IMU line 4 skipped: \"az\" is missing.",
            "IMU line 5 skipped: \"nine\" (ay) is not a number.",
            "IMU line 6 skipped: its time 0.0 is not after the line before (0.0).",
            "IMU line 7 skipped: it is not a JSON object.",
        ])
        #expect(lines.last == .sample(IMUSample(timestamp: 0.08, acceleration: Vector3(0, 9.8, 0))))
    }

    @Test func aJSONLineWithLatitudeAndLongitudeIsALocationFix() {
        let lines = Self.parse([#"{"t":1.5,"lat":55.7558,"lon":37.6173}"#, #"{"t":1.6,"lat":95,"lon":37}"#])
        #expect(lines[0] == .location(EmergencyLocation(latitude: 55.7558, longitude: 37.6173)))
        #expect(lines[1] == .refused(IMULineError(line: 2, problem: "a location needs \"lat\" from -90 to 90 and \"lon\" from -180 to 180")))
    }
}
