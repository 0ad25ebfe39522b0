import Testing
@testable import BeaconCore

@Suite struct CommandParserTests {
    let parser = CommandParser()

    @Test(arguments: [
        ("find cup", AssistantCommand.findObject("cup")),
        ("Please find my mug.", .findObject("my mug")),
        ("can you look for the bottle please", .findObject("the bottle")),
        ("find text EXIT", .findText("EXIT")),
        ("Find the text Pharmacy", .findText("Pharmacy")),
        ("read", .read), ("READ THIS!", .read), ("raed this", .read),
        ("explore", .explore), ("What's around me?", .explore), ("exlpore", .explore),
        ("scan now", .scanNow), ("continuous", .continuous), ("on demand", .onDemand),
        ("stop", .stop), ("pause", .pause), ("resume", .resume), ("repeat", .repeatLast),
        ("where is it", .whereIsIt), ("where is my phone", .findObject("my phone")),
        ("louder", .louder), ("quieter", .quieter), ("faster", .faster), ("slower", .slower),
        ("language Russian", .language(.russian)), ("language russain", .language(.russian)),
        ("speak chinese", .language(.chinese)), ("alert me to bicycles", .alertMe("bicycles")),
        ("stop alerting dogs", .stopAlerting("dogs")), ("ignore chairs", .ignore("chairs")),
        ("confidence 60", .confidence(0.6)), ("confidence 0.7", .confidence(0.7)), ("confidence sixty", .confidence(0.6)),
        ("battery saver on", .batterySaver(true)), ("battery saver off", .batterySaver(false)),
        ("what did you detect recently", .recentDetections), ("usage", .usage), ("help", .help),
        ("tutorial", .tutorial), ("quit", .quit),
        ("walk", .walk), ("walk mode", .walk), ("Navigate.", .walk), ("start walking", .walk),
        ("режим ходьбы", .walk), ("навигация", .walk), ("步行", .walk), ("导航", .walk),
        // Russian and Chinese, typed.
        ("найди чашку", .findObject("чашку")), ("читай", .read), ("что вокруг", .explore), ("стоп", .stop),
        ("язык английский", .language(.english)), ("Ещё раз", .repeatLast),
        ("找杯子", .findObject("杯子")), ("请阅读", .read), ("周围有什么", .explore), ("停止", .stop),
        ("语言英语", .language(.english)),
    ])
    func understands(line: String, expected: AssistantCommand) {
        #expect(parser.parse(line) == .command(expected), "\(line)")
    }

    @Test func askingForHelpInThreeLanguagesAndEndingIt() {
        #expect(parser.parse("ask for help finding my keys") == .command(.askForHelp("my keys")))
        #expect(parser.parse("Help me find the blue folder.") == .command(.askForHelp("the blue folder")))
        #expect(parser.parse("попроси помощи найти ключи") == .command(.askForHelp("ключи")))
        #expect(parser.parse("请志愿者帮我找钥匙") == .command(.askForHelp("钥匙")))
        #expect(parser.parse("求助找钥匙") == .command(.askForHelp("钥匙")))
        // The commands these begin with stay themselves.
        #expect(parser.parse("help") == .command(.help))
        #expect(parser.parse("find my keys") == .command(.findObject("my keys")))
        #expect(parser.parse("帮我找钥匙") == .command(.findObject("钥匙")))
        #expect(parser.parse("stop") == .command(.stop))
        #expect(parser.parse("stop sharing") == .command(.stopSharing))
        #expect(parser.parse("found it") == .command(.foundIt))
        #expect(parser.parse("нашла") == .command(.foundIt))
        #expect(parser.parse("找到了") == .command(.foundIt))
        #expect(parser.parse("取消求助") == .command(.stopSharing))
    }

