/* Float32 matmul in the order of the gemm crate (0.19), as Burn's Flex backend calls it.
 *
 * `out` is row-major (m, n); `a` and `b` are read through their strides (in elements), as
 * Flex passes a tensor's layout to gemm. Each output is computed alone, from its own row of `a`
 * and column of `b`, so splitting the outputs over threads never changes a bit. The paths
 * (which one gemm takes, and its k block) are chosen in pbpit/engine/gemm.py:
 *
 * - pbpit_blocked: k in blocks of `kc`; each block an FMA chain from +0.0, added to the output
 *   (the first block stored as it is). The fast path: packed panels, a SIMD micro-kernel.
 * - pbpit_horizontal: blocks of 1024; 8 lanes, lane l takes the products with k = l mod 8,
 *   reduced as ((l0+l4)+(l2+l6)) + ((l1+l5)+(l3+l7)).
 * - pbpit_gemv_col: one chain over all of k, starting from the first product.
 * - pbpit_gemv_row: 8 accumulators of `lanes` lanes, combined as a tree, then the lanes in
 *   order, then the last products one by one.
 * - pbpit_gevv (k <= 2): products rounded, then added.
 *
 * `fused` says whether gemm's multiply-add is a fused one on the target CPU (FMA) or a rounded
 * product then a rounded sum. Compiled with -ffp-contract=off: no other operation is fused.
 */

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__AVX512F__) || (defined(__AVX__) && defined(__FMA__))
#include <immintrin.h>
#endif

typedef int64_t i64;

static inline float mul_add(float a, float b, float c, int fused) {
    return fused ? fmaf(a, b, c) : a * b + c;
}

/* -- vectors: the widest this machine has; lanes are different outputs ------------------- */

#if defined(__AVX512F__)
#define VW 16
typedef __m512 vf;
#define VLOAD(p) _mm512_loadu_ps(p)
#define VSTORE(p, v) _mm512_storeu_ps(p, v)
#define VSET1(x) _mm512_set1_ps(x)
#define VZERO() _mm512_setzero_ps()
#define VFMA(a, b, c) _mm512_fmadd_ps(a, b, c)
#define VMUL(a, b) _mm512_mul_ps(a, b)
#define VADD(a, b) _mm512_add_ps(a, b)
#define MR 6
#elif defined(__AVX__) && defined(__FMA__)
#define VW 8
typedef __m256 vf;
#define VLOAD(p) _mm256_loadu_ps(p)
#define VSTORE(p, v) _mm256_storeu_ps(p, v)
#define VSET1(x) _mm256_set1_ps(x)
#define VZERO() _mm256_setzero_ps()
#define VFMA(a, b, c) _mm256_fmadd_ps(a, b, c)
#define VMUL(a, b) _mm256_mul_ps(a, b)
#define VADD(a, b) _mm256_add_ps(a, b)
#define MR 6
#else
#define VW 4
typedef float vf __attribute__((vector_size(16)));
static inline vf vload(const float *p) { vf v; memcpy(&v, p, sizeof v); return v; }
static inline void vstore(float *p, vf v) { memcpy(p, &v, sizeof v); }
static inline vf vfma(vf a, vf b, vf c) {
    vf r;
    for (int l = 0; l < VW; l++) r[l] = fmaf(a[l], b[l], c[l]);
    return r;
}
#define VLOAD(p) vload(p)
#define VSTORE(p, v) vstore(p, v)
#define VSET1(x) ((vf){(x), (x), (x), (x)})
#define VZERO() ((vf){0.0f, 0.0f, 0.0f, 0.0f})
#define VFMA(a, b, c) vfma(a, b, c)
#define VMUL(a, b) ((a) * (b))
#define VADD(a, b) ((a) + (b))
#define MR 4
#endif

#define NR (2 * VW)
/* Cache blocking of the outputs (never of k, whose blocks are gemm's). */
#define MC (16 * MR)
#define NC (8 * NR)

/* -- the blocked path ----------------------------------------------------------------------- */

