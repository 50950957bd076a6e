/* draftd-heads-data: what train/heads.py distills blockwise proposal heads from. For each
 * prompt the target decodes greedily (IAD from the line's source when it has one: the same
 * tokens in fewer passes), then one pass over prompt + answer hands back every position's
 * final hidden state, exactly as decoding will see it. Written:
 *   PREFIX.hidden  f32 [N][n_embd]  the hidden state at each answer position (and the
 *                                   prompt's last)
 *   PREFIX.labels  i32 [N][K]       the target's own tokens 2 .. K + 1 places on (-1 past
 *                                   the end): what head 0 .. K - 1 should guess
 *   PREFIX.output  f32 [n_vocab][n_embd]  the output projection the heads share, dequantized
 * Prompts: one a line, "\n" for a newline, and an optional TAB and source text for IAD. */
#include <stdio.h>
#include <string.h>
#include "lib/cli/cli.h"
#include "lib/decode/decode.h"
#include "lib/model/model.h"
#include "lib/runtime/forward.h"

typedef struct {
  DraftdModel *m;
  DraftdRunner *r;
  DraftdLm lm;
  guint n_tokens, k;
  FILE *hidden, *labels;
  guint rows;
} Data;

static GArray *
encode (const DraftdModel *m, const char *text, gboolean bos)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint32));
  draftd_tokenizer_encode (m->tokenizer, text, -1, bos, FALSE, ids, NULL);
  return ids;
}

/* Greedy answer to the prompt (its end token appended when it ended there). */
static gboolean
answer (Data *d, GArray *prompt, const char *source, GArray *out, GError **error)
{
  g_autoptr (GArray) src = source ? encode (d->m, source, FALSE) : NULL;
  DraftdDecodeParams p;
  draftd_decode_params_init (&p);
  p.mode = src ? DRAFTD_DECODE_IAD : DRAFTD_DECODE_PLAIN;
  p.max_tokens = MIN (d->n_tokens, draftd_lm_n_ctx (&d->lm) - prompt->len - 1);
  p.source = src ? (const gint32 *) src->data : NULL;
  p.n_source = src ? src->len : 0;
  p.is_eog = draftd_tokenizer_is_eog_cb;
  p.is_eog_data = d->m->tokenizer;
  DraftdDecodeStats st;
  draftd_lm_truncate (&d->lm, 0);
  if (!draftd_decode (&d->lm, NULL, (gint32 *) prompt->data, prompt->len, &p, out, &st, error))
    return FALSE;
  gint32 eos = draftd_tokenizer_eos (d->m->tokenizer);
  if (st.stopped_eog && eos >= 0)
    g_array_append_val (out, eos);
  return TRUE;
}

static gboolean
one_prompt (Data *d, const char *line, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (line, "\t", 2);
  g_autofree char *text = g_strcompress (parts[0]);
  g_autoptr (GArray) seq = encode (d->m, text, TRUE);
  guint n_prompt = seq->len;
  if (n_prompt == 0 || n_prompt + 2 >= draftd_runner_n_ctx (d->r))
    return TRUE;  /* nothing to learn from a prompt that fills the context */
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (gint32));
  if (!answer (d, seq, parts[1], out, error))
    return FALSE;
  g_array_append_vals (seq, out->data, MIN (out->len, draftd_runner_n_ctx (d->r) - n_prompt));
  draftd_runner_truncate (d->r, 0);
  if (!draftd_runner_forward (d->r, (gint32 *) seq->data, seq->len, DRAFTD_FORWARD_ALL | DRAFTD_FORWARD_ARGMAX_ONLY, error))
    return FALSE;
  g_autofree gint32 *lab = g_new (gint32, d->k);
  for (guint pos = n_prompt - 1; pos + 2 < seq->len; pos++) {
    for (guint i = 0; i < d->k; i++)
      lab[i] = pos + 2 + i < seq->len ? g_array_index (seq, gint32, pos + 2 + i) : -1;
    fwrite (draftd_runner_hidden (d->r, pos), sizeof (float), d->m->config.n_embd, d->hidden);
    fwrite (lab, sizeof (gint32), d->k, d->labels);
    d->rows++;
  }
  return TRUE;
}

static gboolean
write_output (const DraftdModel *m, const char *prefix, GError **error)
{
  gsize n = (gsize) m->config.n_vocab * m->config.n_embd;
  g_autofree float *w = g_new (float, n);
  draftd_ggml_dequantize (m->output->type, m->output->data, w, n);
  g_autofree char *path = g_strconcat (prefix, ".output", NULL);
  return g_file_set_contents (path, (const char *) w, n * sizeof (float), error);
}

static gboolean
run (const char *model, const char *prompts, const char *prefix, guint n_tokens, guint k, GError **error)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (prompts, &text, NULL, error))
    return FALSE;
  g_autoptr (DraftdModel) m = draftd_model_load (model, error);
  g_autoptr (DraftdVk) vk = m ? draftd_vk_new (NULL, error) : NULL;
  if (vk == NULL)
    return FALSE;
  DraftdRunnerOptions o = { .hidden = TRUE };
  g_autoptr (DraftdRunner) r = draftd_runner_new (vk, m, &o, error);
  if (r == NULL || !write_output (m, prefix, error))
    return FALSE;
  g_autofree char *hp = g_strconcat (prefix, ".hidden", NULL), *lp = g_strconcat (prefix, ".labels", NULL);
  Data d = { m, r, draftd_lm_for_runner (r), n_tokens, k, fopen (hp, "wb"), fopen (lp, "wb"), 0 };
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  gboolean ok = d.hidden && d.labels;
  for (guint i = 0; ok && lines[i]; i++)
    ok = !*lines[i] || one_prompt (&d, lines[i], error);
  if (d.hidden)
    fclose (d.hidden);
  if (d.labels)
    fclose (d.labels);
  if (ok)
    printf ("%u positions, %u labels each, from %s\n", d.rows, k, prompts);
  return ok;
}

int
main (int argc, char **argv)
{
  g_autofree char *model = NULL, *prompts = NULL, *prefix = NULL;
  gint n_tokens = 48, k = 7;
  GOptionEntry entries[] = {
    { "model", 'm', 0, G_OPTION_ARG_FILENAME, &model, "target model", "M.gguf" },
    { "prompts", 'p', 0, G_OPTION_ARG_FILENAME, &prompts, "prompts, one a line (TAB source for IAD)", "FILE" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &prefix, "prefix of the files written", "PREFIX" },
    { "tokens", 'n', 0, G_OPTION_ARG_INT, &n_tokens, "most tokens of an answer (48)", "N" },
    { "heads", 'k', 0, G_OPTION_ARG_INT, &k, "labels per position: heads to train (7)", "K" },
    G_OPTION_ENTRY_NULL,
  };
  draftd_cli_init ();
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- data to distill blockwise proposal heads from");
  int status;
  if (!draftd_cli_parse (ctx, "draftd-heads-data", entries, &argc, &argv, &status))
    return status;
  if (!model || !prompts || !prefix || argc > 1 || n_tokens < 1 || k < 1 || k > DRAFTD_BLOCKWISE_MAX_HEADS)
    return draftd_cli_usage_error ("draftd-heads-data", "wants -m M.gguf -p PROMPTS -o PREFIX [-n N] [-k 1..%u]",
                                   DRAFTD_BLOCKWISE_MAX_HEADS);
  g_autoptr (GError) error = NULL;
  if (!run (model, prompts, prefix, n_tokens, k, &error))
    return draftd_cli_fail ("draftd-heads-data", error, 1);
  return 0;
}
