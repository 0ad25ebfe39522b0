import Foundation
import Testing
@testable import BeaconCore

@Suite struct SizePriorTests {
    let priors = SizePriors.standard

    /// A box of the height a pinhole camera with a 45° vertical view gives `metres` at `distance`, in the middle.
    func upright(_ metres: Double, at distance: Double, width: Double = 0.1) -> NormalizedRect {
        let height = SceneStreams.fraction(metres, at: distance, fieldOfView: 45)
        return NormalizedRect(x: 0.5 - width / 2, y: 0.5 - height / 2, width: width, height: height)
    }

    @Test("an uncut box's height gives the distance back", arguments: [
        ("person", 1.7, 3.0, 3.0), ("person", 1.7, 2.2, 2.0), ("person", 1.7, 2.3, 2.5), ("car", 1.5, 10, 10),
        ("chair", 0.9, 1.4, 1.5), ("cup", 0.1, 0.6, 0.5), ("bus", 3.0, 7.4, 7),
    ])
    func knownGeometry(label: String, metres: Double, distance: Double, said: Double) throws {
        let estimate = try #require(priors.distance(of: upright(metres, at: distance), label: label))
        #expect(abs(estimate.unroundedMetres - distance) < 1e-9, "\(label): \(estimate)")
        #expect(estimate.kind == .about)
        #expect(estimate.metres == said, "\(label) at \(distance) m said as \(estimate.metres)")
    }

    @Test func roundingIsHalfMetresBelowThreeAndWholeMetresBeyond() {
        let said = [0.1, 0.74, 0.76, 2.74, 2.76, 3.4, 12.6].map { DistanceEstimate(unroundedMetres: $0, kind: .about).metres }
        #expect(said == [0.5, 0.5, 1.0, 2.5, 3.0, 3.0, 13])
        // A bound is rounded up, so it stays a bound.
        #expect(DistanceEstimate(unroundedMetres: 2.1, kind: .atMost).metres == 2.5)
        #expect(DistanceEstimate(unroundedMetres: 3.2, kind: .atMost).metres == 4)
    }

    @Test func aWidthServesRoundThingsAndTheHorizontalFieldOfView() throws {
        // A bowl 0.16 m across, 1 m away, in a 60° wide picture.
        let width = SceneStreams.fraction(0.16, at: 1, fieldOfView: 60)
        let bowl = NormalizedRect(x: 0.4, y: 0.6, width: width, height: 0.05)
        #expect(try #require(priors.distance(of: bowl, label: "bowl")).unroundedMetres.isApproximately(1))
        // A wider lens sees the same box as nearer.
        let wide = try #require(priors.distance(of: bowl, label: "bowl", horizontalFieldOfView: 90))
        #expect(wide.unroundedMetres.isApproximately(tan(30 * Double.pi / 180) / tan(45 * Double.pi / 180)))
    }

    @Test func aBoxCutByTheEdgeGivesAnUpperBoundOrNothing() throws {
        // A person cut off at the bottom, 0.8 of the picture showing: at most 1.7 / (0.83 · 0.8) ≈ 2.6 m.
        let cut = NormalizedRect(x: 0.4, y: 0.2, width: 0.2, height: 0.8)
        let bound = try #require(priors.distance(of: cut, label: "person"))
        #expect(bound.kind == .atMost)
        #expect(bound.unroundedMetres.isApproximately(1.7 / (0.8 * 2 * tan(22.5 * Double.pi / 180))))
        #expect(bound.metres == 3)
        // A sliver at the edge bounds nothing useful.
        #expect(priors.distance(of: NormalizedRect(x: 0.4, y: 0.7, width: 0.1, height: 0.3), label: "person") == nil)
        // A tv cut at the top but whole across still has its width: 1 m filling 0.3 of 60° is about 2.9 m.
        let tv = try #require(priors.distance(of: NormalizedRect(x: 0.3, y: 0, width: 0.3, height: 0.4), label: "tv"))
        #expect(tv.kind == .about && tv.metres == 3)
        // A car filling the picture from top to bottom: its height bounds it tighter than its length.
        let car = try #require(priors.distance(of: NormalizedRect(x: 0.05, y: 0, width: 0.9, height: 1), label: "car"))
        #expect(car.kind == .atMost && car.unroundedMetres.isApproximately(1.5 / (2 * tan(22.5 * Double.pi / 180))))
        // A fork only ever gives a bound: it looks at most 0.19 m long.
        let fork = try #require(priors.distance(of: NormalizedRect(x: 0.5, y: 0.5, width: 0.1, height: 0.02), label: "fork"))
        #expect(fork.kind == .atMost)
    }

    @Test func unknownLabelsUseTheDefaultAndEmptyBoxesSayNothing() throws {
        let box = upright(0.5, at: 2)
        #expect(try #require(priors.distance(of: box, label: "lamp post")).unroundedMetres.isApproximately(2))
        #expect(priors.distance(of: NormalizedRect(x: 0.5, y: 0.5, width: 0, height: 0.2), label: "person") == nil)
        #expect(priors.distance(of: NormalizedRect(x: 1.2, y: 0.5, width: 0.1, height: 0.2), label: "person") == nil)
    }

    @Test func everyCOCOClassHasASize() {
        #expect(ObjectVocabulary.coco.allSatisfy { priors.sizes[$0] != nil })
        #expect(priors.sizes.values.allSatisfy { $0.height != nil || $0.width != nil || $0.length != nil })
    }
}

extension Double {
    func isApproximately(_ other: Double, tolerance: Double = 1e-9) -> Bool { abs(self - other) <= tolerance }
}
