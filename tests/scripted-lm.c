#include "tests/scripted-lm.h"
#include <gio/gio.h>
#include <string.h>

static gint32
choice (ScriptedLm *s, guint prefix_len)
{
  if (prefix_len < s->n_prompt)
    return 0;
  guint i = prefix_len - s->n_prompt;
  return i < s->n_script ? s->script[i] : s->eos;
}

static gboolean
sl_forward (gpointer self, const gint32 *tokens, guint n, guint n_out, gboolean want_logits, GError **error)
{
  ScriptedLm *s = self;
  if (s->cache->len + n > s->n_ctx) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "scripted model: context overflow");
    return FALSE;
  }
  g_array_set_size (s->outputs, 0);
  g_array_set_size (s->out_at, 0);
  s->longest_call = MAX (s->longest_call, n);
  for (guint i = 0; i < n; i++) {
    g_array_append_val (s->cache, tokens[i]);
    if (i + n_out >= n) {
      gint32 c = choice (s, s->cache->len);
      g_array_append_val (s->outputs, c);
      g_array_append_val (s->out_at, s->cache->len);
    }
  }
  s->passes++;
  return TRUE;
}

static const float *
sl_logits (gpointer self, guint i)
{
  ScriptedLm *s = self;
  memset (s->logits, 0, s->n_vocab * sizeof (float));
  s->logits[g_array_index (s->outputs, gint32, i)] = 10.0f;
  return s->logits;
}

static gint32 sl_argmax (gpointer self, guint i) { return g_array_index (((ScriptedLm *) self)->outputs, gint32, i); }
static void sl_truncate (gpointer self, guint n) { g_array_set_size (((ScriptedLm *) self)->cache, n); }
static guint sl_n_past (gpointer self) { return ((ScriptedLm *) self)->cache->len; }
static guint sl_n_ctx (gpointer self) { return ((ScriptedLm *) self)->n_ctx; }
static guint sl_n_vocab (gpointer self) { return ((ScriptedLm *) self)->n_vocab; }
static guint sl_n_batch (gpointer self) { return ((ScriptedLm *) self)->n_batch; }

static guint sl_n_heads (gpointer self) { return ((ScriptedLm *) self)->n_heads; }

/* Guesses at the tokens after output i's next one: the script's, with the misses. */
static guint
sl_propose (gpointer self, guint i, gint32 *out, guint k_max)
{
  ScriptedLm *s = self;
  guint at = g_array_index (s->out_at, guint, i), k = MIN (k_max, s->n_heads);
  for (guint h = 0; h < k; h++) {
    guint pos = at + 1 + h;  /* the guess's prefix: output i's next token is the script's at `at` */
    out[h] = choice (s, pos);
    if (s->head_miss && pos >= s->n_prompt && (pos - s->n_prompt) % s->head_miss == 0)
      out[h] = (out[h] + 1) % s->n_vocab;
  }
  return k;
}

/* One sequence: no seq_* calls. */
static const DraftdLmVTable vtable = { sl_forward, sl_logits, sl_argmax, sl_truncate, sl_n_past,  sl_n_ctx,
                                       sl_n_vocab, sl_n_batch, NULL,        NULL,        NULL,       NULL,
                                       NULL,       NULL,       NULL,        sl_n_heads,  sl_propose, NULL };

void
scripted_lm_init (ScriptedLm *s, const gint32 *script, guint n_script, guint n_prompt, guint n_ctx, guint n_vocab,
                  gint32 eos)
{
  memset (s, 0, sizeof *s);
  s->cache = g_array_new (FALSE, FALSE, sizeof (gint32));
  s->outputs = g_array_new (FALSE, FALSE, sizeof (gint32));
  s->out_at = g_array_new (FALSE, FALSE, sizeof (guint));
  s->script = script;
  s->n_script = n_script;
  s->n_prompt = n_prompt;
  s->n_ctx = n_ctx;
  s->n_batch = n_ctx;
  s->n_vocab = n_vocab;
  s->eos = eos;
  s->logits = g_new0 (float, n_vocab);
}

void
scripted_lm_clear (ScriptedLm *s)
{
  g_array_unref (s->cache);
  g_array_unref (s->outputs);
  g_array_unref (s->out_at);
  g_free (s->logits);
}

DraftdLm
scripted_lm (ScriptedLm *s)
{
  return (DraftdLm) { &vtable, s };
}

const gint32 scripted_prompt[SCRIPTED_N_PROMPT] = { 1, 50, 51, 52 };
static const gint32 scripted_end[1] = { SCRIPTED_EOS };

void
scripted_lm_start (ScriptedLm *s, const gint32 *script, guint n_script, guint n_ctx)
{
  scripted_lm_init (s, script, n_script, SCRIPTED_N_PROMPT, n_ctx, SCRIPTED_VOCAB, SCRIPTED_EOS);
}

static gboolean
scripted_eog (gint32 t, gpointer user)
{
  return t == SCRIPTED_EOS;
}

void
scripted_decode_params (DraftdDecodeParams *p, DraftdDecodeMode mode)
{
  draftd_decode_params_init (p);
  p->mode = mode;
  p->end_tokens = scripted_end;
  p->n_end_tokens = 1;
  p->is_eog = scripted_eog;
}

gboolean
scripted_equals (const GArray *a, const gint32 *b, guint n)
{
  return a && a->len == n && memcmp (a->data, b, n * sizeof (gint32)) == 0;
}
