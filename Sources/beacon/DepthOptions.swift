import ArgumentParser
import BeaconRuntime

/// How depth is read: which model estimates it from colour, and what unit a depth camera's PNGs are in.
struct DepthOptions: ParsableArguments {
    @Option(help: "Depth model: a model name (fast_depth_224_int8) or the path of an .onnx file.")
    var depthModel = DepthSettings.defaultModel

    @Option(help: ArgumentHelp(
        "Units per metre in recorded 16-bit depth PNGs (default: 1000, millimetres).",
        discussion: "Without it: a '# depth_scale: N' comment in depth.txt, 5000 for the TUM benchmark's own recordings (named in depth.txt's header), else millimetres."))
    var depthScale: Double?

    @Option(help: "Threads for the depth model (0: one per core).")
    var depthThreads = 0

    func validate() throws {
        if let depthScale, !(depthScale > 0 && depthScale.isFinite) {
            throw ValidationError("--depth-scale must be a positive number of units per metre, such as 1000.")
        }
        guard depthThreads >= 0 else { throw ValidationError("--depth-threads must be 0 or more.") }
    }

    var settings: DepthSettings { DepthSettings(model: depthModel, threads: depthThreads, unitsPerMetre: depthScale) }
}
