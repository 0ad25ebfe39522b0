// Tesseract's C API and the Leptonica image calls it needs (Debian: libtesseract-dev, libleptonica-dev).
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>
