import Foundation

/// The everyday questions about what the camera points at (issue 35): what is this, what colour is it, is the
/// light on. Each is answered once, from the newest picture.
public enum AssistantQuestion: String, Sendable, Hashable, Codable, CaseIterable {
    case identify
    case colour
    case light
}

/// What one picture showed, for "what is this", "what colour" and "is the light on" (the adapters look; the
/// session words it). `beacon identify` reports the same.
public struct Identification: Sendable, Hashable {
    /// A code believed (two looks agreed, or one look of a product in the list).
    public var code: Barcode?
    /// The product the code is in the person's list, when it is.
    public var product: Product?
    /// The detector's or a taught thing in the middle of the picture.
    public var thing: Detection?
    public var colour: ColourReading?
    public var light: LightReading
    /// Where bars were seen that did not read (`BarcodeFinder`): "what is this" then aims there by sound.
    public var bars: NormalizedRect?
    /// The classifier's guess at the middle of the picture, looked for only when there is no code, thing or bars.
    public var guess: ThingGuess?

    public init(code: Barcode? = nil, product: Product? = nil, thing: Detection? = nil, colour: ColourReading? = nil,
                light: LightReading, bars: NormalizedRect? = nil, guess: ThingGuess? = nil) {
        self.bars = bars
        self.guess = guess
        self.code = code
        self.product = product
        self.thing = thing
        self.colour = colour
        self.light = light
    }

    /// The thing a person means by "this": of the boxes over the middle of the picture, a taught thing first,
    /// then anything but a person (a thing held up has the hand's "person" box around it), then the smallest (the
    /// thing on the table, not the table); nil when no box covers the middle.
    public static func thingInTheMiddle(_ detections: [Detection]) -> Detection? {
        let middle = NormalizedPoint(x: 0.5, y: 0.5)
        func rank(_ detection: Detection) -> (Int, Int, Double) {
            (detection.isTaught ? 1 : 0, detection.label == "person" ? 0 : 1, -detection.box.width * detection.box.height)
        }
        return detections.filter { $0.box.contains(middle) }.max { rank($0) < rank($1) }
    }

    /// Where the colour is read: the middle half of the thing in the middle (its body, not the table beside it),
    /// else the middle of the picture.
    public static func colourPatch(for thing: Detection?) -> NormalizedRect {
        guard let box = thing?.box else { return ColourNamer.middle }
        return colourPatch(of: box)
    }

    /// The middle half of a thing's box, where its colour is read.
    public static func colourPatch(of box: NormalizedRect) -> NormalizedRect {
        NormalizedRect(x: box.x + box.width / 4, y: box.y + box.height / 4, width: box.width / 2, height: box.height / 2)
    }
}

extension AssistantSession {
    /// The question is put to the newest picture; right after start, to the first one.
    mutating func ask(_ question: AssistantQuestion, into effects: inout [AssistantEffect]) {
        if let latestFrame { effects.append(.identify(question, frame: latestFrame)) } else { questionWaitsForFrame = question }
    }

    /// One answer, said at once: an answer asked for.
    mutating func answer(_ question: AssistantQuestion, with identification: Identification, at timestamp: Double,
                         into effects: inout [AssistantEffect]) {
        let words = phrasebook.identify
        let text = switch question {
        case .identify: words.whatItIs(identification, in: phrasebook)
        case .colour: words.sentence(for: identification.colour, in: phrasebook)
        case .light: words.sentence(for: identification.light, in: phrasebook)
        }
        // Bars that did not read yet: the camera is aimed at them by sound until they do (after the thing's name, if
        // the detector saw one; never "I can't tell" with a code in view).
        let aimsAtBars = question == .identify && identification.code == nil && identification.bars != nil
        if !aimsAtBars || identification.thing != nil {
            sayText(text, at: timestamp, category: "answer-\(question.rawValue)", into: &effects)
        }
        if aimsAtBars { startAimingAtCode(at: timestamp, saying: words.barsInView, into: &effects) }
        if let product = identification.product { lastProduct = product }
        if question == .identify, identification.code == nil, let thing = identification.thing {
            remember(thing.label, isTaught: thing.isTaught, confidence: thing.confidence, box: thing.box, at: timestamp,
                     into: &effects)
        }
    }
}

extension AssistantSession {
    /// "Allergens": those Open Food Facts lists for the product last named, or how to name one first.
    mutating func sayAllergens(at timestamp: Double, into effects: inout [AssistantEffect]) {
        let words = phrasebook.identify
        guard let product = lastProduct else {
            say(words.noProductYet, at: timestamp, priority: .stateChange, requested: true, into: &effects)
            return
        }
        if product.allergens.isEmpty {
            say(words.noAllergens, at: timestamp, priority: .stateChange, requested: true, into: &effects)
        } else {
            let separator = settings.language == .chinese ? "、" : ", "
            say(words.contains, ["allergens": product.allergens.joined(separator: separator)], at: timestamp,
                priority: .stateChange, requested: true, into: &effects)
        }
    }
}

