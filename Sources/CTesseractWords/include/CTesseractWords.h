#ifndef CTESSERACTWORDS_H
#define CTESSERACTWORDS_H
#include <tesseract/capi.h>

#ifdef __cplusplus
extern "C" {
#endif

// A walk over the words of a recognized page in layout order (each line's words left to right), for
// a page with no word written right to left. Tesseract's own TessResultIteratorNext, IsAtBeginningOf and
// GetUTF8Text put each line's words in reading order for bidirectional text, and for every word walk
// the page's results from its start again: on a page of 2,000 words, those walks took a tenth of the
// reading. These call the same iterator's layout-order steps, one word at a time.

/// Whether no word on the page is written right to left (wholly or in part), so that its layout order
/// is its reading order; `it` is not moved.
BOOL CTesseractWords_leftToRight(const TessResultIterator *it);
/// Moves `it` to the page's first word.
void CTesseractWords_begin(TessResultIterator *it);
/// Moves `it` to the next word; false at the end of the page.
BOOL CTesseractWords_next(TessResultIterator *it);
/// Whether the word at `it` starts a line of text.
BOOL CTesseractWords_startsLine(const TessResultIterator *it);
/// The text of the word at `it` (free with TessDeleteText), or NULL where there is none.
char *CTesseractWords_text(const TessResultIterator *it);

#ifdef __cplusplus
}
#endif
#endif
