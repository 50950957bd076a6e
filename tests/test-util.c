#include "tests/test-util.h"
#include "tests/tap.h"
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

int tap_n, tap_failed;

char *
test_shared_model (const char *relative)
{
  const char *root = g_getenv ("DRAFTD_SHARED_MODELS");
  g_autofree char *def = g_build_filename (DRAFTD_SOURCE_ROOT, "..", "shared", "models", NULL);
  char *p = g_build_filename (root ? root : def, relative, NULL);
  if (!g_file_test (p, G_FILE_TEST_EXISTS)) {
    g_free (p);
    return NULL;
  }
  return p;
}

static char *tmpdir;

static void
remove_tmpdir (void)
{
  if (tmpdir == NULL)
    return;
  GDir *d = g_dir_open (tmpdir, 0, NULL);
  const char *n;
  while (d && (n = g_dir_read_name (d))) {
    g_autofree char *p = g_build_filename (tmpdir, n, NULL);
    g_unlink (p);
  }
  if (d)
    g_dir_close (d);
  g_rmdir (tmpdir);
  g_clear_pointer (&tmpdir, g_free);
}

const char *
test_tmpdir (void)
{
  if (tmpdir == NULL) {
    tmpdir = g_dir_make_tmp ("draftd-test-XXXXXX", NULL);
    g_assert (tmpdir != NULL);
    atexit (remove_tmpdir);
  }
  return tmpdir;
}

gboolean
test_run_tool (const char *tool, const char *const *args, const char *stdin_text, char **out, char **err, int *status,
               GError **error)
{
  g_autofree char *path = g_build_filename (DRAFTD_BUILD_ROOT, "tools", tool, NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, path);
  for (guint i = 0; args && args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  if (stdin_text == NULL)
    return g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err, status, error);
  /* Feed stdin through a temporary file. */
  g_autofree char *in = g_build_filename (test_tmpdir (), "stdin.txt", NULL);
  if (!g_file_set_contents (in, stdin_text, -1, error))
    return FALSE;
  g_autofree char *cmd = NULL;
  g_autoptr (GString) quoted = g_string_new (NULL);
  for (guint i = 0; i + 1 < argv->len; i++) {
    g_autofree char *q = g_shell_quote (g_ptr_array_index (argv, i));
    g_string_append_printf (quoted, "%s ", q);
  }
  g_autofree char *qin = g_shell_quote (in);
  cmd = g_strdup_printf ("%s< %s", quoted->str, qin);
  const char *sh[] = { "/bin/sh", "-c", cmd, NULL };
  return g_spawn_sync (NULL, (char **) sh, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err, status, error);
}

char *
test_convert_llama2c (const char *ckpt, const char *type, GError **error)
{
  g_autofree char *c = test_shared_model (ckpt);
  g_autofree char *t = test_shared_model ("tok512.bin");
  if (c == NULL || t == NULL)
    return NULL;
  g_autofree char *base = g_path_get_basename (ckpt);
  char *out = g_strdup_printf ("%s/%s-%s.gguf", test_tmpdir (), base, type);
  const char *args[] = { "--llama2c", c, "--tokenizer", t, "-o", out, "--type", type, NULL };
  g_autofree char *so = NULL, *se = NULL;
  int status = 0;
  if (!test_run_tool ("draftd-convert", args, NULL, &so, &se, &status, error) ||
      !g_spawn_check_wait_status (status, error)) {
    g_prefix_error (error, "draftd-convert: %s", se ? se : "");
    g_free (out);
    return NULL;
  }
  return out;
}

DraftdVk *
test_vk (void)
{
  g_autoptr (GError) error = NULL;
  DraftdVk *vk = draftd_vk_new (NULL, &error);
  if (vk == NULL) {
    printf ("Bail out! no Vulkan device: %s\n", error->message);
    exit (1);
  }
  tap_diag ("device: %s%s", vk->name, vk->validation ? " (validation on)" : "");
  return vk;
}

void
test_check_validation (void)
{
  tap_ok (draftd_vk_validation_messages () == 0, "no Vulkan validation messages (%u)", draftd_vk_validation_messages ());
}

/* ---- reference forward ---- */

typedef struct {
  float *attn_norm, *wq, *wk, *wv, *bq, *bk, *bv, *wo, *ffn_norm, *gate, *up, *down;
} RefLayer;

