import Testing
@testable import BeaconCore

/// Naming a proposal among a person's taught objects, on made-up embeddings whose geometry is known.
@Suite struct TaughtObjectsTests {
    /// A unit vector leaning towards axis `axis` by `lean` (cosine with that axis), the rest along axis 7.
    static func vector(_ axis: Int, lean: Float) -> [Float] {
        var vector = [Float](repeating: 0, count: 8)
        vector[axis] = lean
        vector[7] = (1 - lean * lean).squareRoot()
        return vector
    }

    static func axis(_ axis: Int) -> [Float] { vector(axis, lean: 1) }

    @Test func theNearestObjectIsNamedOnlyWhenCloseEnoughAndClearlyAhead() throws {
        let taught = TaughtObjects(views: [("keys", Self.axis(0)), ("keys", Self.vector(0, lean: 0.9)),
                                           ("wallet", Self.axis(1)), ("phone", Self.axis(2))])
        #expect(taught.objects.map(\.name) == ["keys", "wallet", "phone"])
        let keys = try #require(taught.identify(Self.vector(0, lean: 0.95)))
        #expect(keys.name == "keys" && keys.score > 0.9)
        // Nothing taught near it: none of them.
        #expect(taught.identify(Self.axis(3)) == nil)
        // Halfway between two taught things: too close to tell, so no guess.
        var between = [Float](repeating: 0, count: 8)
        between[1] = 0.7
        between[2] = 0.7
        #expect(taught.identify(between) == nil)
    }

    @Test func theNearestViewCountsAsMuchAsThePrototype() {
        // A mug taught from its front and its handle side: a new look at the handle side is still the mug.
        let front = Self.axis(0), handle = Self.axis(1)
        let taught = TaughtObjects(views: [("mug", front), ("mug", handle), ("ball", Self.axis(2))])
        #expect(taught.identify(Self.vector(1, lean: 0.9))?.name == "mug")
    }

    @Test func aThingMoreLikeThePiecesAroundItsViewsThanLikeItIsNotIt() {
        // The mug was taught held in a hand (axis 6): its views are mostly hand, a little mug (axis 0); the piece of
        // the teaching picture below it is the hand alone.
        func mixed(_ parts: [Int: Float]) -> [Float] {
            var vector = [Float](repeating: 0, count: 8)
            for (axis, value) in parts { vector[axis] = value }
            return TaughtObjects.normalised(vector)
        }
        let views = [("mug", mixed([0: 0.6, 6: 0.8]))]
        let hand = mixed([6: 1, 3: 0.3])
        let withSurroundings = TaughtObjects(views: views, surroundings: [("mug", hand), ("ball", mixed([1: 1]))])
        let withoutThem = TaughtObjects(views: views)
        // Another hand holding something else (axis 2): 0.7 against the mug's view, more against the hand.
        let otherHand = mixed([6: 0.9, 2: 0.4])
        #expect(withoutThem.identify(otherHand)?.name == "mug")
        #expect(withSurroundings.identify(otherHand) == nil)
        // The mug itself is still the mug; surroundings of a name never taught are dropped.
        #expect(withSurroundings.identify(mixed([0: 0.7, 6: 0.7]))?.name == "mug")
        #expect(withSurroundings.objects.map(\.surroundings.count) == [1])
    }

    /// Two phones taught in the same hand: their views are mostly hand (axis 6), so a look at one of them is within
    /// 0.075 of both on raw cosines; with the hand (the backdrop of the teaching pictures) taken away, they differ.
    @Test func lookAlikesTaughtInOneHandAreToldApartOnceTheHandIsTakenAway() throws {
        func mixed(_ parts: [Int: Float]) -> [Float] {
            var vector = [Float](repeating: 0, count: 8)
            for (axis, value) in parts { vector[axis] = value }
            return TaughtObjects.normalised(vector)
        }
        let views = [("nokia", mixed([6: 1, 0: 0.5])), ("sony", mixed([6: 1, 1: 0.5]))]
        let hand = [("nokia", mixed([6: 1, 3: 0.3])), ("sony", mixed([6: 1, 3: 0.3]))]
        let nokia = mixed([6: 1, 0: 0.35, 1: 0.2])
        let raw = views.map { TaughtObjects.cosine($0.1, nokia) }
        #expect(raw[0] - raw[1] > 0.035 && raw[0] - raw[1] < 0.075, "\(raw)")

        #expect(TaughtObjects(views: views).identify(nokia) == nil, "on raw cosines, too close to tell")
        let named = try #require(TaughtObjects(views: views, surroundings: hand).identify(nokia))
        #expect(named.name == "nokia" && named.margin > 0.2, "\(named)")
        // Still not a guess: a look as like both of them names neither; nor does one clear of the other once the hand
        // is taken away (0.08) but barely ahead on raw cosines (0.02, under `rawMargin`).
        #expect(TaughtObjects(views: views, surroundings: hand).identify(mixed([6: 1, 0: 0.3, 1: 0.3])) == nil)
        let barely = mixed([6: 1, 0: 0.3, 1: 0.25])
        var lenient = TaughtObjects.Configuration()
        lenient.rawMargin = 0
        #expect(TaughtObjects(views: views, surroundings: hand).identify(barely) == nil)
        #expect(TaughtObjects(views: views, surroundings: hand, configuration: lenient).identify(barely)?.name == "nokia")
    }

