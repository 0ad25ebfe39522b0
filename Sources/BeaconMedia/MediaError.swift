import BeaconCore

/// Everything that can go wrong getting frames in, each told as one sentence that names the file or camera
/// and says what to do. Associated values are display names (a file's last path component, a camera's spec).
public enum MediaError: UserFacingError, Equatable {
    // Files of any kind.
    case fileNotFound(String)
    case isAFolder(String)
    case fileNotReadable(String)
    case emptyFile(String)

    // Still images.
    case notAnImage(String)
    case damagedImage(String)
    case unsupportedImage(String, detail: String)
    case imageTooLarge(String, width: Int, height: Int)

    // Video files.
    case notAVideo(String)
    /// From `MediaSources.open`, which accepts either.
    case notAPhotoOrVideo(String)
    case noVideoStream(String)
    case unsupportedVideo(String, codec: String)
    case truncatedVideo(String)

    // Cameras.
    case invalidCameraSpec(String)
    case noCamera(String)
    case cameraPermissionDenied(String)
    case cameraBusy(String)
    case cameraUnavailable(String)
    case cameraLost(String)
    /// A picture could not be made into a JPEG (the reason as TurboJPEG gives it).
    case cannotEncode(String)

    public var sentence: String {
        switch self {
        case .fileNotFound(let name):
            "Cannot find \(name): check the file name and folder."
        case .isAFolder(let name):
            "\(name) is a folder, not a file: name an image or video inside it."
        case .fileNotReadable(let name):
            "Cannot open \(name): check that you are allowed to read it."
        case .emptyFile(let name):
            "\(name) is empty: choose another file, or copy it again."
        case .notAnImage(let name):
            "Cannot read image \(name): it is not a JPEG, PNG or TIFF file."
        case .damagedImage(let name):
            "Cannot read image \(name): the file is damaged or cut short, so copy it again."
        case .unsupportedImage(let name, let detail):
            "Cannot read image \(name): \(detail) images are not supported, so save it as an ordinary JPEG or PNG."
        case .imageTooLarge(let name, let width, let height):
            "Image \(name) is too large at \(width) by \(height) pixels: use a smaller picture."
        case .notAVideo(let name):
            "Cannot play \(name): it is not a video file."
        case .notAPhotoOrVideo(let name):
            "Cannot open \(name): it is neither a JPEG, PNG or TIFF picture nor a video file."
        case .noVideoStream(let name):
            "\(name) has no pictures in it: choose a video file."
        case .unsupportedVideo(let name, let codec):
            "Cannot play \(name): its \(codec) video format is not supported, so convert it to H.264."
        case .truncatedVideo(let name):
            "Video \(name) is cut short or damaged: copy it again to see the rest."
        case .invalidCameraSpec(let spec):
            "Cannot understand the camera \"\(spec)\": name a device such as /dev/video0, "
                + "or a test pattern such as lavfi:testsrc2."
        case .noCamera(let device):
            "No camera at \(device): check that it is connected, or name another with --camera."
        case .cameraPermissionDenied(let device):
            "Not allowed to use the camera at \(device): add yourself to the video group and log in again."
        case .cameraBusy(let device):
            "The camera at \(device) is busy: close the other program that is using it."
        case .cameraUnavailable(let device):
            "The camera at \(device) could not be started: check that it is a camera, then plug it in again."
        case .cameraLost(let device):
            "The camera at \(device) stopped sending pictures: check its cable and start again."
        case .cannotEncode(let reason):
            "Cannot make a JPEG of the picture: \(reason)."
        }
    }
}