struct RefModel {
  DraftdModelConfig c;
  guint n_ctx;
  float *embd, *out_norm, *out;
  RefLayer *layers;
  float *k_cache, *v_cache;  /* [layer][pos][kv_dim] */
  float *x, *xb, *q, *k, *v, *att, *hb, *hb2, *scores, *logits;
};

static float *
deq (const GgufTensor *t)
{
  if (t == NULL)
    return NULL;
  float *v = g_new (float, t->n_elements);
  ggml_dequantize (t->type, t->data, v, t->n_elements);
  return v;
}

RefModel *
ref_model_new (const DraftdModel *m, guint n_ctx)
{
  RefModel *r = g_new0 (RefModel, 1);
  r->c = m->config;
  r->n_ctx = n_ctx;
  r->embd = deq (m->token_embd);
  r->out_norm = deq (m->output_norm);
  r->out = deq (m->output);
  r->layers = g_new0 (RefLayer, r->c.n_layer);
  for (guint i = 0; i < r->c.n_layer; i++) {
    const DraftdLayerWeights *w = &m->layers[i];
    RefLayer *l = &r->layers[i];
    l->attn_norm = deq (w->attn_norm), l->wq = deq (w->wq), l->wk = deq (w->wk), l->wv = deq (w->wv);
    l->bq = deq (w->bq), l->bk = deq (w->bk), l->bv = deq (w->bv), l->wo = deq (w->wo);
    l->ffn_norm = deq (w->ffn_norm), l->gate = deq (w->w_gate), l->up = deq (w->w_up), l->down = deq (w->w_down);
  }
  guint hd = r->c.head_dim, q = r->c.n_head * hd, kv = r->c.n_head_kv * hd;
  r->k_cache = g_new0 (float, (gsize) r->c.n_layer * n_ctx * kv);
  r->v_cache = g_new0 (float, (gsize) r->c.n_layer * n_ctx * kv);
  r->x = g_new0 (float, r->c.n_embd);
  r->xb = g_new0 (float, MAX (r->c.n_embd, q));
  r->q = g_new0 (float, q);
  r->k = g_new0 (float, kv);
  r->v = g_new0 (float, kv);
  r->att = g_new0 (float, q);
  r->hb = g_new0 (float, r->c.n_ff);
  r->hb2 = g_new0 (float, r->c.n_ff);
  r->scores = g_new0 (float, n_ctx);
  r->logits = g_new0 (float, r->c.n_vocab);
  return r;
}

void
ref_model_free (RefModel *r)
{
  for (guint i = 0; i < r->c.n_layer; i++) {
    RefLayer *l = &r->layers[i];
    float *all[] = { l->attn_norm, l->wq, l->wk, l->wv, l->bq, l->bk, l->bv, l->wo, l->ffn_norm, l->gate, l->up, l->down };
    for (guint j = 0; j < G_N_ELEMENTS (all); j++)
      g_free (all[j]);
  }
  g_free (r->layers);
  if (r->out != r->embd)
    g_free (r->out);
  float *bufs[] = { r->embd, r->out_norm, r->k_cache, r->v_cache, r->x, r->xb, r->q, r->k, r->v, r->att, r->hb, r->hb2, r->scores, r->logits };
  for (guint j = 0; j < G_N_ELEMENTS (bufs); j++)
    g_free (bufs[j]);
  g_free (r);
}

static void
rmsnorm (float *o, const float *x, const float *g, guint n, float eps)
{
  double ss = 0;
  for (guint i = 0; i < n; i++)
    ss += (double) x[i] * x[i];
  float s = 1.0f / sqrtf ((float) (ss / n) + eps);
  for (guint i = 0; i < n; i++)
    o[i] = x[i] * s * g[i];
}

static void
matvec (float *o, const float *x, const float *w, const float *bias, guint in, guint out)
{
  for (guint r = 0; r < out; r++) {
    double s = 0;
    for (guint k = 0; k < in; k++)
      s += (double) w[(gsize) r * in + k] * x[k];
    o[r] = (float) s + (bias ? bias[r] : 0.0f);
  }
}

