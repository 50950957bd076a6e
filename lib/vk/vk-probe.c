#include "lib/vk/vk-probe.h"
#include "lib/vk/vk-kernels.h"

#define PROBE_MAX_BYTES ((guint64) 256 << 20)
#define PROBE_GROUPS 4096u          /* workgroups of the streaming kernel: every device is full */
#define PROBE_DISPATCHES 256u

typedef struct {
  guint32 n4;
} ProbeStreamParams;

typedef struct {
  guint32 write;
} ProbeDispatchParams;

typedef struct {
  DraftdVk *vk;
  DraftdKernels *kernels;
  DraftdKernel stream, stream64, texel, empty;
  DraftdVkBuffer src, sum;
} Probe;

static void
probe_clear (Probe *p)
{
  vkDeviceWaitIdle (p->vk->device);
  draftd_vk_buffer_clear (p->vk, &p->sum);
  draftd_vk_buffer_clear (p->vk, &p->src);
  draftd_kernel_clear (&p->empty, p->vk);
  draftd_kernel_clear (&p->stream64, p->vk);
  draftd_kernel_clear (&p->texel, p->vk);
  draftd_kernel_clear (&p->stream, p->vk);
}

/* The same stream through the source's texel view (binding 0), as the texel matmuls read. */
static gboolean
texel_init (Probe *p, GError **error)
{
  p->texel.texel_mask = 1u << 0;
  return draftd_kernel_init (&p->texel, p->kernels, "probe_stream_texel", 2, sizeof (ProbeStreamParams), p->kernels->wg,
                             1, error);
}

static gboolean
probe_init (Probe *p, DraftdVk *vk, GError **error)
{
  p->vk = vk;
  if ((p->kernels = draftd_kernels_for_device (vk, error)) == NULL)
    return FALSE;
  guint32 wg = p->kernels->wg;
  guint64 bytes = MIN (vk->max_binding, PROBE_MAX_BYTES) & ~(guint64) 15;
  return draftd_kernel_init (&p->stream, p->kernels, "probe_stream", 2, sizeof (ProbeStreamParams), wg, 1, error) &&
         (!vk->shader_int64 || draftd_kernel_init (&p->stream64, p->kernels, "probe_stream_i64", 2,
                                                   sizeof (ProbeStreamParams), wg, 1, error)) &&
         draftd_kernel_init (&p->empty, p->kernels, "probe_dispatch", 1, sizeof (ProbeDispatchParams), 1, 1, error) &&
         draftd_vk_buffer_init (vk, &p->src, bytes, FALSE, error) &&
         draftd_vk_buffer_init (vk, &p->sum, (guint64) PROBE_GROUPS * wg * 4, FALSE, error) &&
         draftd_vk_fill_zero (vk, &p->src, error) &&
         (p->src.view == VK_NULL_HANDLE || texel_init (p, error));
}

/* Seconds for one submission of `n` dispatches of `k`, waited for. */
static gboolean
time_submission (Probe *p, const DraftdKernel *k, guint n, double *seconds, GError **error)
{
  VkCommandBuffer cmd = draftd_vk_begin (p->vk, error);
  if (cmd == VK_NULL_HANDLE)
    return FALSE;
  gboolean stream = k != &p->empty;
  ProbeStreamParams sp = { (guint32) (p->src.size / 16) };
  ProbeDispatchParams dp = { 0 };
  DraftdBind binds[2] = { { stream ? &p->src : &p->sum }, { &p->sum } };
  for (guint i = 0; i < n; i++)
    draftd_kernel_dispatch (p->vk, cmd, k, &p->sum, binds, stream ? (const void *) &sp : (const void *) &dp,
                            stream ? sizeof sp : sizeof dp, stream ? PROBE_GROUPS : 1, 1, 1);
  gint64 t0 = g_get_monotonic_time ();
  if (!draftd_vk_submit_wait (p->vk, cmd, error))
    return FALSE;
  *seconds = (g_get_monotonic_time () - t0) / 1e6;
  return TRUE;
}

static gboolean
fastest (Probe *p, const DraftdKernel *k, guint n, guint reps, double *best, GError **error)
{
  *best = G_MAXDOUBLE;
  for (guint r = 0; r <= reps; r++) {  /* run 0 warms up (pipeline, page faults) */
    double s;
    if (!time_submission (p, k, n, &s, error))
      return FALSE;
    if (r > 0)
      *best = MIN (*best, s);
  }
  return TRUE;
}

/* GB/s of `n` streams of the source that took `seconds`, less one submission's `overhead`. */
static double
stream_gbps (const Probe *p, guint n, double seconds, double overhead)
{
  return seconds > 0 ? (double) n * p->src.size / MAX (seconds - overhead, 1e-9) / 1e9 : 0;
}

static gboolean
measure (Probe *p, guint reps, DraftdVkProbe *out, GError **error)
{
  double one, many, s32, s64 = 0, stx = 0;
  if (!fastest (p, &p->empty, 1, reps, &one, error) || !fastest (p, &p->empty, PROBE_DISPATCHES, reps, &many, error))
    return FALSE;
  out->submit_us = one * 1e6;
  out->dispatch_us = MAX (many - one, 0) / (PROBE_DISPATCHES - 1) * 1e6;
  /* Enough dispatches per submission that a fast device's submission cost does not count. */
  guint n = (guint) MAX (1, ((guint64) 1 << 30) / p->src.size);
  if (!fastest (p, &p->stream, n, reps, &s32, error) ||
      (p->stream64.pipeline && !fastest (p, &p->stream64, n, reps, &s64, error)) ||
      (p->texel.pipeline && !fastest (p, &p->texel, n, reps, &stx, error)))
    return FALSE;
  out->bytes = p->src.size;
  out->stream_gbps = stream_gbps (p, n, s32, one);
  out->stream64_gbps = stream_gbps (p, n, s64, one);
  out->stream_texel_gbps = stream_gbps (p, n, stx, one);
  return TRUE;
}

gboolean
draftd_vk_probe (DraftdVk *vk, guint reps, DraftdVkProbe *out, GError **error)
{
  Probe p = { 0 };
  *out = (DraftdVkProbe) { 0 };
  gboolean ok = probe_init (&p, vk, error) && measure (&p, MAX (reps, 1), out, error);
  probe_clear (&p);
  return ok;
}
