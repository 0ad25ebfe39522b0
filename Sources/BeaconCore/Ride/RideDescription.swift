import Foundation

/// The car that came for the person, as they described it: "find my car, red, plate PF F 3600", "my taxi, white
/// Toyota", "моя машина, красная, номер A 123 BC". The plate is what decides; colour and kind only help choose which
/// cars to check first and reject the ones that plainly are not it.
public struct RideDescription: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case car, taxi, van, bus
    }

    /// The plate as the person gave it (its groups are how it is said back), and as compared.
    public var writtenPlate: String?
    public var plate: PlateText?
    public var colour: CarColour?
    public var kind: Kind

    public init(plate: String?, colour: CarColour? = nil, kind: Kind = .car) {
        let trimmed = plate?.trimmingCharacters(in: .whitespaces)
        writtenPlate = trimmed?.isEmpty == false ? trimmed?.uppercased() : nil
        self.plate = trimmed.flatMap(PlateText.init)
        self.colour = colour
        self.kind = kind
    }

    /// Digits as a recogniser writes them when a plate is spelled aloud.
    static let digitWords: [String: String] = [
        "zero": "0", "oh": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
        "seven": "7", "eight": "8", "nine": "9",
    ]

    /// Words that introduce the plate, in each language.
    static let plateWords: Set<String> = ["plate", "plates", "registration", "number", "номер", "номера", "车牌", "牌照", "车牌号"]
    static let kindWords: [String: Kind] = [
        "car": .car, "ride": .car, "машина": .car, "машину": .car, "автомобиль": .car, "车": .car, "汽车": .car,
        "taxi": .taxi, "cab": .taxi, "такси": .taxi, "出租车": .taxi,
        "van": .van, "minivan": .van, "фургон": .van, "面包车": .van,
        "bus": .bus, "автобус": .bus, "公交车": .bus, "巴士": .bus,
    ]

    /// The description in the words after "find my ride" (or a whole "find my car, red, plate …"): a colour word
    /// anywhere, a kind word, and everything after "plate" (spelled or not: "P F F 3 6 0 0") as the plate. Words
    /// that are neither (a make, "Toyota") are let be. nil when nothing in the words describes a ride.
    public init?(words: String) {
        var colour: CarColour?, kind = Kind.car, plate: [String] = [], inPlate = false, described = false
        let separators = CharacterSet.whitespaces.union(CharacterSet(charactersIn: ",;.!?，。；"))
        for raw in words.components(separatedBy: separators) where !raw.isEmpty {
            let word = raw.lowercased()
            if inPlate {
                // A plate spelled aloud: "three six zero zero" are digits.
                plate.append(Self.digitWords[word] ?? raw)
                continue
            }
            if let (before, rest) = Self.splitPlateWord(raw) {
                // Chinese is written without spaces: "红色车牌皖AUJ299" is a colour, then the plate.
                inPlate = true
                described = true
                if let named = CarColour(word: before) { colour = named }
                if !rest.isEmpty { plate.append(rest) }
                continue
            }
            if Self.plateWords.contains(word) {
                inPlate = true
                described = true
            } else if let named = CarColour(word: word) {
                colour = named
                described = true
            } else if let named = Self.kindWords[word] {
                kind = named
                described = true
            }
        }
        guard described else { return nil }
        self.init(plate: plate.isEmpty ? nil : plate.joined(separator: " "), colour: colour, kind: kind)
    }

    /// A word with a Chinese plate word inside: what comes before it (a colour, a kind) and the plate after it.
    private static func splitPlateWord(_ raw: String) -> (before: String, plate: String)? {
        for marker in ["车牌号", "车牌", "牌照"] {
            guard let range = raw.range(of: marker) else { continue }
            return (String(raw[..<range.lowerBound]), String(raw[range.upperBound...]))
        }
        return nil
    }
}

extension CarColour {
    /// White, the greys and black: colours without a hue, which light and shade move between.
    public var isNeutral: Bool { [.white, .grey, .black, .lightGreyOrSilver].contains(self) }
}

/// What Beacon makes of one car against the description.
public enum RideVerdict: String, Sendable, Hashable, Codable {
    /// The plate read is the one asked for (exact, look-alikes only, or one difference: see `PlateRule`).
    case match
    /// Maybe this plate, half seen: keep looking at it.
    case partial
    /// Another plate, or plainly another colour: not this car.
    case mismatch
    /// Nothing decides yet (the plate is not readable): never a match on colour alone.
    case unverified

    /// The verdict on a car from its plate reading and colour: the plate decides; a colour that cannot be the one
    /// asked for rejects a car whose plate is not readable, but a readable matching plate is believed over the colour
    /// (lighting fools colour far more than it fools a plate).
    public static func of(plate: PlateReading?, colour: CarColourReading?, wanted: RideDescription) -> RideVerdict {
        switch plate?.verdict {
        case .match?: return .match
        case .partial?: return .partial
        case .mismatch?: return .mismatch
        case nil:
            // Only a plain difference rejects: one colour against another, or a colour against white, grey or black.
            // Between white, greys and black the light decides too much (a dark grey car in shade reads black).
            if let asked = wanted.colour, let seen = colour, seen.sure, seen.share >= 0.5, !seen.colour.mayBe(asked),
               !(seen.colour.isNeutral && asked.isNeutral) { return .mismatch }
            return .unverified
        }
    }
}