static void
rope (float *v, guint n_heads, guint hd, guint pos, float base, gboolean neox)
{
  for (guint h = 0; h < n_heads; h++) {
    for (guint j = 0; j < hd / 2; j++) {
      float freq = 1.0f / powf (base, (float) (2 * j) / (float) hd);
      float val = (float) pos * freq, c = cosf (val), s = sinf (val);
      guint d0 = neox ? j : 2 * j, d1 = neox ? j + hd / 2 : 2 * j + 1;
      float *p = v + h * hd;
      float x0 = p[d0], x1 = p[d1];
      p[d0] = x0 * c - x1 * s;
      p[d1] = x0 * s + x1 * c;
    }
  }
}

const float *
ref_model_step (RefModel *r, gint32 token, guint pos)
{
  const DraftdModelConfig *c = &r->c;
  guint D = c->n_embd, hd = c->head_dim, q = c->n_head * hd, kv = c->n_head_kv * hd;
  gboolean neox = c->rope_layout == DRAFTD_ROPE_NEOX;
  memcpy (r->x, r->embd + (gsize) token * D, D * sizeof (float));
  for (guint l = 0; l < c->n_layer; l++) {
    RefLayer *w = &r->layers[l];
    float *kc = r->k_cache + (gsize) l * r->n_ctx * kv, *vc = r->v_cache + (gsize) l * r->n_ctx * kv;
    rmsnorm (r->xb, r->x, w->attn_norm, D, c->norm_eps);
    matvec (r->q, r->xb, w->wq, w->bq, D, q);
    matvec (r->k, r->xb, w->wk, w->bk, D, kv);
    matvec (r->v, r->xb, w->wv, w->bv, D, kv);
    rope (r->q, c->n_head, hd, pos, c->rope_base, neox);
    rope (r->k, c->n_head_kv, hd, pos, c->rope_base, neox);
    memcpy (kc + (gsize) pos * kv, r->k, kv * sizeof (float));
    memcpy (vc + (gsize) pos * kv, r->v, kv * sizeof (float));
    for (guint h = 0; h < c->n_head; h++) {
      guint kvh = h / (c->n_head / c->n_head_kv);
      float max = -INFINITY;
      for (guint j = 0; j <= pos; j++) {
        double s = 0;
        for (guint d = 0; d < hd; d++)
          s += (double) r->q[h * hd + d] * kc[(gsize) j * kv + kvh * hd + d];
        r->scores[j] = (float) (s / sqrt ((double) hd));
        max = MAX (max, r->scores[j]);
      }
      double sum = 0;
      for (guint j = 0; j <= pos; j++)
        sum += (r->scores[j] = expf (r->scores[j] - max));
      for (guint d = 0; d < hd; d++) {
        double a = 0;
        for (guint j = 0; j <= pos; j++)
          a += (double) r->scores[j] * vc[(gsize) j * kv + kvh * hd + d];
        r->att[h * hd + d] = (float) (a / sum);
      }
    }
    matvec (r->xb, r->att, w->wo, NULL, q, D);
    for (guint i = 0; i < D; i++)
      r->x[i] += r->xb[i];
    rmsnorm (r->xb, r->x, w->ffn_norm, D, c->norm_eps);
    matvec (r->hb, r->xb, w->gate, NULL, D, c->n_ff);
    matvec (r->hb2, r->xb, w->up, NULL, D, c->n_ff);
    for (guint i = 0; i < c->n_ff; i++)
      r->hb[i] = r->hb[i] / (1.0f + expf (-r->hb[i])) * r->hb2[i];
    matvec (r->xb, r->hb, w->down, NULL, c->n_ff, D);
    for (guint i = 0; i < D; i++)
      r->x[i] += r->xb[i];
  }
  rmsnorm (r->xb, r->x, r->out_norm, D, c->norm_eps);
  matvec (r->logits, r->xb, r->out, NULL, D, c->n_vocab);
  return r->logits;
}

gboolean
test_load (DraftdVk *vk, const char *path, guint n_ctx, TestLoaded *l)
{
  g_autoptr (GError) error = NULL;
  DraftdRunnerOptions o = { .n_ctx = n_ctx };
  memset (l, 0, sizeof *l);
  l->model = draftd_model_load (path, &error);
  l->runner = l->model ? draftd_runner_new (vk, l->model, &o, &error) : NULL;
  if (l->runner == NULL) {
    tap_diag ("%s: %s", path, error->message);
    return FALSE;
  }
  l->lm = draftd_lm_for_runner (l->runner);
  return TRUE;
}

void
test_unload (TestLoaded *l)
{
  g_clear_pointer (&l->runner, draftd_runner_free);
  g_clear_pointer (&l->model, draftd_model_free);
}
