import CFFmpeg
import Glibc

/// FFmpeg's error codes that Beacon tells apart. They are macros in C, so they come from shim.h.
enum AVErrorCode {
    static let endOfFile = beacon_averror_eof()
    static let tryAgain = beacon_averror_eagain()
    static let exit = beacon_averror_exit()
    static let invalidData = beacon_averror_invaliddata()
    static let streamNotFound = beacon_averror_stream_not_found()
    static let decoderNotFound = beacon_averror_decoder_not_found()
    static let noSuchFile = beacon_averror_posix(ENOENT)
    static let noSuchDevice = beacon_averror_posix(ENODEV)
    static let permissionDenied = beacon_averror_posix(EACCES)
    static let notPermitted = beacon_averror_posix(EPERM)
    static let busy = beacon_averror_posix(EBUSY)
    static let isADirectory = beacon_averror_posix(EISDIR)
}
