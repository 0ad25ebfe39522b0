import BeaconTestSupport
import BeaconCore
import Foundation
import Testing

/// The web app in a real browser: Debian's headless Chromium, its fake camera playing a video made from the shared
/// photos, driven by scripts/browser_test.py (Selenium), against `beacon serve --http` on loopback.
@Suite(.serialized) struct WebAppBrowserTests {
    /// Chromium, its driver, Selenium and axe-core, as `scripts/setup.sh --browser` installs them.
    static func browserIsReady() -> Bool {
        let tools = TestData.hasTool("chromium") && TestData.hasTool("chromedriver")
        let python = (try? TestData.run("python3", ["-c", "import selenium, axe_playwright_python"]))?.status == 0
        guard tools && python else {
            let reason = "the browser test needs chromium, chromium-driver, selenium and axe-playwright-python (scripts/setup.sh --browser)"
            if TestData.required { Issue.record("\(reason)") } else { print("skipping: \(reason)") }
            return false
        }
        return true
    }

    /// Runs one scenario of the driver and returns the JSON object it printed.
    static func drive(_ served: ServedBeacon, _ scenario: String, video: URL, _ extra: [String] = []) throws -> [String: Any] {
        let script = TestData.packageRoot.appendingPathComponent("scripts/browser_test.py").path
        var trust: [String] = []
        if served.scheme == "https" { trust = ["--trust-certificate", try served.certificateKeyDigest()] }
        let run = try TestData.run("python3", [script, "--url", served.base, "--code", served.code, "--video", video.path,
                                               "--scenario", scenario] + trust + extra)
        #expect(run.status == 0, "\(scenario): \(run.stderr)")
        let object = (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) as? [String: Any]
        return try #require(object, "\(scenario) printed: \(run.stdout.prefix(500)) \(run.stderr.prefix(500))")
    }

    /// The camera video for Chromium (y4m keeps the frame rate): the coffee pan, or a still of a photo.
    static func video(_ name: String, in folder: URL) throws -> URL? {
        let output = folder.appendingPathComponent("\(name).y4m")
        if name == "coffee-pan" {
            // The pan is made once per test run and shared, so it stays; its folder is removed when the tests exit.
            guard let pan = try FindCLITests.panVideo() else { return nil }
            try TestData.run("ffmpeg", ["-v", "error", "-y", "-i", pan.path, "-pix_fmt", "yuv420p", output.path])
        } else {
            guard let photo = TestData.image(name) else {
                if TestData.required { Issue.record("\(name) is missing") }
                return nil
            }
            try TestData.run("ffmpeg", ["-v", "error", "-y", "-loop", "1", "-framerate", "10", "-i", photo.path, "-vf",
                                        "scale=640:-2,pad=640:480:0:(oh-ih)/2:color=white,format=yuv420p", "-t", "4",
                                        "-r", "10", output.path])
        }
        return FileManager.default.fileExists(atPath: output.path) ? output : nil
    }

    /// Serves Beacon, makes the camera video, and runs `body`; skips (or fails under CI's rule) when the browser or
    /// the detector is missing. Everything made is removed after.
    static func withServedBeacon(video name: String, needsDetector: Bool = true, https: Bool = false,
                                 _ body: (ServedBeacon, URL) throws -> Void) throws {
        guard browserIsReady() else { return }
        if needsDetector { guard try BeaconBinary.canDetect() else { return } }
        let folder = try TestData.temporaryFolder("beacon-browser")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let video = try video(name, in: folder) else { return }
        let served = try ServedBeacon(https: https)
        defer { served.stop() }
        try body(served, video)
    }

    static func log(_ result: [String: Any]) -> [String: Any] { result["beaconLog"] as? [String: Any] ?? [:] }

    /// A JSON number as a Double, whether it was written as an integer or not.
    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    /// A folder for the driver's screenshots, removed after the test unless BEACON_KEEP_SCREENSHOTS is set; either
    /// way the test's output says where they were.
    static func withScreenshots(_ label: String, _ body: (URL) throws -> Void) throws {
        let folder = try TestData.temporaryFolder("beacon-screenshots-\(label)")
        let keep = !(ProcessInfo.processInfo.environment["BEACON_KEEP_SCREENSHOTS"] ?? "").isEmpty
        defer {
            if keep {
                print("\(label): screenshots kept in \(folder.path)")
            } else {
                print("\(label): screenshots were in \(folder.path), now removed (BEACON_KEEP_SCREENSHOTS=1 keeps them)")
                try? FileManager.default.removeItem(at: folder)
            }
        }
        try body(folder)
    }

