// zlib's gz* functions: read a gzip file, or a plain one as it is (Debian: zlib1g-dev).
#include <zlib.h>