static void pack_a(i64 rows, i64 kb, const float *a, i64 a_rs, i64 a_cs, float *dst) {
    for (i64 i0 = 0; i0 < rows; i0 += MR) {
        i64 h = rows - i0 < MR ? rows - i0 : MR;
        for (i64 p = 0; p < kb; p++) {
            for (i64 r = 0; r < h; r++) dst[p * MR + r] = a[(i0 + r) * a_rs + p * a_cs];
            for (i64 r = h; r < MR; r++) dst[p * MR + r] = 0.0f;
        }
        dst += kb * MR;
    }
}

static void pack_b(i64 cols, i64 kb, const float *b, i64 b_rs, i64 b_cs, float *dst) {
    for (i64 j0 = 0; j0 < cols; j0 += NR) {
        i64 w = cols - j0 < NR ? cols - j0 : NR;
        for (i64 p = 0; p < kb; p++) {
            const float *row = b + p * b_rs + j0 * b_cs;
            if (b_cs == 1 && w == NR) {
                memcpy(dst + p * NR, row, NR * sizeof(float));
                continue;
            }
            for (i64 c = 0; c < w; c++) dst[p * NR + c] = row[c * b_cs];
            for (i64 c = w; c < NR; c++) dst[p * NR + c] = 0.0f;
        }
        dst += kb * NR;
    }
}

/* One MR x NR tile: a chain of multiply-adds from +0.0 over the block, then stored (the first
 * block) or added to the output. */
#define MICRO_KERNEL(NAME, STEP)                                                                \
    static void NAME(i64 kb, const float *ap, const float *bp, float *out, i64 ldc, i64 rows,   \
                     i64 cols, int first) {                                                     \
        vf acc[MR][2];                                                                          \
        for (int r = 0; r < MR; r++) acc[r][0] = acc[r][1] = VZERO();                           \
        for (i64 p = 0; p < kb; p++) {                                                          \
            vf b0 = VLOAD(bp + p * NR), b1 = VLOAD(bp + p * NR + VW);                           \
            for (int r = 0; r < MR; r++) {                                                      \
                vf x = VSET1(ap[p * MR + r]);                                                   \
                acc[r][0] = STEP(x, b0, acc[r][0]);                                             \
                acc[r][1] = STEP(x, b1, acc[r][1]);                                             \
            }                                                                                   \
        }                                                                                       \
        if (rows == MR && cols == NR) {                                                         \
            for (int r = 0; r < MR; r++) {                                                      \
                float *o = out + r * ldc;                                                       \
                if (first) {                                                                    \
                    VSTORE(o, acc[r][0]);                                                       \
                    VSTORE(o + VW, acc[r][1]);                                                  \
                } else {                                                                        \
                    VSTORE(o, VADD(VLOAD(o), acc[r][0]));                                       \
                    VSTORE(o + VW, VADD(VLOAD(o + VW), acc[r][1]));                             \
                }                                                                               \
            }                                                                                   \
            return;                                                                             \
        }                                                                                       \
        float tile[MR][NR];                                                                     \
        for (int r = 0; r < MR; r++) {                                                          \
            VSTORE(tile[r], acc[r][0]);                                                         \
            VSTORE(tile[r] + VW, acc[r][1]);                                                    \
        }                                                                                       \
        for (i64 r = 0; r < rows; r++)                                                          \
            for (i64 c = 0; c < cols; c++)                                                      \
                out[r * ldc + c] = first ? tile[r][c] : out[r * ldc + c] + tile[r][c];          \
    }

#define FUSED_STEP(x, b, acc) VFMA(x, b, acc)
#define ROUNDED_STEP(x, b, acc) VADD(VMUL(x, b), acc)
MICRO_KERNEL(tile_fused, FUSED_STEP)
MICRO_KERNEL(tile_rounded, ROUNDED_STEP)

