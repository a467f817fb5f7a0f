#ifndef CJPEG_H
#define CJPEG_H
#include <stddef.h>
#include <turbojpeg.h>

/// TJSCALED does not import into Swift.
static inline int CJPEG_scaled(int dimension, int num, int denom) {
    return (dimension * num + denom - 1) / denom;
}

/// tjPixelSize is a C array and does not import.
static inline int CJPEG_pixelSize(int pixelFormat) {
    return (pixelFormat >= 0 && pixelFormat < TJ_NUMPF) ? tjPixelSize[pixelFormat] : 0;
}
#endif
