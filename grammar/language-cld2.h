/* CLD2 (Compact Language Detector 2, libcld2), the language identifier Chromium used, behind a
 * C call: CLD2 is C++ and this is the one C++ file of the tree (language-cld2.cc). Chosen over
 * libexttextcat by measurement (docs/correction.md#languages): on 300 native sentences in each
 * of 20 languages CLD2 named 92% right and reliable, libexttextcat 54% (it answers several
 * languages at once for close pairs: Danish and Norwegian, Czech and Slovak, Spanish and
 * Galician). CLD2 is reentrant: workers call it at once. */
#pragma once
#include <stddef.h>

typedef struct {
  const char *code[3]; /* CLD2's codes ("en", "uk", "no", "zh-Hant", "un"), best first */
  int percent[3];      /* each one's share of the text's letters */
  int reliable;        /* CLD2's own verdict on the first */
} DraftdCld2Result;

/* `text` is UTF-8 (invalid input gives "un", unreliable). */
void draftd_cld2_detect (const char *text, size_t len, DraftdCld2Result *out);
