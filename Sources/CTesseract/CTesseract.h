#ifndef CTESSERACT_H
#define CTESSERACT_H
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>
#endif
