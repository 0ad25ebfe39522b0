import BeaconBench
import BeaconCore

/// Runs the real detector on the real picture a simulated camera sees, caching the detections per quantized view
/// direction: a person holding still, or passing the same way twice, costs one inference per `step` degrees.
/// Detections from a cached picture are moved by the fraction of a degree between it and the actual direction.
public final class CachedViewDetector {
    public let scene: PanoramaScene
    public let renderer: SceneRenderer
    public let detector: ObjectDetector
    /// Degrees between cached directions.
    public let step: Double
    /// Pictures rendered and detected, and lookups answered from the cache.
    public private(set) var inferences = 0
    public private(set) var cacheHits = 0
    private var cache: [CellKey: (rendered: ViewDirection, detections: [Detection])] = [:]

    private struct CellKey: Hashable {
        var yaw: Int
        var pitch: Int
    }

    public init(scene: PanoramaScene, photo: Frame, detector: ObjectDetector, step: Double = 1) {
        precondition(photo.width == scene.photoWidth && photo.height == scene.photoHeight, "the scene is this photo's")
        self.scene = scene
        self.renderer = SceneRenderer(photo: photo)
        self.detector = detector
        self.step = step
    }

    /// What the detector sees with the camera pointing at `direction`.
    public func detections(at direction: ViewDirection) throws -> [Detection] {
        let key = CellKey(yaw: Int((direction.yaw / step).rounded()), pitch: Int((direction.pitch / step).rounded()))
        let cell: (rendered: ViewDirection, detections: [Detection])
        if let cached = cache[key] {
            cacheHits += 1
            cell = cached
        } else {
            let crop = scene.crop(for: ViewDirection(yaw: Double(key.yaw) * step, pitch: Double(key.pitch) * step))
            cell = (scene.direction(of: crop), try detector.detect(renderer.render(crop)))
            cache[key] = cell
            inferences += 1
        }
        return scene.moving(cell.detections, from: cell.rendered, to: direction)
    }
}