    static func live(_ result: [String: Any]) -> [String] { log(result)["live"] as? [String] ?? [] }

    /// Pans of the guidance earcons (ticks and centred), in the order they were scheduled.
    static func guidancePans(_ result: [String: Any]) -> [Double] {
        (log(result)["earcons"] as? [[String: Any]] ?? []).filter { ["tick", "centred"].contains($0["kind"] as? String) }
            .compactMap { $0["pan"] as? Double }
    }

    @Test func findsTheCupWithEarconsPannedAsTheCameraTurns() throws {
        try Self.withServedBeacon(video: "coffee-pan") { served, video in
            let result = try Self.drive(served, "find", video: video, ["--wait", "14"])
            let live = Self.live(result)
            #expect(live.contains("Looking for cup."), "\(live)")
            #expect(live.contains { $0.hasPrefix("Cup") }, "\(live)")
            #expect(live.last == "Stopped.", "\(live)")
            // The video turns so the cup goes from the right, through the middle, to the left: the beats' pan follows.
            // Chromium's fake camera loops the video from whenever it opened, so on a loaded machine the search may
            // start at the end of one turn (the cup on the left): what counts is a sweep from right to left after it.
            let pans = Self.guidancePans(result)
            #expect(pans.count >= 10, "\(pans.count) guidance earcons")
            let firstRight = pans.firstIndex { $0 > 0.3 }
            let leftAfter = firstRight.flatMap { right in pans[right...].firstIndex { $0 < -0.3 } }
            #expect(firstRight != nil && leftAfter != nil, "right, then left: \(pans)")
            if let firstRight, let leftAfter {
                #expect(pans[firstRight...leftAfter].contains { abs($0) < 0.1 }, "through the middle: \(pans)")
            }
            let vibrations = Self.log(result)["vibrations"] as? [[Int]] ?? []
            #expect(!vibrations.isEmpty, "the found and centred cues vibrate where the browser can")
            #expect((result["consoleErrors"] as? [Any])?.isEmpty == true, "\(result["consoleErrors"] ?? "")")
        }
    }

    /// A mug taught with `beacon teach` is offered first on the phone's Find screen, and a tap looks for it.
    @Test func theFindScreenOffersYourThingsFirst() throws {
        let mug = TestData.taughtFolder.appendingPathComponent("mug_plaid/teach")
        guard Self.browserIsReady(), try BeaconBinary.canDetect(), TestData.model("efficientnet_lite0_embed.onnx") != nil,
              let views = try? FileManager.default.contentsOfDirectory(atPath: mug.path).sorted() else {
            if TestData.required { Issue.record("the browser, the models or the mug's views are missing") }
            return
        }
        let folder = try TestData.temporaryFolder("beacon-browser-yours")
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        let taught = try BeaconBinary.run(["teach", "my mug"] + views.map { mug.appendingPathComponent($0).path }
                                          + ["--data-dir", data.path])
        #expect(taught.status == 0, "\(taught.stderr)")
        guard let video = try Self.video("coffee.png", in: folder) else { return }
        let served = try ServedBeacon(dataFolder: data)
        defer { served.stop() }
        let result = try Self.drive(served, "yours", video: video, ["--wait", "10"])
        #expect(result["headingShown"] as? Bool == true, "\(result)")
        #expect(result["offered"] as? [String] == ["Mug"], "\(result)")
        let live = Self.live(result)
        #expect(live.contains("Looking for your mug."), "\(live)")
        #expect(result["modeAfterTap"] as? String == "find", "\(result)")
        #expect((result["consoleErrors"] as? [Any])?.isEmpty == true, "\(result["consoleErrors"] ?? "")")
    }

