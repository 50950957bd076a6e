/* Blockwise proposal heads written into a copy of a GGUF model (lib/model/model.h names the
 * key and tensors): from a trainer's raw file, or random ones for tests. */
#pragma once
#include <glib.h>

/* Copies `in` to `out` with n_heads heads of [dim][dim] f32 values (row-major, the row
 * being the output unit) stored as `type`, and the key that counts them; heads the input
 * already has are replaced. Every metadata value and tensor is copied as it is. */
gboolean draftd_gguf_add_heads (const char *in, const float *heads, guint n_heads, guint dim, guint32 type,
                                const char *out, GError **error);
/* Heads from a raw little-endian f32 file of n x dim x dim values (train/heads.py writes
 * them); *n_heads from its size. NULL (error set) when its size is not a whole number. */
float *draftd_heads_file_read (const char *path, guint dim, guint *n_heads, GError **error);
