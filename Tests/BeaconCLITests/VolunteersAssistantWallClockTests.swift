import BeaconRuntime
import BeaconTestSupport
import Foundation
import Testing

/// Help from a distance, end to end: a person's assistant (in this process, on the wall clock) asks a real hub for
/// help finding the spoon, a simulated volunteer marks it in the first photo through the hub's API, and Beacon
/// guides there while the camera pans across it. The video is made from the shared coffee photo: still for 7 s,
/// then turning right at 83 pixels a second, so the spoon, at three quarters of the picture's width in the first
/// photo, passes the middle at 8.9 s. (Still for 4 s, the mark reached Beacon after the pan had begun on a loaded CI
/// machine: the request, the take and the mark go through the hub on the wall clock.) A suite named "…WallClockTests"
/// runs after all the others, alone (`make test`): beside them, on CI's two cores, the hub's processes answered too late.
@Suite(.serialized) struct VolunteersAssistantWallClockTests {
    static let frameRate = 15.0
    /// Where the crop window of the 1880×720 canvas starts, and how fast it moves after the still part.
    static let windowStart = 525.0, panFrom = 7.0, panSpeed = 500.0 / 6
    /// When the spoon passes the middle of the picture.
    static var crossing: Double { panFrom + (spoon.x - 320 - windowStart) / panSpeed }
    /// The spoon's bowl on the canvas (the photo sits at 640, 160).
    static let spoon = (x: 1005.0, y: 445.0)

    /// Where the spoon is in the picture at video time `t`, as a share of the width.
    static func spoonX(at t: Double) -> Double {
        let window = windowStart + max(0, t - panFrom) * panSpeed
        return (spoon.x - window) / 640
    }

    struct Cue: Decodable {
        var frame: Int
        var phase: String
        var x: Double?
        var pan: Double?
    }

    struct Record: Decodable {
        var effect: String
        var text: String?
        var cue: Cue?
        var frame: Int?
    }

