import BeaconCore

/// What can go wrong reading recorded depth, each told as one sentence that names the file or folder.
public enum DepthInputError: UserFacingError, Equatable {
    case notSixteenBit(String)
    case colourNotDepth(String)
    case sizeMismatch(String, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    case notARecording(String, missing: String)
    case unreadableList(String, line: Int)
    case emptyList(String)
    case noDepthFrame(String, timestamp: Double)
    case missingDepthFile(String, folder: String)
    case badScale(String)

    public var sentence: String {
        switch self {
        case .notSixteenBit(let name):
            "Depth image \(name) has 8 bits a pixel: depth must be a 16-bit grey PNG."
        case .colourNotDepth(let name):
            "Depth image \(name) is a colour picture: depth must be a 16-bit grey PNG."
        case let .sizeMismatch(name, width, height, expectedWidth, expectedHeight):
            "Depth image \(name) is \(width) by \(height) pixels but its colour frame is \(expectedWidth) by \(expectedHeight): record both at one size."
        case let .notARecording(folder, missing):
            "Folder \(folder) is not an RGB-D recording: it has no \(missing) (the TUM RGB-D layout: rgb.txt, depth.txt, rgb/, depth/)."
        case let .unreadableList(file, line):
            "Line \(line) of \(file) is not \"timestamp filename\": fix or remove it."
        case .emptyList(let file):
            "\(file) lists no frames: the recording is empty."
        case let .noDepthFrame(folder, timestamp):
            "No depth frame within 20 ms of colour frame \(String(format: "%.3f", timestamp)) in \(folder): check depth.txt."
        case let .missingDepthFile(file, folder):
            "Depth frame \(file) is listed but missing from \(folder): copy the recording again."
        case .badScale(let text):
            "Depth scale \(text) is not a number of units per metre, such as 1000 for millimetres."
        }
    }
}
