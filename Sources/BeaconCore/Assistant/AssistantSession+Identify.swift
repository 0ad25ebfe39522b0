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

    public init(code: Barcode? = nil, product: Product? = nil, thing: Detection? = nil, colour: ColourReading? = nil,
                light: LightReading) {
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
        return NormalizedRect(x: box.x + box.width / 4, y: box.y + box.height / 4, width: box.width / 2,
                              height: box.height / 2)
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
        sayText(text, at: timestamp, category: "answer-\(question.rawValue)", into: &effects)
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
