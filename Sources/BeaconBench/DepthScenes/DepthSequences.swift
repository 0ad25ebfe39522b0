import BeaconCore

/// Depth sequences for walk mode, made from geometry: what a chest-worn depth camera sees while its wearer walks.
public enum DepthSequences {
    /// One frame of a sequence: the depth map and where the camera was (metres along the way).
    public struct Frame: Sendable {
        public var map: DepthMap
        public var position: Double
        public var timestamp: Double { map.timestamp }
    }

    /// Walking at `speed` m/s from `start` metres along the way for `frames` frames at `rate` per second.
    public static func walk(_ scene: DepthScene, renderer: DepthRenderer, from start: Double = 0, speed: Double = 1.2,
                            frames: Int, rate: Double = 15, startTime: Double = 0, seed: UInt64 = 1) -> [Frame] {
        var generator = SplitMix64(seed: seed)
        return (0..<frames).map { index in
            let time = startTime + Double(index) / rate
            let position = start + speed * Double(index) / rate
            return Frame(map: renderer.render(scene, ahead: position, timestamp: time, generator: &generator),
                         position: position)
        }
    }

    /// A camera that sees the same geometry in every frame (standing still, or walking over a floor that looks the
    /// same from everywhere on it), with fresh noise and holes each frame: cast once, so long sequences are cheap.
    public static func still(_ scene: DepthScene, renderer: DepthRenderer, at position: Double = 0, frames: Int,
                             rate: Double = 15, startTime: Double = 0, seed: UInt64 = 1) -> [Frame] {
        var clean = renderer
        clean.noise = 0
        clean.holes = 0
        clean.range = .infinity
        var generator = SplitMix64(seed: seed)
        let map = clean.render(scene, ahead: position, generator: &generator)
        return (0..<frames).map { index in
            let time = startTime + Double(index) / rate
            return Frame(map: renderer.sensed(map, timestamp: time, generator: &generator), position: position)
        }
    }

    /// A wall approached at walking pace (1.2 m/s) from `from` metres until `until` metres before it.
    public static func wallApproach(renderer: DepthRenderer, from: Double = 5, until: Double = 0.3, speed: Double = 1.2,
                                    rate: Double = 15, startTime: Double = 0, seed: UInt64 = 1) -> [Frame] {
        let frames = Int(((from - until) / speed * rate).rounded(.down)) + 1
        return walk(.wall(at: from), renderer: renderer, speed: speed, frames: frames, rate: rate, startTime: startTime,
                    seed: seed)
    }
}
