import CFFmpeg
import Glibc

/// One decoded picture, converted to RGB.
struct DecodedPicture: Sendable {
    var width: Int
    var height: Int
    var rgb: [UInt8]
    /// Seconds since the first picture of the stream.
    var seconds: Double
}

/// The video stream of one file or device, decoded picture by picture: libavformat demuxes, libavcodec decodes
/// (two threads), libswscale converts to RGB.
///
/// `@unchecked Sendable` because it owns FFmpeg handles, which are not thread-safe: each instance is used by one
/// thread at a time (a camera opens it, then hands it to its capture thread for good). The one exception is
/// `interrupt()`, which only raises an atomic flag.
final class FFmpegVideoDecoder: @unchecked Sendable {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let converter = RGBConverter()
    /// Raised by `interrupt()`, polled by FFmpeg inside blocking reads.
    private let interruptFlag = InterruptFlag()

    private let streamIndex: Int32
    private let timeBase: AVRational
    /// Packets an MP4 or MOV index promises (0 for other containers, whose counts are not to be trusted), to
    /// notice a file whose end is missing even when the cut falls exactly between two packets.
    private let promisedPackets: Int64
    private let frameInterval: Double
    private let isLive: Bool

    private var packetsRead: Int64 = 0
    private var firstTimestamp: Int64?
    private var lastSeconds: Double?
    private var phase = Phase.reading

    private enum Phase {
        /// Feeding packets to the decoder.
        case reading
        /// The decoder has been told there is no more input and is giving back what it holds; `failure` is
        /// reported once those pictures are out.
        case draining(failure: FFmpegReadFailure?)
        case finished
    }

    init(_ input: FFmpegInput) throws(FFmpegOpenFailure) {
        isLive = input.isLive
        // Until every handle is in place, a failure must free what was made so far.
        var opened = OpenedInput()
        defer { opened.release() }
        try opened.open(input, interrupt: interruptFlag)
        guard let format = opened.format, let codec = opened.codec,
              let packet = av_packet_alloc(), let frame = av_frame_alloc() else {
            throw .other(beacon_averror_posix(ENOMEM))
        }
        let stream = format.pointee.streams[Int(opened.streamIndex)]!.pointee
        streamIndex = opened.streamIndex
        timeBase = stream.time_base
        let containerName = String(cString: format.pointee.iformat.pointee.name)
        promisedPackets = containerName.contains("mp4") ? stream.nb_frames : 0
        let rate = stream.avg_frame_rate.num > 0 ? stream.avg_frame_rate : stream.r_frame_rate
        frameInterval = rate.num > 0 && rate.den > 0 ? av_q2d(av_inv_q(rate)) : 1.0 / 30
        self.format = format
        self.codec = codec
        self.packet = packet
        self.frame = frame
        opened = OpenedInput()
    }

    deinit { close() }

    /// Makes a blocked or future read return at once; the next call to `next()` ends the stream. Safe to call from
    /// any thread.
    func interrupt() {
        interruptFlag.raise()
    }

    /// Frees the FFmpeg handles (and releases a camera device). Further calls to `next()` return nil.
    func close() {
        phase = .finished
        if codec != nil { avcodec_free_context(&codec) }
        if format != nil { avformat_close_input(&format) }
        if packet != nil { av_packet_free(&packet) }
        if frame != nil { av_frame_free(&frame) }
    }

    /// The next picture in presentation order; nil at the end of the stream. When the data is damaged or reading
    /// fails, the pictures decoded before the damage come first, then the failure is thrown once.
    func next() throws(FFmpegReadFailure) -> DecodedPicture? {
        while true {
            guard let codec, let frame else { return nil }
            switch phase {
            case .finished:
                return nil
            case .reading, .draining:
                let status = avcodec_receive_frame(codec, frame)
                if status == 0 {
                    defer { av_frame_unref(frame) }
                    guard let picture = picture(from: frame) else {
                        if isLive { continue }
                        finishReading(failure: .damaged)
                        continue
                    }
                    return picture
                }
                if status == AVErrorCode.endOfFile {
                    try finish()
                    continue
                }
                if status != AVErrorCode.tryAgain {
                    // A decoding error. A live source drops the picture and goes on; a file has lost data.
                    if isLive, case .reading = phase { continue }
                    if case .reading = phase { finishReading(failure: .damaged) } else { try finish(.damaged) }
                    continue
                }
                if case .draining = phase {
                    try finish()  // Cannot happen once the decoder is flushed; end rather than spin.
                    continue
                }
                feedDecoder()
            }
        }
    }

    /// Reads the next packet of our stream and hands it to the decoder, or starts draining at the end.
    private func feedDecoder() {
        guard let format, let codec, let packet else { return }
        let status = av_read_frame(format, packet)
        if status == AVErrorCode.tryAgain {
            usleep(2000)  // Only non-blocking devices say "not yet"; wait a little instead of spinning.
            return
        }
        if status < 0 {
            if interruptFlag.isRaised {
                phase = .finished
            } else if status == AVErrorCode.endOfFile {
                // A container that promised more packets than it held has lost its end.
                let complete = promisedPackets <= 0 || packetsRead >= promisedPackets
                finishReading(failure: complete ? nil : .damaged)
            } else {
                finishReading(failure: status == AVErrorCode.invalidData ? .damaged : .readFailed(status))
            }
            return
        }
        defer { av_packet_unref(packet) }
        guard packet.pointee.stream_index == streamIndex else { return }
        packetsRead += 1
        if packet.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 {
            // A camera's glitched buffer is dropped; in a file it means the data is damaged or cut short.
            if !isLive { finishReading(failure: .damaged) }
            return
        }
        let sent = avcodec_send_packet(codec, packet)
        if sent < 0 && sent != AVErrorCode.tryAgain && !isLive { finishReading(failure: .damaged) }
    }

    /// Tells the decoder no more input is coming, so it gives back the pictures it still holds (the last frames
    /// of every stream with B-frames or threads are lost otherwise).
    private func finishReading(failure: FFmpegReadFailure?) {
        guard case .reading = phase, let codec else { return }
        avcodec_send_packet(codec, nil)
        phase = .draining(failure: failure)
    }

    /// Ends the stream, throwing the failure noted while reading (or `extra`) once.
    private func finish(_ extra: FFmpegReadFailure? = nil) throws(FFmpegReadFailure) {
        var failure = extra
        if case .draining(let noted) = phase, let noted { failure = noted }
        phase = .finished
        if let failure { throw failure }
    }

    private func picture(from frame: UnsafeMutablePointer<AVFrame>) -> DecodedPicture? {
        guard let rgb = converter.rgb(from: frame) else { return nil }
        return DecodedPicture(width: Int(frame.pointee.width), height: Int(frame.pointee.height), rgb: rgb,
                              seconds: seconds(of: frame))
    }

    /// Presentation time relative to the first picture. A picture without a timestamp is placed one frame
    /// interval after the previous one.
    private func seconds(of frame: UnsafeMutablePointer<AVFrame>) -> Double {
        let timestamp = frame.pointee.best_effort_timestamp
        let seconds: Double
        if timestamp == beacon_av_nopts_value() {
            seconds = lastSeconds.map { $0 + frameInterval } ?? 0
        } else {
            let first = firstTimestamp ?? timestamp
            firstTimestamp = first
            seconds = Double(timestamp - first) * av_q2d(timeBase)
        }
        lastSeconds = seconds
        return seconds
    }
}