static void blocked(i64 m, i64 n, i64 k, const float *a, i64 a_rs, i64 a_cs, const float *b,
                    i64 b_rs, i64 b_cs, float *out, i64 ldc, i64 kc, int fused) {
    i64 kb_max = kc < k ? kc : k;
    float *ap = aligned_alloc(64, sizeof(float) * ((MC * kb_max + 15) / 16 * 16));
    float *bp = aligned_alloc(64, sizeof(float) * ((NC * kb_max + 15) / 16 * 16));
    for (i64 j0 = 0; j0 < n; j0 += NC) {
        i64 nb = n - j0 < NC ? n - j0 : NC;
        for (i64 k0 = 0; k0 < k; k0 += kc) {
            i64 kb = k - k0 < kc ? k - k0 : kc;
            pack_b(nb, kb, b + k0 * b_rs + j0 * b_cs, b_rs, b_cs, bp);
            for (i64 i0 = 0; i0 < m; i0 += MC) {
                i64 mb = m - i0 < MC ? m - i0 : MC;
                pack_a(mb, kb, a + i0 * a_rs + k0 * a_cs, a_rs, a_cs, ap);
                for (i64 jr = 0; jr < nb; jr += NR) {
                    i64 w = nb - jr < NR ? nb - jr : NR;
                    for (i64 ir = 0; ir < mb; ir += MR) {
                        i64 h = mb - ir < MR ? mb - ir : MR;
                        float *o = out + (i0 + ir) * ldc + j0 + jr;
                        const float *pa = ap + (ir / MR) * kb * MR;
                        const float *pb = bp + (jr / NR) * kb * NR;
                        if (fused)
                            tile_fused(kb, pa, pb, o, ldc, h, w, k0 == 0);
                        else
                            tile_rounded(kb, pa, pb, o, ldc, h, w, k0 == 0);
                    }
                }
            }
        }
    }
    free(ap);
    free(bp);
}

/* The threads take disjoint rows (or columns) of the output, whole tiles each. */
typedef struct {
    i64 m, n, k, a_rs, a_cs, b_rs, b_cs, ldc, kc;
    const float *a, *b;
    float *out;
    int fused;
} Job;

static void *run_job(void *arg) {
    Job *j = arg;
    blocked(j->m, j->n, j->k, j->a, j->a_rs, j->a_cs, j->b, j->b_rs, j->b_cs, j->out, j->ldc,
            j->kc, j->fused);
    return NULL;
}

void pbpit_blocked(i64 m, i64 n, i64 k, const float *a, i64 a_rs, i64 a_cs, const float *b,
                   i64 b_rs, i64 b_cs, float *out, i64 kc, int fused, int threads) {
    if (threads > 64) threads = 64;
    int by_rows = m >= n;
    i64 unit = by_rows ? MR : NR, extent = by_rows ? m : n;
    i64 units = (extent + unit - 1) / unit;
    if (threads > units) threads = (int)units;
    if (threads < 1) threads = 1;
    Job jobs[64];
    pthread_t ids[64];
    i64 start = 0;
    for (int t = 0; t < threads; t++) {
        i64 take = (units / threads + (t < units % threads)) * unit;
        if (start + take > extent) take = extent - start;
        Job j = {m, n, k, a_rs, a_cs, b_rs, b_cs, n, kc, a, b, out, fused};
        if (by_rows) {
            j.m = take;
            j.a = a + start * a_rs;
            j.out = out + start * n;
        } else {
            j.n = take;
            j.b = b + start * b_cs;
            j.out = out + start;
        }
        jobs[t] = j;
        start += take;
    }
    int started[64] = {0};
    for (int t = 1; t < threads; t++)
        started[t] = pthread_create(&ids[t], NULL, run_job, &jobs[t]) == 0;
    run_job(&jobs[0]);
    for (int t = 1; t < threads; t++) {
        if (started[t])
            pthread_join(ids[t], NULL);
        else
            run_job(&jobs[t]);
    }
}

/* -- the small paths: one output at a time ------------------------------------------------ */

