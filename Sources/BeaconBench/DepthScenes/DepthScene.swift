import BeaconCore
import Foundation

/// A room made of boxes, for depth pictures made from geometry: floors, walls, doorways and stairs are all
/// axis-aligned boxes. Coordinates in metres: `x` to the right, `y` up from the floor the person stands on, `z`
/// ahead along the way they walk.
public struct DepthScene: Sendable, Hashable {
    public struct Box: Sendable, Hashable {
        public var min: SIMD3<Double>
        public var max: SIMD3<Double>

        public init(x: ClosedRange<Double>, y: ClosedRange<Double>, z: ClosedRange<Double>) {
            min = SIMD3(x.lowerBound, y.lowerBound, z.lowerBound)
            max = SIMD3(x.upperBound, y.upperBound, z.upperBound)
        }

        /// The ray parameter where `origin + t·direction` first enters the box (t > 0), if it does (slab test).
        func entry(origin: SIMD3<Double>, direction: SIMD3<Double>) -> Double? {
            var near = -Double.infinity, far = Double.infinity
            // Scalar slabs, axis by axis: SIMD subscripts are slow in debug builds, where the tests run.
            func slab(_ o: Double, _ d: Double, _ low: Double, _ high: Double) -> Bool {
                if abs(d) < 1e-12 { return o >= low && o <= high }
                var t0 = (low - o) / d, t1 = (high - o) / d
                if t0 > t1 { swap(&t0, &t1) }
                near = Swift.max(near, t0)
                far = Swift.min(far, t1)
                return near <= far
            }
            guard slab(origin.x, direction.x, min.x, max.x), slab(origin.y, direction.y, min.y, max.y),
                  slab(origin.z, direction.z, min.z, max.z) else { return nil }
            // A camera inside a box sees nothing of it.
            return near > 1e-9 ? near : nil
        }
    }

    public var boxes: [Box]

    public init(boxes: [Box]) {
        self.boxes = boxes
    }

    /// The ground the person walks on, reaching `until` metres ahead (a floor that goes on, by default).
    public static func floor(until: Double = 60) -> Box {
        Box(x: -60...60, y: -1...0, z: -60...until)
    }

    /// A flat floor and nothing else.
    public static let flatFloor = DepthScene(boxes: [floor()])

    /// A wall across the way, its near face `distance` metres ahead.
    public static func wall(at distance: Double) -> DepthScene {
        DepthScene(boxes: [floor(), Box(x: -30...30, y: 0...3, z: distance...(distance + 0.2))])
    }

    /// A wall `distance` ahead with a door opening `width` wide and `height` high, centred on the way.
    public static func doorway(at distance: Double, width: Double = 0.9, height: Double = 2.05) -> DepthScene {
        let depth = distance...(distance + 0.2), half = width / 2
        return DepthScene(boxes: [
            floor(),
            Box(x: -30...(-half), y: 0...3, z: depth),
            Box(x: half...30, y: 0...3, z: depth),
            Box(x: -half...half, y: height...3, z: depth),
        ])
    }

    /// Stairs starting `distance` ahead: `steps` steps of `rise` and `going` metres, then a landing.
    public static func stairs(_ direction: StairDirection, at distance: Double, steps: Int = 8, rise: Double = 0.17,
                              going: Double = 0.28, width: Double = 1.2) -> DepthScene {
        let half = width / 2
        var boxes: [Box] = []
        switch direction {
        case .up:
            // Walls beside the flight, as in most buildings; the floor goes on under the stairs.
            boxes.append(floor())
            for step in 1...steps {
                let start = distance + Double(step - 1) * going
                boxes.append(Box(x: -half...half, y: 0...(Double(step) * rise), z: start...(distance + Double(steps) * going + 3)))
            }
        case .down:
            boxes.append(floor(until: distance))
            // The sides of the well are floor at the upper level, so only the flight itself goes down.
            boxes.append(Box(x: -60...(-half), y: -1...0, z: distance...60))
            boxes.append(Box(x: half...60, y: -1...0, z: distance...60))
            for step in 1...steps {
                let start = distance + Double(step - 1) * going
                let end = step == steps ? distance + Double(steps) * going + 3 : start + going
                boxes.append(Box(x: -half...half, y: (-Double(steps) * rise - 1)...(-Double(step) * rise), z: start...end))
            }
        }
        return DepthScene(boxes: boxes)
    }
}

/// Renders depth maps of a `DepthScene` as a depth camera would see them: distance along the optical axis per pixel,
/// with a little noise, a few holes, and no reading beyond the sensor's range.
public struct DepthRenderer: Sendable {
    public var width: Int
    public var height: Int
    public var pose: CameraPose
    /// Relative noise (standard deviation as a share of the depth), like a structured-light sensor's.
    public var noise: Double
    /// Share of pixels with no reading.
    public var holes: Double
    /// No reading beyond this many metres.
    public var range: Double

    public init(width: Int = 160, height: Int = 120, pose: CameraPose = CameraPose(), noise: Double = 0.01,
                holes: Double = 0.02, range: Double = 10) {
        self.width = width
        self.height = height
        self.pose = pose
        self.noise = noise
        self.holes = holes
        self.range = range
    }

    /// The depth map seen from `position` metres along the way (sideways `x`), at `timestamp`.
    public func render(_ scene: DepthScene, ahead position: Double = 0, x: Double = 0, timestamp: Double = 0,
                       generator: inout SplitMix64) -> DepthMap {
        let rays = DepthRays(width: width, height: height, pose: pose)
        let origin = SIMD3(x, pose.height, position)
        var metres = [Float](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width {
                // Pixel ray (xₙ, yₙ, 1) in the room: t along it is exactly the depth along the optical axis.
                let direction = SIMD3(Double(rays.side[column]), -Double(rays.down[row]), Double(rays.ahead[row]))
                var nearest = Double.infinity
                for box in scene.boxes {
                    if let t = box.entry(origin: origin, direction: direction), t < nearest { nearest = t }
                }
                guard nearest.isFinite, nearest > 0, nearest <= range else { continue }
                if holes > 0, Double.random(in: 0..<1, using: &generator) < holes { continue }
                let noisy = nearest * (1 + noise * Self.gaussian(using: &generator))
                metres[row * width + column] = Float(max(0.01, noisy))
            }
        }
        return DepthMap(width: width, height: height, metres: metres, timestamp: timestamp)
    }

    /// A clean depth map as the sensor would give it: noise, holes and the range limit applied. Lets a sequence
    /// that sees the same geometry every frame be cast once and made noisy per frame.
    public func sensed(_ clean: DepthMap, timestamp: Double, generator: inout SplitMix64) -> DepthMap {
        var metres = clean.metres
        for index in metres.indices {
            let z = Double(metres[index])
            guard z > 0, z <= range else {
                metres[index] = 0
                continue
            }
            if holes > 0, Double.random(in: 0..<1, using: &generator) < holes {
                metres[index] = 0
                continue
            }
            metres[index] = Float(max(0.01, z * (1 + noise * Self.gaussian(using: &generator))))
        }
        return DepthMap(width: clean.width, height: clean.height, metres: metres, timestamp: timestamp)
    }

    static func gaussian(using generator: inout SplitMix64) -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &generator), v = Double.random(in: 0..<1, using: &generator)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
