import BeaconCore
import Foundation

/// A live camera as a source, captured through FFmpeg's device layer on its own thread.
///
/// `nextFrame()` returns the newest picture, waiting for one newer than the last it returned; pictures the consumer
/// was too slow for are dropped, so their indexes and timestamps skip ahead. Indexes count every picture the
/// camera delivered, timestamps are seconds since its first.
public final class CameraSource: LiveFrameSource {
    public let name: String
    /// The camera as sentences name it, e.g. "/dev/video0".
    public let device: String
    /// How long `nextFrame()` waits for a new picture before deciding the camera has stopped.
    public var stallTimeout: Double = 5

    private let capture: CameraCapture
    private var isClosed = false

    /// Opens the camera and starts capturing. `width`, `height` and `fps` are requests: a device may choose the
    /// nearest it supports.
    public init(_ spec: CameraSpec, width: Int? = nil, height: Int? = nil, fps: Double? = nil) throws(MediaError) {
        device = spec.displayName
        name = "camera \(spec.displayName)"
        if case .device(let path) = spec, !FileManager.default.fileExists(atPath: path) { throw .noCamera(path) }
        let decoder: FFmpegVideoDecoder
        do {
            decoder = try FFmpegVideoDecoder(spec.input(width: width, height: height, fps: fps))
        } catch {
            throw Self.mediaError(for: error, spec: spec)
        }
        capture = CameraCapture(decoder: decoder, device: spec.displayName)
        capture.start()
    }

    deinit { close() }

    public func nextFrame() throws(MediaError) -> Frame? {
        if isClosed { return nil }
        switch capture.slot.take(timeout: stallTimeout) {
        case .value(let frame):
            return frame
        case .ended(let error):
            // Like a file, an ended camera reports its failure once and is over after that.
            close()
            if let error { throw error }
            return nil
        case .timedOut:
            close()
            throw .cameraLost(device)
        }
    }

    /// Stops capturing and releases the device; `nextFrame()` returns nil from then on.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        capture.stop(timeout: 2)
    }

    private static func mediaError(for failure: FFmpegOpenFailure, spec: CameraSpec) -> MediaError {
        let device = spec.displayName
        // A filter graph that does not open is a mistake in the spec, whatever FFmpeg's reason.
        if case .filterGraph = spec { return .invalidCameraSpec(device) }
        switch failure {
        case .notFound: return .noCamera(device)
        case .permissionDenied: return .cameraPermissionDenied(device)
        case .busy: return .cameraBusy(device)
        case .invalidData, .noVideoStream, .unsupportedCodec, .formatUnavailable, .other:
            return .cameraUnavailable(device)
        }
    }
}