    @Test func theSurroundingsOfAViewAreTheNinthsOfThePictureThatAreNotIt() {
        let third = 1.0 / 3
        // A thing filling the middle ninth: the eight around it.
        let middle = TeachingView.surroundingRegions(around: NormalizedRect(x: third, y: third, width: third, height: third))
        #expect(middle.count == 8)
        #expect(!middle.contains { abs($0.midX - 0.5) < 1e-9 && abs($0.midY - 0.5) < 1e-9 })
        // A thing filling a ninth and a half: the ninth it mostly fills is it; the half-covered one is a piece of it.
        let wider = TeachingView.surroundingRegions(around: NormalizedRect(x: third, y: third, width: 0.45, height: third))
        #expect(wider.count == 8)
        // A thing filling the left half: no ninth is more than a piece of it, so all nine are kept.
        #expect(TeachingView.surroundingRegions(around: NormalizedRect(x: 0, y: 0, width: 0.5, height: 1)).count == 9)
    }

    @Test func aProposalMustStandOutFromTheRestOfItsPicture() throws {
        // Every proposal of the picture shares a large common part (axis 6, "a hand holding something"); the keys'
        // views share it too. Raw cosines are all high, so only what remains once the picture's mean is taken away
        // tells the keys from the rest.
        func mixed(_ parts: [Int: Float]) -> [Float] {
            var vector = [Float](repeating: 0, count: 8)
            for (axis, value) in parts { vector[axis] = value }
            return TaughtObjects.normalised(vector)
        }
        let taught = TaughtObjects(views: [("keys", mixed([0: 0.6, 6: 0.8])), ("keys", mixed([0: 0.5, 6: 0.8, 7: 0.3]))])
        let keys = mixed([0: 0.6, 6: 0.8]), other = mixed([1: 0.6, 6: 0.8]), another = mixed([2: 0.6, 6: 0.8])
        // Alone, a thing that is not the keys passes on what it shares with them.
        #expect(taught.identify(other) != nil)
        let named = taught.identify(proposals: [other, keys, another])
        #expect(named[0] == nil && named[2] == nil)
        let found = try #require(named[1])
        #expect(found.name == "keys" && (found.contrast ?? 0) >= taught.configuration.contrast)
        // A picture of one thing only (every proposal alike) has nothing to stand out from.
        #expect(taught.identify(proposals: [other, other]).allSatisfy { $0 == nil })
        // One proposal is judged alone.
        #expect(taught.identify(proposals: [keys]).first??.name == "keys")
    }

    @Test func severalFramesMustAgreeInOnePlace() {
        var agreement = TaughtAgreement(window: 5, needed: 3)
        let here = NormalizedRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
        let there = NormalizedRect(x: 0.0, y: 0.0, width: 0.2, height: 0.2)
        #expect(agreement.add([("keys", here)]).isEmpty)
        #expect(agreement.add([("keys", there)]).isEmpty)
        #expect(agreement.add([]).isEmpty)
        #expect(agreement.add([("keys", here)]).isEmpty, "two sightings here, one elsewhere")
        #expect(agreement.add([("keys", here)]).map(\.name) == ["keys"])
    }

