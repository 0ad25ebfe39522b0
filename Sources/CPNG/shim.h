#include <png.h>
static inline size_t beacon_png_image_size(png_image *image) { return PNG_IMAGE_SIZE(*image); }
