/* Weights on the device, repacked for the matmul kernels: one invocation computes one row,
 * and rows are stored in groups of DRAFTD_ROW_GROUP as [group][16-byte chunk][row in group],
 * so neighbouring invocations read neighbouring memory and the 8 lanes of a CPU SIMD group
 * stream one contiguous run through the whole row group (with a [chunk][row] layout every
 * chunk was a jump of rows * 16 bytes: a 134M Q8_0 decode pass took 60 ms on lavapipe
 * instead of 37). Q8_0/Q4_0 block scales are f32, [group][block][row in group]. On a device
 * that runs the GPU family of kernels (vk->gpu_kernels), whose lanes split a row between them,
 * rows are stored one after the other instead ([row][chunk], scales [row][block]), so a lane
 * group reads a row's consecutive chunks as one contiguous run. Matrices
 * larger than the device's storage-buffer range are split by rows into parts, each bound
 * and dispatched alone. */
#pragma once
#define DRAFTD_ROW_GROUP 8u
#include "lib/gguf/gguf.h"
#include "lib/vk/vk-kernels.h"

typedef struct {
  guint32 row0;            /* first row of this part within the matrix */
  guint32 rows;
  DraftdVkBuffer quants;   /* [rows / 8][chunks][8] x 16 bytes (rows padded to 8) */
  DraftdVkBuffer scales;   /* [rows / 8][blocks][8] f32, Q8_0/Q4_0 only */
} DraftdMatrixPart;

typedef struct {
  guint wtype;             /* DRAFTD_WTYPE_* */
  gboolean row_major;      /* [row][chunk] (a vk->gpu_kernels device's kernels), not row groups */
  guint32 rows;            /* output features */
  guint32 cols;            /* input features (unpadded) */
  guint32 chunks;          /* chunks per row; chunks * values_per_chunk = cols padded to 32 */
  guint32 out_offset;      /* where row 0 lands in the output vector (QKV concatenation) */
  guint n_parts;
  DraftdMatrixPart *parts;
} DraftdMatrix;

/* Activation row stride for `n` features: padded to 32 floats (one quant block). */
static inline guint32 draftd_pad32 (guint32 n) { return (n + 31u) & ~31u; }

/* Uploads the row-wise concatenation of `n` tensors of the same type and row length. */
gboolean draftd_matrix_upload (DraftdVk *vk, DraftdMatrix *m, const DraftdGgufTensor *const *tensors, guint n,
                               GError **error);
void draftd_matrix_clear (DraftdVk *vk, DraftdMatrix *m);

/* Uploads the concatenation of 1-D tensors as f32, padded with zeros to `padded` floats. */
gboolean draftd_vector_upload (DraftdVk *vk, DraftdVkBuffer *buf, const DraftdGgufTensor *const *tensors, guint n,
                               guint32 padded, GError **error);
