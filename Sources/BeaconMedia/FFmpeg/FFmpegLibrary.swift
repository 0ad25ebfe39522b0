import CFFmpeg

/// FFmpeg's process-wide setup, done before the first file or device is opened.
enum FFmpegLibrary {
    /// Swift runs a static initialiser exactly once, from whichever thread gets there first.
    private static let prepared: Void = {
        // Users hear Beacon's own sentences; FFmpeg's log lines would only be noise on their terminal.
        av_log_set_level(AV_LOG_QUIET)
        // Makes the device demuxers (video4linux2, lavfi) that cameras are opened through findable.
        avdevice_register_all()
    }()

    static func prepare() { prepared }
}
