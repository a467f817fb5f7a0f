#ifndef CTIFF_H
#define CTIFF_H
#include <stdarg.h>
#include <stdio.h>
#include <tiffio.h>

/// libtiff, for its process-wide `Ext` message handlers: Leptonica reads TIFFs and silences
/// libtiff's plain handlers on every open (taking the reason a strip could not be read with
/// them), but leaves the `Ext` handlers alone.
///
/// A handler receives a `va_list`, which Swift cannot take in a `@convention(c)` function, so the
/// handlers are here: they format the message and hand it to `PhotoPrep_libtiffMessage`, which
/// PhotoPrep defines (`@_cdecl`). The handlers keep no state of their own.
extern void PhotoPrep_libtiffMessage(int isError, const char *module, const char *text);

static void CTIFF_forward(int isError, const char *module, const char *format, va_list arguments) {
    char text[512];
    text[0] = 0;
    if (format) vsnprintf(text, sizeof text, format, arguments);
    PhotoPrep_libtiffMessage(isError, module, text);
}

static void CTIFF_error(thandle_t handle, const char *module, const char *format, va_list arguments) {
    (void)handle;
    CTIFF_forward(1, module, format, arguments);
}

static void CTIFF_warning(thandle_t handle, const char *module, const char *format, va_list arguments) {
    (void)handle;
    CTIFF_forward(0, module, format, arguments);
}

/// Sends every libtiff error and warning to `PhotoPrep_libtiffMessage` instead of standard error.
static inline void CTIFF_installHandlers(void) {
    TIFFSetErrorHandlerExt(CTIFF_error);
    TIFFSetWarningHandlerExt(CTIFF_warning);
}
#endif