    @Test func proposalsAreTheDetectorsBoxesAndAFewWindowsWhereItSawNothing() {
        let cup = Detection(classIndex: 41, label: "cup", confidence: 0.3, box: NormalizedRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2))
        let faint = Detection(classIndex: 0, label: "book", confidence: 0.05, box: NormalizedRect(x: 0, y: 0, width: 0.1, height: 0.1))
        let proposals = TaughtProposals().proposals(detections: [faint, cup], aspect: 4.0 / 3)
        #expect(proposals.first == cup.box)
        #expect(!proposals.contains(faint.box))
        #expect(proposals.count == 1 + TaughtProposals().maximumWindows)
        #expect(proposals.dropFirst().allSatisfy { $0.iou(cup.box) < 0.3 })
        // A box over most of the picture (the table) is not looked at.
        let table = Detection(classIndex: 60, label: "dining table", confidence: 0.8, box: NormalizedRect(x: 0, y: 0.2, width: 1, height: 0.8))
        let withIt = TaughtProposals().proposals(detections: [table, cup], aspect: 4.0 / 3)
        #expect(withIt.first == cup.box && !withIt.contains(table.box))
    }

    @Test func aStillPictureIsAlsoLookedAtInTilesThatAreItsReference() {
        let cup = Detection(classIndex: 41, label: "cup", confidence: 0.3, box: NormalizedRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2))
        // A 1600×1069 photo: tiles of 214 pixels, 7 across and 5 down, edge to edge, the grid centred.
        let plan = TaughtProposals.still.plan(detections: [cup], width: 1600, height: 1069)
        #expect(plan.reference.count == 35)
        #expect(plan.proposals == [cup.box] + plan.reference)
        let first = plan.reference[0], last = plan.reference[34]
        #expect(abs(first.width * 1600 - 213.8) < 0.1 && abs(first.height - 0.2) < 1e-9)
        #expect(abs(first.x - (1 - last.maxX)) < 1e-9 && abs(first.y) < 1e-9 && abs(last.maxY - 1) < 1e-9)
        // A smaller picture would need tiles blown up many times: it is looked at as a live frame of its size.
        let small = TaughtProposals.still.plan(detections: [cup], width: 128, height: 128)
        #expect(small.reference.isEmpty)
        #expect(small.proposals == TaughtProposals().proposals(detections: [cup], aspect: 1))
        #expect(TaughtProposals.still.plan(detections: [cup], width: 640, height: 480) == TaughtProposals().plan(detections: [cup], width: 640, height: 480))
        // A live frame has no tiles, whatever its size.
        #expect(!TaughtProposals().plan(detections: [cup], width: 1600, height: 1069).proposals.contains(first))
    }

    @Test func aLiveViewOfARoomLooksAtMoreBoxesAndIsJudgedAgainstItsQuarters() {
        let faint = (0..<16).map { index in
            Detection(classIndex: 67, label: "cell phone", confidence: 0.5 - Double(index) * 0.02,
                      box: NormalizedRect(x: Double(index) * 0.06, y: 0.1, width: 0.05, height: 0.1))
        }
        // A camera's 640×480 view of a room: fifteen of the detector's boxes, two windows, and the four quarters
        // last, which are the reference.
        let room = TaughtProposals().plan(detections: faint, width: 640, height: 480)
        let quarters = [(0.0, 0.0), (0.5, 0.0), (0.0, 0.5), (0.5, 0.5)].map { NormalizedRect(x: $0.0, y: $0.1, width: 0.5, height: 0.5) }
        #expect(room.reference == quarters)
        #expect(Array(room.proposals.prefix(15)) == faint.prefix(15).map(\.box))
        #expect(room.proposals.count == 15 + TaughtProposals().maximumWindows + 4)
        #expect(Array(room.proposals.suffix(4)) == quarters)
        // A small close-up keeps seven boxes and its proposals' own mean.
        let closeUp = TaughtProposals().plan(detections: faint, width: 128, height: 128)
        #expect(closeUp.reference.isEmpty)
        #expect(closeUp.proposals.count == 7 + TaughtProposals().maximumWindows)
    }

    @Test func theContrastIsTakenFromTheReferenceWhenThereIsOne() {
        func mixed(_ parts: [Int: Float]) -> [Float] {
            var vector = [Float](repeating: 0, count: 8)
            for (axis, value) in parts { vector[axis] = value }
            return TaughtObjects.normalised(vector)
        }
        let taught = TaughtObjects(views: [("keys", mixed([0: 0.6, 6: 0.8])), ("keys", mixed([0: 0.5, 6: 0.8, 7: 0.3]))])
        let keys = mixed([0: 0.6, 6: 0.8])
        // Two proposals both of the keys have nothing to stand out from among themselves…
        #expect(taught.identify(proposals: [keys, keys]).allSatisfy { $0 == nil })
        // …but do from the picture's background (the shelf, axis 5, and what all of it shares, axis 6) when the
        // detector's other boxes are other things (a cup, axis 1; a book, axis 2). The tiles are the reference, not
        // named: only the proposals get an answer.
        let shelf = mixed([5: 0.6, 6: 0.8])
        let tiles = [shelf, shelf, mixed([5: 0.5, 6: 0.8, 4: 0.3])]
        let room = taught.identify(proposals: [mixed([1: 0.6, 6: 0.8]), keys, mixed([2: 0.6, 6: 0.8])], reference: tiles)
        #expect(room.map { $0?.name } == [nil, "keys", nil])
        // A tile that is the keys (the corner of a picture, say) is still not named: a tile is not a thing.
        #expect(taught.identify(proposals: [mixed([1: 0.6, 6: 0.8])], reference: tiles + [keys]).allSatisfy { $0 == nil })
        // Held up close, every box is of the one thing: it stands out from the wall behind it whatever it is, but
        // not from its own boxes, and a look-alike held up is not taken for the keys.
        #expect(taught.identify(proposals: [keys, keys], reference: tiles).allSatisfy { $0 == nil })
    }
}

