import CFFmpeg
import Glibc

/// The handles made while opening an input, built step by step and freed together if a later step fails.
struct OpenedInput {
    var format: UnsafeMutablePointer<AVFormatContext>?
    var codec: UnsafeMutablePointer<AVCodecContext>?
    var streamIndex: Int32 = -1

    /// Opens the container, finds the best video stream and opens its decoder.
    mutating func open(_ input: FFmpegInput, interrupt: InterruptFlag) throws(FFmpegOpenFailure) {
        FFmpegLibrary.prepare()
        var demuxer: UnsafePointer<AVInputFormat>?
        if let name = input.formatName {
            guard let found = av_find_input_format(name) else { throw .formatUnavailable(name) }
            demuxer = found
        }
        guard let context = avformat_alloc_context() else { throw .other(beacon_averror_posix(ENOMEM)) }
        context.pointee.interrupt_callback = interrupt.callback
        format = context

        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        for (key, value) in input.options { av_dict_set(&options, key, value, 0) }
        // On failure avformat_open_input frees the context and sets `format` back to nil.
        let opened = avformat_open_input(&format, input.url, demuxer, &options)
        guard opened >= 0, let format else { throw FFmpegOpenFailure(code: opened) }

        // Live sources state their streams in the header; probing them would read frames that then arrive late.
        if !input.isLive {
            let probed = avformat_find_stream_info(format, nil)
            if probed < 0 { throw FFmpegOpenFailure(code: probed) }
        }

        var decoder: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
        if index == AVErrorCode.decoderNotFound { throw .unsupportedCodec(codecName(of: format)) }
        guard index >= 0, let decoder else { throw FFmpegOpenFailure(code: index) }
        streamIndex = index
        let stream = format.pointee.streams[Int(index)]!
        // Other streams (sound, subtitles) are not even demuxed.
        for other in 0..<Int(format.pointee.nb_streams) where other != Int(index) {
            format.pointee.streams[other]!.pointee.discard = AVDISCARD_ALL
        }

        guard let context = avcodec_alloc_context3(decoder) else { throw .other(beacon_averror_posix(ENOMEM)) }
        codec = context
        guard avcodec_parameters_to_context(context, stream.pointee.codecpar) >= 0 else {
            throw .unsupportedCodec(String(cString: decoder.pointee.name))
        }
        context.pointee.pkt_timebase = stream.pointee.time_base
        context.pointee.thread_count = 2
        if input.isLive {
            // Frame threading holds a frame back per thread; a camera wants each picture as soon as it exists.
            context.pointee.thread_type = FF_THREAD_SLICE
            context.pointee.flags |= AV_CODEC_FLAG_LOW_DELAY
        }
        guard avcodec_open2(context, decoder, nil) >= 0 else {
            throw .unsupportedCodec(String(cString: decoder.pointee.name))
        }
    }

    mutating func release() {
        if codec != nil { avcodec_free_context(&codec) }
        if format != nil { avformat_close_input(&format) }
    }

    /// The name of the first video stream's codec, for "its hevc video format is not supported".
    private func codecName(of format: UnsafeMutablePointer<AVFormatContext>) -> String {
        for index in 0..<Int(format.pointee.nb_streams) {
            let parameters = format.pointee.streams[index]!.pointee.codecpar!.pointee
            if parameters.codec_type == AVMEDIA_TYPE_VIDEO {
                return String(cString: avcodec_get_name(parameters.codec_id))
            }
        }
        return "unknown"
    }
}
