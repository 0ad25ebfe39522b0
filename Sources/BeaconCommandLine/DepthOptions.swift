import ArgumentParser
import BeaconRuntime

/// How depth is read: which model estimates it from colour, and what unit a depth camera's PNGs are in.
public struct DepthOptions: ParsableArguments {
    public init() {}

    @Option(help: "Depth model: a model name (fast_depth_224_int8) or the path of an .onnx file.")
    public var depthModel = DepthSettings.defaultModel

    @Option(help: ArgumentHelp(
        "Units per metre in recorded 16-bit depth PNGs (default: 1000, millimetres).",
        discussion: "Without it: a '# depth_scale: N' comment in depth.txt, 5000 for the TUM benchmark's own recordings (named in depth.txt's header), else millimetres."))
    public var depthScale: Double?

    @Option(help: "Threads for the depth model (0: one per core).")
    public var depthThreads = 0

    public func validate() throws {
        if let depthScale, !(depthScale > 0 && depthScale.isFinite) {
            throw ValidationError("--depth-scale must be a positive number of units per metre, such as 1000.")
        }
        guard depthThreads >= 0 else { throw ValidationError("--depth-threads must be 0 or more.") }
    }

    public var settings: DepthSettings { DepthSettings(model: depthModel, threads: depthThreads, unitsPerMetre: depthScale) }
}