    @Test func readsThePagePhoto() throws {
        try Self.withServedBeacon(video: "page.png") { served, video in
            // The natural voice reads at a person's pace: the third sentence comes about a minute in. Recognising the
            // page may take far longer than the driver's few seconds of quiet on a loaded machine, so it waits for
            // the words themselves.
            let result = try Self.drive(served, "read", video: video,
                                        ["--wait", "150", "--until-said", "markers of the coins"])
            let live = Self.live(result)
            #expect(live.contains("Reading."), "\(live)")
            #expect(live.contains { $0.contains("segmentation") }, "\(live)")
            #expect(live.contains { $0.contains("markers of the coins") }, "\(live)")
        }
    }

    @Test func deepLinksStartTheirJobs() throws {
        try Self.withServedBeacon(video: "coffee-pan") { served, video in
            let find = try Self.drive(served, "deeplink", video: video, ["--link", "/find?object=cup", "--wait", "8"])
            #expect(Self.live(find).contains("Looking for cup."), "\(Self.live(find))")
            #expect(!Self.guidancePans(find).isEmpty)
            let explore = try Self.drive(served, "deeplink", video: video, ["--link", "/explore", "--wait", "6"])
            #expect(Self.live(explore).contains("Exploring."), "\(Self.live(explore))")
            let walk = try Self.drive(served, "deeplink", video: video, ["--link", "/walk", "--wait", "6"])
            #expect(Self.live(walk).contains { $0.hasPrefix("Walking") }, "\(Self.live(walk))")
            // The questions are answered once, in words: a colour's name (or that it is not sure), the light.
            let colour = Self.live(try Self.drive(served, "deeplink", video: video, ["--link", "/colour", "--wait", "6"]))
            let names = ColourName.all.map(\.english)
            #expect(colour.contains { said in
                names.contains { said.lowercased().hasPrefix($0) || said.hasPrefix("Colour not sure; maybe \($0)") }
            }, "\(colour)")
            let light = Self.live(try Self.drive(served, "deeplink", video: video, ["--link", "/light", "--wait", "6"]))
            #expect(light.contains { $0.hasSuffix(" picture.") || $0.contains(" picture. A light") }, "\(light)")
            let shortText = Self.live(try Self.drive(served, "deeplink", video: video, ["--link", "/short-text", "--wait", "6"]))
            #expect(shortText.contains("Short text; new lines are read as they come into view."), "\(shortText)")
        }
    }

    /// As a phone meets it: HTTPS with the certificate Beacon made, trusted by its key as the person accepted it
    /// once; pairing, the camera, the WebSocket (wss) and the service worker all work there.
    @Test func overHTTPSAsAPhoneMeetsIt() throws {
        try Self.withServedBeacon(video: "coffee-pan", https: true) { served, video in
            let find = try Self.drive(served, "deeplink", video: video, ["--link", "/find?object=cup", "--wait", "8"])
            #expect(find["url"] as? String == served.base)
            #expect(Self.live(find).contains("Looking for cup."), "\(Self.live(find))")
            #expect(!Self.guidancePans(find).isEmpty)
            #expect(find["serviceWorker"] as? String == "active", "\(find["serviceWorker"] ?? "")")
            #expect((find["consoleErrors"] as? [Any])?.isEmpty == true, "\(find["consoleErrors"] ?? "")")
        }
    }

    /// At 390 × 844 and 844 × 390, at the usual text size and at 200 %: Stop on the screen without scrolling and in
    /// one place, nothing wider than the screen, the spoken-text box the same height for every sentence, text at
    /// 7:1 and control edges at 3:1, and axe-core (its 7:1 rule on too) with nothing to say on any screen.
    @Test func holdsStillAtEveryPhoneSizeAndTextSize() throws {
        try Self.withServedBeacon(video: "page.png", needsDetector: false) { served, video in
            try Self.withScreenshots("layout") { shots in
                let result = try Self.drive(served, "layout", video: video, ["--screenshots", shots.path])
                let views = result["views"] as? [[String: Any]] ?? []
                #expect(views.map { $0["view"] as? String ?? "" } == ["portrait", "portrait-200", "landscape", "landscape-200"])
                var rootFont: [String: Double] = [:]
                for view in views {
                    let name = view["view"] as? String ?? "?"
                    let main = view["main"] as? [String: Any] ?? [:]
                    rootFont[name] = Self.number(main["rootFontPx"])
                    #expect(main["stopVisible"] as? Bool == true, "\(name): Stop is not on the screen: \(main["stop"] ?? "none")")
                    #expect(view["stopHiddenAfter"] == nil, "\(name): Stop left the screen after \(view["stopHiddenAfter"] ?? "")")
                    #expect(view["noHorizontalScroll"] as? Bool == true,
                            "\(name): wider than the screen: \(main["scrollWidth"] ?? "") > \(main["clientWidth"] ?? "")")
                    let sentences = view["sentences"] as? [String: Any] ?? [:]
                    #expect(Self.number(sentences["saidHeightChange"]) == 0,
                            "\(name): the spoken-text box changed height: \(sentences["saidHeights"] ?? "")")
                    #expect((sentences["brokenWords"] as? [String])?.isEmpty == true,
                            "\(name): words cut in two in the spoken-text box: \(sentences["brokenWords"] ?? "")")
                    #expect((sentences["cutWords"] as? [String])?.isEmpty == true,
                            "\(name): lines partly shown in the spoken-text box: \(sentences["cutWords"] ?? "")")
                    #expect(Self.number(sentences["stopYChange"]) == 0, "\(name): Stop moved: \(sentences["stopY"] ?? "")")
                    #expect(Self.number(sentences["commandYChange"]) == 0,
                            "\(name): the command field moved: \(sentences["commandY"] ?? "")")
                    let talking = view["talking"] as? [String: Any] ?? [:]
                    #expect(Self.number(talking["scrollWidth"]) ?? .infinity <= Self.number(talking["clientWidth"]) ?? 0,
                            "\(name): talking widens the page: \(talking)")
                    #expect(view["axeViolations"] as? Int == 0, "\(name): \(view["axe"] ?? "")")
                    #expect(Self.number(view["textContrastMin"]) ?? 0 >= 7, "\(name): \(view["contrast"] ?? "")")
                    #expect(Self.number(view["borderContrastMin"]) ?? 0 >= 3, "\(name): \(view["contrast"] ?? "")")
                    #expect((view["nativeControls"] as? [Any])?.isEmpty == true,
                            "\(name): controls drawn by the browser, unmeasured: \(view["nativeControls"] ?? "")")
                    #expect((view["forget-confirm"] as? [String: Any])?["shown"] as? Bool == true, "\(name)")
                }
                // The page follows the person's text size, and reflows to one column when two do not fit.
                #expect(rootFont["portrait-200"] == rootFont["portrait"].map { $0 * 2 }, "\(rootFont)")
                let columns = views.map { ($0["view"] as? String ?? "", ($0["main"] as? [String: Any])?["columns"] as? Int ?? 0) }
                #expect(columns.first { $0.0 == "portrait" }?.1 == 2, "\(columns)")
                #expect(columns.first { $0.0 == "portrait-200" }?.1 == 1, "\(columns)")
                let shot = shots.appendingPathComponent("portrait-200-main.png").path
                #expect(FileManager.default.fileExists(atPath: shot), "no screenshot at \(shot)")
            }
        }
    }

    /// The page's states follow what happens: sentences queued in the live region (none replaced before it could
    /// be read), Explore pressed until its report has been said, Find pressed stops finding, a lost connection said
    /// and kept until Beacon is back with no button left pressed, and Forget this phone asking first.
    @Test func statesFollowWhatHappens() throws {
        try Self.withServedBeacon(video: "coffee.png") { served, video in
            try Self.withScreenshots("states") { shots in
                let result = try Self.drive(served, "states", video: video, ["--screenshots", shots.path])

                let greeting = result["greeting"] as? [String: Any] ?? [:]
                let regions = (greeting["regions"] as? [[String: Any]] ?? []).filter { $0["region"] as? String == "status" }
                // Every sentence went into the live region, in order (the last may still be waiting its turn).
                let said = regions.map { $0["text"] as? String ?? "" }
                #expect(said.count >= 3 && Array((greeting["live"] as? [String] ?? []).prefix(said.count)) == said, "\(greeting)")
                let times = regions.compactMap { Self.number($0["time"]) }
                for (earlier, later) in zip(times, times.dropFirst()) {
                    #expect(later - earlier >= 1.15, "a sentence was replaced after \(later - earlier) s: \(regions)")
                }

                let explore = result["explore"] as? [String: Any] ?? [:]
                #expect(explore["modeLeft"] as? Bool == true, "\(explore)")
                #expect(explore["pressedWhenModeLeft"] as? String == "true", "Explore let go with its report unsaid: \(explore)")
                let pressed = explore["pressed"] as? [[String: Any]] ?? []
                let released = pressed.last { $0["pressed"] as? Bool == false }.flatMap { Self.number($0["time"]) }
                let lastWords = (explore["speaks"] as? [[String: Any]] ?? []).compactMap { Self.number($0["time"]) }.max()
                let lastShown = (explore["regions"] as? [[String: Any]] ?? []).compactMap { Self.number($0["time"]) }.max()
                #expect(pressed.first?["pressed"] as? Bool == true, "\(pressed)")
                if let released, let lastWords, let lastShown {
                    #expect(released > lastWords && released > lastShown, "released at \(released) s: \(explore)")
                } else {
                    Issue.record("Explore was never released, or said nothing: \(explore)")
                }

                let find = result["find"] as? [String: Any] ?? [:]
                #expect(find["screenAfterSecondPress"] as? String == "main", "pressed Find asked what to find: \(find)")
                #expect(find["modeAfter"] as? String == "idle" && find["pressedAfter"] as? String == "false", "\(find)")

                let lost = result["lost"] as? [String: Any] ?? [:]
                for key in ["pressed", "pressedAfter9s"] {
                    let states = lost[key] as? [String: String] ?? [:]
                    #expect(!states.isEmpty && states.values.allSatisfy { $0 == "false" }, "\(key): \(states)")
                }
                #expect((lost["connectionAfter9s"] as? String)?.hasPrefix("Lost the connection to Beacon.") == true, "\(lost)")
                #expect(lost["role"] as? String == "alert", "\(lost)")
                #expect(lost["connectionBack"] as? String == "", "\(lost)")
                #expect(lost["walkPressedBack"] as? String == "true", "the walk came back with the connection: \(lost)")
                #expect((lost["live"] as? [String])?.contains("Connected to Beacon again.") == true, "\(lost)")

                let forget = result["forget"] as? [String: Any] ?? [:]
                #expect(forget["confirmShown"] as? Bool == true && forget["tokenAfterFirstTap"] as? Bool == true, "\(forget)")
                #expect(forget["focus"] as? String == "forget-question", "\(forget)")
                #expect(forget["tokenAfterNo"] as? Bool == true && forget["confirmHiddenAfterNo"] as? Bool == true, "\(forget)")
                #expect(forget["screenAfterYes"] as? String == "pair" && forget["tokenAfterYes"] as? Bool == false, "\(forget)")
                #expect((forget["live"] as? [String])?.last?.contains("no longer paired") == true, "\(forget)")
            }
        }
    }

    @Test func pairingInTheBrowserAndNoSeriousAccessibilityProblems() throws {
        try Self.withServedBeacon(video: "page.png", needsDetector: false) { served, video in
            let pairing = try Self.drive(served, "pairing", video: video)
            let forged = pairing["forgedToken"] as? [String: Any] ?? [:]
            #expect(forged["screen"] as? String == "pair", "a forged token sends the page back to pairing: \(forged)")
            #expect(forged["tokenKept"] as? Bool == false)
            let closes = forged["closes"] as? [[String: Any]] ?? []
            #expect(closes.contains { $0["code"] as? Int == 1008 }, "\(closes)")

            let audit = try Self.drive(served, "audit", video: video)
            #expect(audit["seriousOrCritical"] as? Int == 0, "\(audit["audit"] ?? "")")
            let screens = (audit["audit"] as? [String: Any])?.keys.sorted() ?? []
            #expect(screens.count >= 4, "screens audited: \(screens)")
            // Chromium's own verdict on "Install app" (the manifest, its icons, the service worker): nothing in the way.
            let install = audit["installability"] as? [String: Any] ?? [:]
            #expect((install["errors"] as? [String])?.isEmpty == true, "\(install)")
            #expect((install["manifestErrors"] as? [Any])?.isEmpty == true, "\(install)")
            #expect((install["icons"] as? [String])?.contains("/icon-512.png") == true, "\(install)")
        }
    }
}
