// The C face of CLD2 (grammar/language-cld2.h says why CLD2).
#include <climits>
#include <cstdio> // compact_lang_det.h uses FILE without including it
#include <cld2/public/compact_lang_det.h>
#include <cld2/public/encodings.h>
extern "C" {
#include "grammar/language-cld2.h"
}

extern "C" void
draftd_cld2_detect (const char *text, size_t len, DraftdCld2Result *out)
{
  CLD2::Language l3[3] = { CLD2::UNKNOWN_LANGUAGE, CLD2::UNKNOWN_LANGUAGE, CLD2::UNKNOWN_LANGUAGE };
  int percent[3] = { 0, 0, 0 };
  double scores[3];
  int text_bytes = 0, valid = 0;
  bool reliable = false;
  CLD2::CLDHints hints = { nullptr, nullptr, CLD2::UNKNOWN_ENCODING, CLD2::UNKNOWN_LANGUAGE };
  int n = len > INT_MAX ? INT_MAX : (int) len;
  CLD2::ExtDetectLanguageSummaryCheckUTF8 (text, n, true, &hints, 0, l3, percent, scores, nullptr, &text_bytes,
                                           &reliable, &valid);
  for (int i = 0; i < 3; i++) {
    out->code[i] = CLD2::LanguageCode (l3[i]);
    out->percent[i] = percent[i];
  }
  out->reliable = reliable && valid == n;
}
