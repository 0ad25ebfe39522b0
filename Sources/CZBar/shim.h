// ZBar's C API: barcodes and QR codes in greyscale pictures (Debian: libzbar-dev).
#include <zbar.h>
