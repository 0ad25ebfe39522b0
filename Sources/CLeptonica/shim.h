// Leptonica's image calls, for still images libjpeg-turbo and libpng do not read: TIFF, as page scanners write it
// (bi-level CCITT G4 among others). Debian: libleptonica-dev, which Tesseract needs anyway.
#include <leptonica/allheaders.h>