void pbpit_horizontal(i64 m, i64 n, i64 k, const float *a, i64 a_rs, i64 a_cs, const float *b,
                      i64 b_rs, i64 b_cs, float *out, int fused) {
    for (i64 i = 0; i < m; i++)
        for (i64 j = 0; j < n; j++) {
            float total = 0.0f;
            for (i64 k0 = 0; k0 < k; k0 += 1024) {
                i64 kb = k - k0 < 1024 ? k - k0 : 1024;
                float lane[8] = {0};
                for (i64 p = 0; p < kb; p++)
                    lane[p % 8] = mul_add(a[i * a_rs + (k0 + p) * a_cs],
                                          b[(k0 + p) * b_rs + j * b_cs], lane[p % 8], fused);
                float block = ((lane[0] + lane[4]) + (lane[2] + lane[6])) +
                              ((lane[1] + lane[5]) + (lane[3] + lane[7]));
                total = k0 == 0 ? block : total + block;
            }
            out[i * n + j] = total;
        }
}

void pbpit_gemv_col(i64 m, i64 n, i64 k, const float *a, i64 a_rs, i64 a_cs, const float *b,
                    i64 b_rs, i64 b_cs, float *out, int fused) {
    /* k outermost, the outputs innermost: the same chain per output, read in memory order */
    for (i64 i = 0; i < m; i++) {
        float *o = out + i * n;
        const float *ai = a + i * a_rs;
        for (i64 j = 0; j < n; j++) o[j] = ai[0] * b[j * b_cs];
        for (i64 p = 1; p < k; p++) {
            float x = ai[p * a_cs];
            const float *bp = b + p * b_rs;
            if (fused) {
                for (i64 j = 0; j < n; j++) o[j] = fmaf(x, bp[j * b_cs], o[j]);
            } else {
                for (i64 j = 0; j < n; j++) o[j] = x * bp[j * b_cs] + o[j];
            }
        }
    }
}

void pbpit_gemv_row(i64 m, i64 n, i64 k, const float *a, i64 a_rs, i64 a_cs, const float *b,
                    i64 b_rs, i64 b_cs, float *out, int fused, int lanes) {
    i64 wide = 8 * lanes;
    for (i64 i = 0; i < m; i++)
        for (i64 j = 0; j < n; j++) {
            const float *x = a + i * a_rs, *y = b + j * b_cs;
            float acc[8][16] = {{0}};
            i64 p = 0;
            for (; p + wide <= k; p += wide)
                for (int v = 0; v < 8; v++)
                    for (int l = 0; l < lanes; l++) {
                        i64 q = p + v * lanes + l;
                        acc[v][l] = mul_add(x[q * a_cs], y[q * b_rs], acc[v][l], fused);
                    }
            float sum[16];
            for (int l = 0; l < lanes; l++)
                sum[l] = ((acc[0][l] + acc[1][l]) + (acc[2][l] + acc[3][l])) +
                         ((acc[4][l] + acc[5][l]) + (acc[6][l] + acc[7][l]));
            for (; p + lanes <= k; p += lanes)
                for (int l = 0; l < lanes; l++)
                    sum[l] = mul_add(x[(p + l) * a_cs], y[(p + l) * b_rs], sum[l], fused);
            float total = sum[0];
            for (int l = 1; l < lanes; l++) total += sum[l];
            for (; p < k; p++) total = mul_add(x[p * a_cs], y[p * b_rs], total, fused);
            out[i * n + j] = total;
        }
}

void pbpit_gevv(i64 m, i64 n, i64 k, const float *a, i64 a_rs, i64 a_cs, const float *b,
                i64 b_rs, i64 b_cs, float *out) {
    for (i64 i = 0; i < m; i++)
        for (i64 j = 0; j < n; j++) {
            float first = a[i * a_rs] * b[j * b_cs];
            out[i * n + j] = k == 1 ? first : a[i * a_rs + a_cs] * b[b_rs + j * b_cs] + first;
        }
}

/* The vector width this build uses: pbpit's check that the library is the one it compiled. */
int pbpit_gemm_lanes(void) { return VW; }
