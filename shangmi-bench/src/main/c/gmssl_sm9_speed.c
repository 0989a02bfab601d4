/*
 * Times GmSSL 3's SM9 (its C library, libgmssl) for the operations Sm9Bench measures, so that
 * bin/bench --sm9 can set the two side by side on one machine: each operation runs for
 * SECONDS (default 2) five times; the median rate is printed as "name ops_per_second", one
 * line each. GmSSL signs without precomputation: sm9_sign_finish computes e(P1, Ppub-s) for
 * every signature, and verification computes two pairings.
 *
 * Build: cc -O2 -I GMSSL/include gmssl_sm9_speed.c -L GMSSL/build/bin -lgmssl
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gmssl/sm9.h>
#include <gmssl/sm9_z256.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

typedef int (*operation)(void);

static SM9_SIGN_MASTER_KEY sign_master;
static SM9_SIGN_KEY alice;
static SM9_ENC_MASTER_KEY enc_master;
static SM9_ENC_KEY bob;
static SM9_EXCH_KEY bob_exch;
static uint8_t message[32];
static uint8_t signature[SM9_SIGNATURE_SIZE];
static size_t signature_len;
static SM9_Z256_POINT encapsulation;
static uint8_t ciphertext[SM9_MAX_CIPHERTEXT_SIZE];
static size_t ciphertext_len;
static SM9_Z256_POINT alice_r;

static int pairing(void) {
    sm9_z256_fp12_t r;
    sm9_z256_pairing(r, &sign_master.Ppubs, sm9_z256_generator());
    return (int) r[0][0][0][0] & 1;
}

static int sign(void) {
    SM9_SIGN_CTX ctx;
    sm9_sign_init(&ctx);
    sm9_sign_update(&ctx, message, sizeof(message));
    return sm9_sign_finish(&ctx, &alice, signature, &signature_len) == 1 ? 0 : -1;
}

static int verify(void) {
    SM9_SIGN_CTX ctx;
    sm9_verify_init(&ctx);
    sm9_verify_update(&ctx, message, sizeof(message));
    return sm9_verify_finish(&ctx, signature, signature_len, &sign_master, "Alice", 5) == 1 ? 0 : -1;
}

static int encapsulate(void) {
    uint8_t key[32];
    return sm9_kem_encrypt(&enc_master, "Bob", 3, sizeof(key), key, &encapsulation) == 1 ? 0 : -1;
}

static int decapsulate(void) {
    uint8_t key[32];
    return sm9_kem_decrypt(&bob, "Bob", 3, &encapsulation, sizeof(key), key) == 1 ? 0 : -1;
}

static int encrypt(void) {
    return sm9_encrypt(&enc_master, "Bob", 3, message, sizeof(message), ciphertext, &ciphertext_len) == 1 ? 0 : -1;
}

static int decrypt(void) {
    uint8_t plain[SM9_MAX_PLAINTEXT_SIZE];
    size_t plain_len;
    return sm9_decrypt(&bob, "Bob", 3, ciphertext, ciphertext_len, plain, &plain_len) == 1 ? 0 : -1;
}

/* B's side of the exchange: its ephemeral key and the shared key from A's R (GmSSL's step 1B) */
static int exchange_responder(void) {
    SM9_Z256_POINT rb;
    uint8_t key[16];
    return sm9_exch_step_1B(&enc_master, "Alice", 5, "Bob", 3, &bob_exch, &alice_r, &rb, key, sizeof(key)) == 1 ? 0 : -1;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static void measure(const char *name, operation op, double seconds) {
    double rates[5];
    for (int round = 0; round < 5; round++) {
        long count = 0;
        double start = now(), end;
        do {
            if (op() < 0) {
                fprintf(stderr, "%s failed\n", name);
                exit(1);
            }
            count++;
            end = now();
        } while (end - start < seconds);
        rates[round] = count / (end - start);
    }
    qsort(rates, 5, sizeof(double), compare);
    printf("%s %.2f\n", name, rates[2]);
    fflush(stdout);
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 2.0;
    memset(message, 'm', sizeof(message));
    sm9_z256_t ra;
    if (sm9_sign_master_key_generate(&sign_master) != 1
            || sm9_sign_master_key_extract_key(&sign_master, "Alice", 5, &alice) != 1
            || sm9_enc_master_key_generate(&enc_master) != 1
            || sm9_enc_master_key_extract_key(&enc_master, "Bob", 3, &bob) != 1
            || sm9_exch_master_key_extract_key(&enc_master, "Bob", 3, &bob_exch) != 1
            || sm9_exch_step_1A(&enc_master, "Bob", 3, &alice_r, ra) != 1
            || sign() < 0 || verify() < 0 || encapsulate() < 0 || decapsulate() < 0 || encrypt() < 0 || decrypt() < 0) {
        fprintf(stderr, "GmSSL SM9 setup failed\n");
        return 1;
    }
    measure("pairing", pairing, seconds);
    measure("sign", sign, seconds);
    measure("verify", verify, seconds);
    measure("encapsulate", encapsulate, seconds);
    measure("decapsulate", decapsulate, seconds);
    measure("encrypt", encrypt, seconds);
    measure("decrypt", decrypt, seconds);
    measure("exchangeResponder", exchange_responder, seconds);
    return 0;
}
