// See CTesseractWords.h: the walk of TessResultIterator (a tesseract::ResultIterator) in layout order,
// through the steps of its base classes, PageIterator and LTRResultIterator.
#include <tesseract/resultiterator.h>
#include "CTesseractWords.h"

using tesseract::LTRResultIterator;
using tesseract::PageIterator;

BOOL CTesseractWords_leftToRight(const TessResultIterator *it) {
    LTRResultIterator walk(*it);
    walk.PageIterator::Begin();
    do {
        if (walk.Empty(tesseract::RIL_WORD)) {
            continue;
        }
        const tesseract::StrongScriptDirection direction = walk.WordDirection();
        if (direction == tesseract::DIR_RIGHT_TO_LEFT || direction == tesseract::DIR_MIX) {
            return FALSE;
        }
    } while (walk.PageIterator::Next(tesseract::RIL_WORD));
    return TRUE;
}

void CTesseractWords_begin(TessResultIterator *it) {
    it->PageIterator::Begin();
}

BOOL CTesseractWords_next(TessResultIterator *it) {
    return it->PageIterator::Next(tesseract::RIL_WORD) ? TRUE : FALSE;
}

BOOL CTesseractWords_startsLine(const TessResultIterator *it) {
    return it->PageIterator::IsAtBeginningOf(tesseract::RIL_TEXTLINE) ? TRUE : FALSE;
}

char *CTesseractWords_text(const TessResultIterator *it) {
    return it->LTRResultIterator::GetUTF8Text(tesseract::RIL_WORD);
}
