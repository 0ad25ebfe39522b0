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
