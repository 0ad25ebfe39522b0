import BeaconCore
import Foundation

/// Opens the right source for what the user named.
public enum MediaSources {
    /// An image source for a JPEG, PNG or TIFF file (recognised by its first bytes, whatever its name), the colour frames
    /// of an RGB-D recording for a folder in the TUM layout, a video source for anything else.
    public static func open(input url: URL, imageDecoder: ImageDecoder = ImageDecoder()) throws -> any FrameSource {
        if RGBDRecording.isRecording(url) {
            return RGBDFolderSource(recording: try RGBDRecording(folder: url), decoder: imageDecoder)
        }
        return try openFile(input: url, imageDecoder: imageDecoder)
    }

    private static func openFile(input url: URL, imageDecoder: ImageDecoder) throws(MediaError) -> any FrameSource {
        let file = try InputFile(checking: url)
        if ImageFormat(sniffing: try file.prefix(ImageFormat.signatureLength)) != nil {
            return try ImageFileSource(url: url, decoder: imageDecoder)
        }
        do {
            return try VideoFileSource(url: url)
        } catch .notAVideo(let name) {
            throw .notAPhotoOrVideo(name)
        }
    }

    /// A live camera: a device path such as "/dev/video0" (or "0"), or "lavfi:GRAPH" for an FFmpeg test pattern.
    public static func openCamera(_ spec: String, width: Int? = nil, height: Int? = nil,
                                  fps: Double? = nil) throws(MediaError) -> CameraSource {
        try CameraSource(CameraSpec(parsing: spec), width: width, height: height, fps: fps)
    }
}
