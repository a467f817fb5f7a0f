#ifndef CPNG_H
#define CPNG_H
/// libpng's simplified read API (png_image_*): it keeps its errors and warnings in the png_image
/// instead of printing them, and its longjmp never leaves libpng.
#include <png.h>

/// The composite format macros (PNG_FORMAT_RGBA) may not import into Swift.
static inline unsigned int CPNG_formatRGBA(void) { return PNG_FORMAT_RGBA; }
#endif