/// The colours of a region: a kernel-weighted hue–saturation histogram compared by the Bhattacharyya coefficient.
@Suite struct TaughtColourSignatureTests {
    /// A picture of `width`×`height` in one colour, with a `inner` square of another colour in its middle third.
    static func frame(_ outer: (UInt8, UInt8, UInt8), inner: (UInt8, UInt8, UInt8), side: Int = 90) -> Frame {
        var rgb = [UInt8](repeating: 0, count: side * side * 3)
        for y in 0..<side {
            for x in 0..<side {
                let middle = (side / 3..<2 * side / 3).contains(x) && (side / 3..<2 * side / 3).contains(y)
                let colour = middle ? inner : outer
                rgb[(y * side + x) * 3] = colour.0
                rgb[(y * side + x) * 3 + 1] = colour.1
                rgb[(y * side + x) * 3 + 2] = colour.2
            }
        }
        return Frame(width: side, height: side, rgb: rgb)
    }

    static let whole = NormalizedRect(x: 0, y: 0, width: 1, height: 1)

    @Test func hueTellsAPinkThingFromAYellowOneAndBrightnessDoesNot() {
        let pink = ColourSignature(of: Self.whole, in: Self.frame((235, 80, 160), inner: (235, 80, 160)))
        let dimPink = ColourSignature(of: Self.whole, in: Self.frame((150, 51, 102), inner: (150, 51, 102)))
        let yellow = ColourSignature(of: Self.whole, in: Self.frame((240, 220, 40), inner: (240, 220, 40)))
        #expect(pink.bins.reduce(0, +) > 0.999)
        #expect(pink.similarity(dimPink) > 0.99, "the same colour in a dimmer light (each channel × 0.64)")
        #expect(pink.similarity(yellow) < 0.01)
        // Grey and black have bins of their own: a grey phone is not a red one.
        let grey = ColourSignature(of: Self.whole, in: Self.frame((128, 128, 130), inner: (128, 128, 130)))
        let red = ColourSignature(of: Self.whole, in: Self.frame((200, 30, 30), inner: (200, 30, 30)))
        #expect(grey.similarity(red) < 0.01)
    }

    @Test func theMiddleOfARegionCountsMoreThanItsEdges() {
        // A red thing in the middle third, a white wall round it: unweighted, the wall would be 8 of 9 parts.
        let picture = Self.frame((250, 250, 250), inner: (200, 30, 30))
        let signature = ColourSignature(of: Self.whole, in: picture)
        let red = ColourSignature.bin(200, 30, 30), white = ColourSignature.bin(250, 250, 250)
        #expect(signature.bins[red] > 1.0 / 9 + 0.1, "\(signature.bins[red])")
        #expect(signature.bins[red] + signature.bins[white] > 0.999)
        // Regions past the picture are clamped, and an empty one has no colours.
        #expect(ColourSignature(of: NormalizedRect(x: 1.2, y: 0, width: 0.3, height: 1), in: picture).bins.allSatisfy { $0 == 0 })
    }

    @Test func colourDecidesBetweenLookAlikesOnlyWhenWeighted() {
        // Two phones whose embeddings are the same (the kind), one red and one grey.
        let red = ColourSignature(of: Self.whole, in: Self.frame((200, 30, 30), inner: (200, 30, 30)))
        let grey = ColourSignature(of: Self.whole, in: Self.frame((128, 128, 130), inner: (128, 128, 130)))
        let phone = TaughtObjectsTests.vector(0, lean: 0.9), other = TaughtObjectsTests.vector(0, lean: 0.85)
        let views = [("red phone", phone), ("grey phone", other)]
        let colours = [("red phone", red), ("grey phone", grey)]
        let plain = TaughtObjects(views: views, colours: colours)
        #expect(plain.identify(phone, colour: red) == nil, "off by default: the embeddings alone are too close")
        var configuration = TaughtObjects.Configuration()
        configuration.colourWeight = 0.2
        let weighted = TaughtObjects(views: views, colours: colours, configuration: configuration)
        #expect(weighted.identify(phone, colour: red)?.name == "red phone")
        #expect(weighted.identify(phone, colour: grey)?.name == "grey phone")
        // A thing without colours kept: the cue is not used at all, rather than one side always losing.
        let unpainted = TaughtObjects(views: views, colours: [("red phone", red)], configuration: configuration)
        #expect(unpainted.identify(phone, colour: grey) == nil)
        configuration.colourFloor = 0.5
        #expect(TaughtObjects(views: [("red phone", phone)], colours: [("red phone", red)], configuration: configuration)
            .identify(phone, colour: grey) == nil, "a grey region is not the red phone")
    }
}