/// Light mode (Seeing AI's light channel): a tone four times a second whose pitch is the picture's brightness, and
/// a light source's side said when it comes into view or moves to another side.
extension AssistantSession {
    mutating func startLightTone(at timestamp: Double, into effects: inout [AssistantEffect]) {
        enter(.followingLight, at: timestamp, announce: false, into: &effects)
        lightToneAt = nil
        lightSideSaid = nil
        say(phrasebook.identify.lightMode, at: timestamp, priority: .stateChange, requested: true, into: &effects)
    }

    mutating func followLight(_ reading: LightReading, at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard mode == .followingLight, !isPaused else { return }
        if lightToneAt.map({ timestamp - $0 >= Self.lightToneInterval }) ?? true {
            lightToneAt = timestamp
            effects.append(.earcon(Earcon(kind: .light, pitch: reading.tonePitch, gain: 0.7), at: timestamp))
        }
        // Words only on a change: a light coming into view, or seen on another side.
        if let side = reading.lightSide, side != lightSideSaid {
            lightSideSaid = side
            say(phrasebook.identify.light(on: side), at: timestamp, priority: .guidance, category: "light-side", into: &effects)
        } else if reading.lightSide == nil {
            lightSideSaid = nil
        }
    }

    /// Four tones a second: heard as one tone that slides, without drowning speech.
    static let lightToneInterval = 0.25
}

/// What one frame showed while aiming at a code: a code believed (two frames agreed, or one read of a product in
/// the person's list) and its product, else where bars that do not read yet are.
public struct CodeLook: Sendable, Hashable {
    public var code: Barcode?
    public var product: Product?
    public var bars: NormalizedRect?

    public init(code: Barcode? = nil, product: Product? = nil, bars: NormalizedRect? = nil) {
        self.code = code
        self.product = product
        self.bars = bars
    }
}

/// The words while aiming, said only when they change.
enum CodeAdvice: Hashable {
    case closer, holdStill
}

/// Aiming at a barcode by sound (Seeing AI's product channel): beats that pan to the bars' side, come faster as they
/// centre and rise in pitch as they grow and centre; "Closer." or "Hold still." when that changes; the found sound
/// and the product once the code reads.
extension AssistantSession {
    mutating func startAimingAtCode(at timestamp: Double, saying words: PhraseTemplate, into effects: inout [AssistantEffect]) {
        enter(.aimingAtCode, at: timestamp, announce: false, into: &effects)
        codeRhythm.stop()
        codeAdvice = nil
        codeAdviceAt = nil
        barsSeenAt = timestamp
        say(words, at: timestamp, priority: .stateChange, requested: true, into: &effects)
    }

    mutating func aim(_ look: CodeLook, at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard mode == .aimingAtCode, !isPaused else { return }
        let words = phrasebook.identify
        if let code = look.code {
            effects.append(.earcon(Earcon(kind: .found, gain: 0.8), at: timestamp))
            enter(.idle, at: timestamp, announce: false, into: &effects)
            sayText(words.codeSentence(code, product: look.product, in: phrasebook), at: timestamp, category: "answer-identify",
                    into: &effects)
            if let product = look.product { lastProduct = product }
            return
        }
        guard let bars = look.bars else {
            codeRhythm.stop()
            // Silence is the cue that the bars are gone; words only after a while of nothing.
            if let seen = barsSeenAt, timestamp - seen >= Self.noBarsAfter {
                barsSeenAt = nil
                codeAdvice = nil
                say(words.noBarsYet, at: timestamp, priority: .guidance, category: "code-advice", into: &effects)
            }
            return
        }
        barsSeenAt = timestamp
        let beat = Self.codeBeat(for: bars)
        for time in codeRhythm.beats(interval: beat.interval, now: timestamp, until: timestamp + Self.codeFrameHorizon) {
            effects.append(.earcon(Earcon(kind: .tick, pan: beat.pan, pitch: beat.pitch, gain: 0.7), at: time))
        }
        let advice: CodeAdvice = bars.width < Self.nearEnoughWidth ? .closer : .holdStill
        if advice != codeAdvice, codeAdviceAt.map({ timestamp - $0 >= Self.adviceCooldown }) ?? true {
            codeAdvice = advice
            codeAdviceAt = timestamp
            say(advice == .closer ? words.closer : words.holdStill, at: timestamp, priority: .guidance,
                category: "code-advice", into: &effects)
        }
    }

    /// One beat for bars at `box`: pan to their side, faster as they centre, higher as they grow and centre
    /// (pitch −1…1, as the guidance beats').
    static func codeBeat(for box: NormalizedRect) -> (interval: Double, pan: Double, pitch: Double) {
        let dx = box.midX - 0.5, dy = box.midY - 0.5
        let offCentre = min(1, (dx * dx + dy * dy).squareRoot() / 0.5)
        let size = min(1, box.width / nearEnoughWidth)
        let pitch = -1 + 2 * size * (1 - offCentre)
        return (interval: 0.12 + 0.5 * offCentre, pan: min(1, max(-1, 2 * dx)), pitch: pitch)
    }

    /// Bars this wide (of the picture) are near enough for ZBar at a phone's resolution; narrower ones get "Closer."
    static let nearEnoughWidth = 0.3
    static let adviceCooldown = 3.0
    static let noBarsAfter = 8.0
    /// Beats are scheduled this far ahead of a frame (about one frame at 5–10 per second).
    static let codeFrameHorizon = 0.2
}