    @Test func aHelperMarksTheSpoonAndBeaconGuidesToItAsTheCameraPans() throws {
        guard try BeaconBinary.canDetect(), let hub = try RunningHub.start("beacon-helpers-assist") else { return }
        defer { hub.stop() }
        let coffee = try #require(TestData.image("coffee.png"))
        let video = hub.folder.appendingPathComponent("spoon-pan.mp4")
        try TestData.run("ffmpeg", ["-v", "error", "-y", "-loop", "1", "-framerate", "15", "-i", coffee.path, "-vf",
                                    "pad=1880:720:640:160:color=0x707070,crop=640:480:x='if(lt(t\\,7)\\,525\\,525+(t-7)*500/6)':y=205,format=yuv420p",
                                    "-t", "13", "-r", "15", "-c:v", "libx264", "-pix_fmt", "yuv420p", video.path])
        let data = hub.folder.appendingPathComponent("data").path
        let joined = try BeaconBinary.run(["volunteers", "join", hub.address, try hub.invitation("person"), "--name", "Ann",
                                           "--data-dir", data])
        #expect(joined.status == 0, "\(joined.stderr)")
        let volunteer = try #require(try hub.call(["-X", "POST", "--data",
                                                   #"{"code":"\#(try hub.invitation("volunteer"))","name":"Bo","languages":["en"]}"#,
                                                   "\(hub.address)api/join"]) as? [String: Any])
        let token = try #require(volunteer["token"] as? String)

        // The volunteer marks the spoon in photo 1 as soon as the request reaches them.
        let marked = Volunteer(hub: hub, token: token)
        let helper = Thread { marked.markTheFirstRequest(at: (x: (Self.spoon.x - Self.windowStart) / 640, y: 0.5)) }
        helper.start()

        // The person: asks at once, lets the video play to its end, then says they found it.
        var said = 0
        let script: () -> String? = {
            said += 1
            switch said {
            case 1: return "ask for help finding the spoon"
            case 2:
                Thread.sleep(forTimeInterval: 14)
                return "found it"
            default: return nil
            }
        }
        let transcript = KeptTranscript()
        let run = AssistantRun(input: video.path, realtime: true, json: true, silent: true, dataDirectory: data)
        try run.run(composition: Composition(), transcript: transcript, script: script)
        let records = try transcript.lines.map { try JSONDecoder().decode(Record.self, from: Data($0.utf8)) }
        let words = records.filter { $0.effect == "speak" }.compactMap(\.text)

        let job = try #require(marked.job, "the request never reached the volunteer: \(words) \(transcript.notes)")
        // The request is acknowledged, unless the helper's mark came first: pushed, it can reach Beacon while
        // "Beacon ready." is still being said, and guidance then replaces what waited.
        let first = words.first { $0 != "Beacon ready." }
        #expect(first == "Asking for help." || first?.hasPrefix("Spoon") == true, "\(words)")
        #expect(words.contains { $0.hasPrefix("Spoon") }, "guidance never said where the spoon is: \(words)")
        #expect(words.contains("Good; request closed."), "\(words)")
        let photos = records.filter { $0.effect == "helpers-photo" }.compactMap(\.frame)
        #expect((6...9).contains(photos.count), "photos of frames \(photos)")
        #expect(records.contains { $0.effect == "helpers-close" })

        // Guided: each cue's aim follows the spoon across the pan, and the beats are centred when it passes the middle.
        let guided = records.compactMap(\.cue).filter { $0.phase == "guiding" }
        #expect(guided.count > 40, "\(guided.count) guided frames: \(words)")
        let errors = guided.compactMap { cue in cue.x.map { abs($0 - Self.spoonX(at: Double(cue.frame) / Self.frameRate)) } }
        let close = errors.filter { $0 < 0.08 }.count
        #expect(Double(close) >= 0.8 * Double(errors.count), "aim errors \(errors.map { String(format: "%.2f", $0) })")
        let crossing = guided.filter { abs(Double($0.frame) / Self.frameRate - Self.crossing) < 0.6 }
        #expect(crossing.contains { abs($0.pan ?? 1) < 0.15 }, "pans near \(Self.crossing) s: \(crossing.map(\.pan))")
        #expect(guided.contains { Double($0.frame) / Self.frameRate < Self.panFrom && ($0.pan ?? 0) > 0.3 },
                "the spoon is to the right before the pan")

        // Closed: the volunteer sees the request end, and its photos are gone from the hub.
        let state = try hub.call(["-H", "Authorization: Bearer \(token)", "\(hub.address)api/jobs/\(job)"]) as? [String: Any]
        #expect(state?["state"] as? String == "closed" || state?["error"] != nil, "\(String(describing: state))")
        let photo = try hub.call(["-H", "Authorization: Bearer \(token)", "\(hub.address)api/jobs/\(job)/photos/1"]) as? [String: Any]
        #expect(photo?["error"] != nil)
        helper.cancel()
    }

    /// A volunteer on the hub's API, as their page would call it.
    final class Volunteer: @unchecked Sendable {
        let hub: RunningHub
        let token: String
        private let lock = NSLock()
        private var taken: Int?

        init(hub: RunningHub, token: String) {
            self.hub = hub
            self.token = token
        }

        var job: Int? { lock.withLock { taken } }

        func markTheFirstRequest(at point: (x: Double, y: Double)) {
            let deadline = Date().addingTimeInterval(30)
            let bearer = ["-H", "Authorization: Bearer \(token)"]
            var id: Int?
            while id == nil, Date() < deadline {
                let offers = (try? hub.call(bearer + ["\(hub.address)api/offers"])) as? [[String: Any]] ?? []
                id = offers.first?["id"] as? Int
                if id == nil { Thread.sleep(forTimeInterval: 0.1) }
            }
            guard let id else { return }
            _ = try? hub.call(bearer + ["-X", "POST", "\(hub.address)api/jobs/\(id)/take"])
            lock.withLock { taken = id }
            var photos = 0
            while photos == 0, Date() < deadline {
                let state = (try? hub.call(bearer + ["\(hub.address)api/jobs/\(id)"])) as? [String: Any]
                photos = state?["photos"] as? Int ?? 0
                if photos == 0 { Thread.sleep(forTimeInterval: 0.1) }
            }
            let mark = String(format: #"{"photo":1,"x":%.4f,"y":%.4f}"#, point.x, point.y)
            _ = try? hub.call(bearer + ["-X", "POST", "--data", mark, "\(hub.address)api/jobs/\(id)/marks"])
        }
    }
}
