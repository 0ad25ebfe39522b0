#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavdevice/avdevice.h>
#include <libswscale/swscale.h>
#include <libavutil/imgutils.h>
#include <libavutil/error.h>
#include <errno.h>

/* Function-like macros do not import into Swift. */
static inline int beacon_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int beacon_averror_eof(void) { return AVERROR_EOF; }

/* AVERROR(errno) for any POSIX code, and FFmpeg's own tagged error codes (FFERRTAG is a macro too). */
static inline int beacon_averror_posix(int posix_code) { return AVERROR(posix_code); }
static inline int beacon_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int beacon_averror_exit(void) { return AVERROR_EXIT; }
static inline int beacon_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
static inline int beacon_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }

/* AV_NOPTS_VALUE is a cast expression, which Swift does not import. */
static inline int64_t beacon_av_nopts_value(void) { return AV_NOPTS_VALUE; }

/* A stop request another thread can raise while FFmpeg blocks in a read: the int lives with the decoder, and
   FFmpeg polls it through AVIOInterruptCB. Atomic so the raising thread and the reading thread never race. */
static inline int beacon_interrupt_requested(void *flag) { return __atomic_load_n((int *)flag, __ATOMIC_ACQUIRE); }
static inline void beacon_request_interrupt(int *flag) { __atomic_store_n(flag, 1, __ATOMIC_RELEASE); }
