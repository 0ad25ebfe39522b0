import BeaconBench
import Foundation
@testable import BeaconCore

/// Synthetic recogniser output for page-layout tests: lines of text as quads, pages, columns, and the same turned
/// by an angle the way a tilted photo shows them.
enum PageLayouts {
    /// Lines `height` tall every `pitch`, from `top` down, spanning `left…right`; every `paragraphEvery`-th line ends a
    /// paragraph (shorter, and followed by a gap of `paragraphGap`). Texts are `label` and a number counted from 0.
    static func lines(_ label: String, count: Int, left: Double, right: Double, top: Double, pitch: Double = 0.032,
                      height: Double = 0.022, paragraphEvery: Int? = nil, paragraphGap: Double = 0,
                      confidence: Double = 0.9) -> [TextLine] {
        var result: [TextLine] = []
        var y = top
        for index in 0..<count {
            let endsParagraph = paragraphEvery.map { (index + 1).isMultiple(of: $0) } ?? false
            let lineRight = endsParagraph ? left + (right - left) * 0.55 : right
            result.append(line("\(label)\(index)", x: left, y: y, width: lineRight - left, height: height,
                               confidence: confidence))
            y += pitch + (endsParagraph ? paragraphGap : 0)
        }
        return result
    }

    static func line(_ text: String, x: Double, y: Double, width: Double, height: Double = 0.022,
                     confidence: Double = 0.9) -> TextLine {
        TextLine(text: text, confidence: confidence,
                 quad: Quad(NormalizedRect(x: x, y: y, width: width, height: height)))
    }

    /// The lines as a photo turned by `degrees` (clockwise on screen) about `centre` would show them; angles are in
    /// pixels, for a frame `aspectRatio` wide for each unit of height.
    static func rotated(_ lines: [TextLine], by degrees: Double, about centre: NormalizedPoint = .centre,
                        aspectRatio: Double = 1) -> [TextLine] {
        let angle = degrees * .pi / 180, c = cos(angle), s = sin(angle)
        func turn(_ point: NormalizedPoint) -> NormalizedPoint {
            let dx = (point.x - centre.x) * aspectRatio, dy = point.y - centre.y
            return NormalizedPoint(x: centre.x + (dx * c - dy * s) / aspectRatio, y: centre.y + dx * s + dy * c)
        }
        return lines.map { line in
            var turned = line
            turned.quad = Quad(topLeft: turn(line.quad.topLeft), topRight: turn(line.quad.topRight),
                               bottomRight: turn(line.quad.bottomRight), bottomLeft: turn(line.quad.bottomLeft))
            return turned
        }
    }

    static func texts(_ lines: [TextLine]) -> [String] { lines.map(\.text) }

    /// The texts with a label's prefix, in the order given.
    static func texts(_ lines: [TextLine], labelled prefix: String) -> [String] {
        lines.map(\.text).filter { $0.hasPrefix(prefix) }
    }

    /// A fixed scramble, so tests do not depend on the order lines were made in.
    static func scrambled(_ lines: [TextLine]) -> [TextLine] {
        var generator = SplitMix64(seed: 7)
        return lines.shuffled(using: &generator)
    }
}