    /// The everyday questions, typed or said, in three languages, and their keys.
    @Test func whatIsThisWhatColourAndIsTheLightOnInThreeLanguages() {
        for (line, expected) in [("what is this", AssistantCommand.identify), ("What's this?", .identify), ("identify", .identify),
                                 ("что это", .identify), ("这是什么", .identify),
                                 ("what colour is this", .colour), ("What color is it?", .colour), ("какого цвета", .colour),
                                 ("什么颜色", .colour),
                                 ("is the light on", .light), ("Is it dark?", .light), ("свет горит", .light), ("灯开着吗", .light),
                                 ("light mode", .lightTone), ("find the light", .lightTone), ("найди окно", .lightTone),
                                 ("找光源", .lightTone), ("allergens", .allergens), ("какие аллергены", .allergens),
                                 ("过敏原", .allergens), ("scan the barcode", .scanCode), ("find the barcode", .scanCode),
                                 ("read the barcode", .scanCode), ("найди штрихкод", .scanCode), ("扫条码", .scanCode),
                                 ("short text", .shortText), ("Read signs.", .shortText), ("text mode", .shortText),
                                 ("короткий текст", .shortText), ("читай надписи", .shortText), ("短文本", .shortText)] {
            #expect(parser.parse(line) == .command(expected), "\(line)")
        }
        // "What do you see" is still scan now, and the questions have keys of their own.
        #expect(parser.parse("what do you see") == .command(.scanNow))
        #expect(CommandTable.keys["i"] == .identify && CommandTable.keys["o"] == .colour && CommandTable.keys["g"] == .light
                && CommandTable.keys["t"] == .lightTone && CommandTable.keys["k"] == .scanCode
                && CommandTable.keys["x"] == .shortText)
        // "Read" alone and "read the text" still read a page.
        #expect(parser.parse("read") == .command(.read) && parser.parse("read the text") == .command(.read))
        // "Find" and a thing is still the detector's thing.
        #expect(parser.parse("find the lamp") == .command(.findObject("the lamp")))
    }

    @Test func teachingForgettingAndListingInThreeLanguages() {
        #expect(parser.parse("teach my keys") == .command(.teach("my keys")))
        #expect(parser.parse("Teach you my blue wallet.") == .command(.teach("my blue wallet")))
        #expect(parser.parse("запомни мои ключи") == .command(.teach("мои ключи")))
        #expect(parser.parse("学习我的钥匙") == .command(.teach("我的钥匙")))
        #expect(parser.parse("forget my keys") == .command(.forget("my keys")))
        #expect(parser.parse("забудь мои ключи") == .command(.forget("мои ключи")))
        #expect(parser.parse("忘记我的钥匙") == .command(.forget("我的钥匙")))
        #expect(parser.parse("what have you learned") == .command(.whatHaveYouLearned))
        #expect(parser.parse("что ты запомнил") == .command(.whatHaveYouLearned))
        #expect(parser.parse("你学会了什么") == .command(.whatHaveYouLearned))
        // The tutorial keeps its words.
        #expect(parser.parse("teach me") == .command(.tutorial))
    }

    @Test func findMyRideInThreeLanguages() {
        #expect(parser.parse("find my ride, red, plate PF F 3600") == .command(.findRide("red plate PF F 3600")))
        #expect(parser.parse("найди мою машину, красная, номер А 123 ВС") == .command(.findRide("красная номер А 123 ВС")))
        #expect(parser.parse("找我的车，红色，车牌皖AUJ299") == .command(.findRide("红色车牌皖AUJ299")))
        // "find my car" alone is still the detector's car.
        #expect(parser.parse("find my car") == .command(.findObject("my car")))
    }

    @Test func exactMatchesWinOverTypos() {
        // "stop" is a command of its own, and "stop alerting" must not swallow it, nor the reverse.
        #expect(parser.parse("stop") == .command(.stop))
        #expect(parser.parse("stop alerting cars") == .command(.stopAlerting("cars")))
    }

    @Test func shortWordsMustBeExact() {
        // One letter off a three-letter word is another word: never guessed. Four letters and more forgive one slip.
        #expect(parser.parse("bye") == .command(.quit))
        #expect(parser.parse("bee") == .unknown("bee"))
        #expect(parser.parse("hepl") == .command(.help))
        #expect(parser.parse("stp") == .command(.stop))
    }

    @Test func somethingElseIsUnknown() {
        #expect(parser.parse("open the window") == .unknown("open the window"))
        #expect(parser.parse("hello there") == .unknown("hello there"))
        #expect(parser.parse("   ") == .unknown(""))
    }

    @Test func missingOrInvalidArgumentsSayWhichCommand() {
        #expect(parser.parse("find") == .incomplete(command: "find", given: ""))
        #expect(parser.parse("confidence loud") == .incomplete(command: "confidence", given: "loud"))
        #expect(parser.parse("confidence 250") == .incomplete(command: "confidence", given: "250"))
        #expect(parser.parse("language klingon") == .incomplete(command: "language", given: "klingon"))
        #expect(parser.parse("battery saver maybe") == .incomplete(command: "battery saver", given: "maybe"))
    }

    @Test func everyKeyGivesACommand() {
        #expect(CommandTable.keys["s"] == .stop)
        #expect(CommandTable.keys["w"] == .walk)
        #expect(CommandTable.keys["\u{1B}"] == .stop)
        #expect(CommandTable.keys[" "] == .whereIsIt)
    }
}

/// Which box "this" is: over the middle of the picture, the held thing rather than the hand around it.
@Suite struct ThingInTheMiddleTests {
    static func box(_ label: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double, confidence: Double = 0.8,
                    taught: Bool = false) -> Detection {
        Detection(classIndex: taught ? TaughtObjects.detectionClass : 0, label: label, confidence: confidence,
                  box: NormalizedRect(x: x, y: y, width: width, height: height))
    }

    @Test func theHeldThingBeforeTheHandAndTheTableAndNothingOffTheMiddle() {
        let hand = Self.box("person", 0.1, 0.1, 0.8, 0.8, confidence: 0.9)
        let cup = Self.box("cup", 0.4, 0.4, 0.2, 0.2, confidence: 0.5)
        let table = Self.box("dining table", 0.0, 0.3, 1, 0.7, confidence: 0.9)
        let aside = Self.box("bottle", 0.0, 0.0, 0.2, 0.2, confidence: 0.99)
        #expect(Identification.thingInTheMiddle([hand, table, cup, aside]) == cup)
        #expect(Identification.thingInTheMiddle([hand, table]) == table)
        #expect(Identification.thingInTheMiddle([hand]) == hand)
        #expect(Identification.thingInTheMiddle([aside]) == nil)
        let mug = Self.box("mug", 0.2, 0.2, 0.6, 0.6, confidence: 0.3, taught: true)
        #expect(Identification.thingInTheMiddle([cup, mug]) == mug)
        // Its colour is read from the middle half of its box.
        #expect(Identification.colourPatch(for: cup) == NormalizedRect(x: 0.45, y: 0.45, width: 0.1, height: 0.1))
        #expect(Identification.colourPatch(for: nil) == ColourNamer.middle)
    }
}
