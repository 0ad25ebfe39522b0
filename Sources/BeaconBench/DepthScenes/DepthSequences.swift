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

    /// A wall approached at walking pace (1.2 m/s) from `from` metres until `until` metres before it.
    public static func wallApproach(renderer: DepthRenderer, from: Double = 5, until: Double = 0.3, speed: Double = 1.2,
                                    rate: Double = 15, startTime: Double = 0, seed: UInt64 = 1) -> [Frame] {
        let frames = Int(((from - until) / speed * rate).rounded(.down)) + 1
        return walk(.wall(at: from), renderer: renderer, speed: speed, frames: frames, rate: rate, startTime: startTime,
                    seed: seed)
    }
}
