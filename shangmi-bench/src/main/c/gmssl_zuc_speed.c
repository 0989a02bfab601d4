/*
 * Times GmSSL 3's ZUC (its C library, libgmssl) for the messages ZucBench measures, so that
 * bin/bench --zuc can set them side by side on one machine: each case (a new IV per message,
 * initialisation included) runs for SECONDS (default 1) five times; the median rate is printed
 * as "ALGORITHM SIZE MB_per_second", one line each. The MAC covers frames of 8,000 bytes, as
 * ZucBench's does; the ciphers encrypt each message whole.
 *
 * Build: cc -O2 -I GMSSL/include gmssl_zuc_speed.c -L GMSSL/build/bin -lgmssl
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gmssl/zuc.h>

#define MAC_FRAME 8000

static uint8_t in[65536];
static uint8_t out[65536];
static uint8_t key[32];
static uint8_t iv[32];

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void next_iv(void) {
    for (int i = 0; i < 8 && ++iv[i] == 0; i++) {
    }
}

static void zuc128(size_t n) {
    ZUC_STATE state;
    next_iv();
    zuc_init(&state, key, iv);
    zuc_encrypt(&state, in, n, out);
}

static void zuc256(size_t n) {
    ZUC256_STATE state;
    next_iv();
    zuc256_init(&state, key, iv);
    zuc_encrypt(&state, in, n, out);
}

static void eia3(size_t n) {
    for (size_t offset = 0; offset < n; offset += MAC_FRAME) {
        size_t length = n - offset < MAC_FRAME ? n - offset : MAC_FRAME;
        ZUC_MAC_CTX ctx;
        next_iv();
        zuc_mac_init(&ctx, key, iv);
        zuc_mac_update(&ctx, in + offset, length);
        zuc_mac_finish(&ctx, NULL, 0, out);
    }
}

static int compare(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static void measure(const char *name, void (*op)(size_t), size_t n, double seconds) {
    double rates[5];
    for (int round = 0; round < 5; round++) {
        long count = 0;
        double start = now(), end;
        do {
            op(n);
            count++;
            end = now();
        } while (end - start < seconds);
        rates[round] = count * (double) n / (end - start) / 1e6;
    }
    qsort(rates, 5, sizeof(double), compare);
    printf("%s %zu %.2f\n", name, n, rates[2]);
    fflush(stdout);
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    size_t sizes[] = {64, 1024, 65536};
    for (int i = 0; i < 3; i++) {
        measure("ZUC-128", zuc128, sizes[i], seconds);
        measure("ZUC-256", zuc256, sizes[i], seconds);
        measure("EIA3", eia3, sizes[i], seconds);
    }
    return 0;
}
