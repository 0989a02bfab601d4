package org.shangmi.core.zuc;

/**
 * ZUC's S-box layer S (GM/T 0001.1-2012) on two 32-bit words at once, as a boolean circuit:
 * no table, no branch and no index depends on the data.
 *
 * <p>S maps a word's bytes, most significant first, through S0, S1, S0, S1. The eight bytes of
 * {@code (u << 32) | v} are spread into eight bit planes (plane i holds bit i of every byte, at
 * the byte's lowest bit), both S-boxes' circuits run on all the planes, and each byte keeps the
 * result of its own S-box. The bits between the lanes carry garbage that the final masks drop.
 *
 * <p>How the circuits were made (tools/sbox/zuc.py regenerates the body of {@link #apply}):
 * S1(x) = A·x⁻¹ + 0x55 in GF(2^8) modulo x^8 + x^7 + x^3 + x + 1 with A a fixed bit matrix; the
 * inversion runs in a tower field GF(((2^2)^2)^2) between two linear layers that fold in the
 * change of basis and A (the method of {@code Sm4SBoxCircuit}). S0 is the cipher's construction
 * from three 4-bit boxes (t = x1 + P1(x2), u = x2 + P2(t), v = t + P3(u), S0 = (u‖v) ⋘ 1), each
 * box written as its algebraic normal form. The script checks both circuits against the
 * standard's tables on all 256 inputs; {@code ZucSBoxTest} checks this class again.
 * Gates: S1: N=2 L=12 g=140; 105 XOR, 36 AND. S0: 45 XOR, 22 AND, 4 NOT.
 */
final class ZucSBox {

    /** The lanes of the bytes that take S0 (bytes 1 and 3 of each word). */
    private static final long S0_LANES = 0x0100010001000100L;
    /** The lanes of the bytes that take S1 (bytes 0 and 2 of each word). */
    private static final long S1_LANES = 0x0001000100010001L;
    /** S1's constant, added in S1's bytes after the circuit. */
    private static final long S1_CONSTANT = 0x0055005500550055L;

    private ZucSBox() {
    }

    /** Returns S(u) in the high word and S(v) in the low word, for {@code w = (u << 32) | v}. */
    static long apply(long w) {
        long x0 = w;
        long x1 = w >>> 1;
        long x2 = w >>> 2;
        long x3 = w >>> 3;
        long x4 = w >>> 4;
        long x5 = w >>> 5;
        long x6 = w >>> 6;
        long x7 = w >>> 7;
        long a0 = x4 ^ x7;
        long a1 = x1 ^ x2;
        long a2 = x5 ^ x6;
        long a3 = x3 ^ a1;
        long a4 = x3 ^ x5;
        long a5 = x0 ^ a3;
        long a6 = x1 ^ x6;
        long a7 = x2 ^ a0;
        long a8 = x3 ^ a6;
        long a9 = x7 ^ a2;
        long a10 = a0 ^ a5;
        long a11 = x2 ^ a4;
        long a12 = a0 ^ a4;
        long a13 = x0 ^ x3;
        long a14 = a9 ^ a10;
        long a15 = x0 ^ x4;
        long a16 = x4 ^ a4;
        long a17 = a5 ^ a8;
        long a18 = a2 ^ a3;
        long a19 = a13 ^ a14;
        long a20 = x0 ^ a7;
        long a21 = x3 ^ a0;
        long a22 = x5 ^ x7;
        long a23 = a8 ^ a9;
        long a24 = a12 ^ a13;
        long a25 = a9 ^ a11;
        long a26 = a6 ^ a7;
        long a27 = a6 ^ a10;
        long a28 = x3 ^ a26;
        long a29 = a0 ^ a19;
        long a30 = a8 ^ a12;
        long a31 = a1 ^ a30;
        long a32 = a1 & a13;
        long a33 = a9 & a14;
        long a34 = a29 & a19;
        long a35 = a32 ^ a33;
        long a36 = a34 ^ a33;
        long a37 = a31 & a24;
        long a38 = a25 & a15;
        long a39 = a16 & a22;
        long a40 = a37 ^ a38;
        long a41 = a39 ^ a38;
        long a42 = a30 & a12;
        long a43 = a11 & a18;
        long a44 = a28 & a26;
        long a45 = a42 ^ a43;
        long a46 = a44 ^ a43;
        long a47 = a35 ^ a40;
        long a48 = a36 ^ a41;
        long a49 = a45 ^ a46;
        long a50 = a40 ^ a49;
        long a51 = a41 ^ a45;
        long a52 = a20 ^ a51;
        long a53 = x4 ^ a50;
        long a54 = a23 ^ a48;
        long a55 = a3 ^ a47;
        long a56 = a55 ^ a54;
        long a57 = a55 ^ a56;
        long a58 = a53 ^ a52;
        long a59 = a56 & a58;
        long a60 = a54 & a52;
        long a61 = a55 & a53;
        long a62 = a59 ^ a60;
        long a63 = a61 ^ a60;
        long a64 = a57 ^ a62;
        long a65 = a55 ^ a63;
        long a66 = a64 ^ a53;
        long a67 = a65 ^ a58;
        long a68 = a66 ^ a67;
        long a69 = a66 ^ a68;
        long a70 = a56 & a69;
        long a71 = a54 & a68;
        long a72 = a55 & a66;
        long a73 = a70 ^ a71;
        long a74 = a72 ^ a71;
        long a75 = a55 ^ a53;
        long a76 = a54 ^ a52;
        long a77 = a75 ^ a76;
        long a78 = a77 & a69;
        long a79 = a76 & a68;
        long a80 = a75 & a66;
        long a81 = a78 ^ a79;
        long a82 = a80 ^ a79;
        long a83 = a73 ^ a81;
        long a84 = a74 ^ a82;
        long a85 = a83 ^ a84;
        long a86 = a1 & a85;
        long a87 = a9 & a84;
        long a88 = a29 & a83;
        long a89 = a86 ^ a87;
        long a90 = a88 ^ a87;
        long a91 = a81 ^ a82;
        long a92 = a31 & a91;
        long a93 = a25 & a82;
        long a94 = a16 & a81;
        long a95 = a92 ^ a93;
        long a96 = a94 ^ a93;
        long a97 = a73 ^ a74;
        long a98 = a30 & a97;
        long a99 = a11 & a74;
        long a100 = a28 & a73;
        long a101 = a98 ^ a99;
        long a102 = a100 ^ a99;
        long a103 = a89 ^ a95;
        long a104 = a90 ^ a96;
        long a105 = a101 ^ a102;
        long a106 = a95 ^ a105;
        long a107 = a96 ^ a101;
        long a108 = a5 & a85;
        long a109 = a10 & a84;
        long a110 = a0 & a83;
        long a111 = a108 ^ a109;
        long a112 = a110 ^ a109;
        long a113 = a17 & a91;
        long a114 = a27 & a82;
        long a115 = a21 & a81;
        long a116 = a113 ^ a114;
        long a117 = a115 ^ a114;
        long a118 = a8 & a97;
        long a119 = a6 & a74;
        long a120 = x3 & a73;
        long a121 = a118 ^ a119;
        long a122 = a120 ^ a119;
        long a123 = a111 ^ a116;
        long a124 = a112 ^ a117;
        long a125 = a121 ^ a122;
        long a126 = a116 ^ a125;
        long a127 = a117 ^ a121;
        long a128 = a103 ^ a127;
        long a129 = a106 ^ a128;
        long a130 = a107 ^ a129;
        long a131 = a104 ^ a130;
        long a132 = a103 ^ a126;
        long a133 = a123 ^ a130;
        long a134 = a104 ^ a129;
        long a135 = a126 ^ a131;
        long a136 = a104 ^ a128;
        long a137 = a132 ^ a104;
        long a138 = a137 ^ a106;
        long a139 = a138 ^ a123;
        long a140 = a124 ^ a131;
        long b0 = x1 & x3;
        long b1 = x2 & x3;
        long b2 = x0 & x2;
        long b3 = x0 & x3;
        long b4 = x1 & x2;
        long b5 = x0 & x1;
        long b6 = x1 ^ x3;
        long b7 = x0 ^ x2;
        long b8 = b2 ^ b7;
        long b9 = b0 ^ b6;
        long b10 = b1 ^ b9;
        long b11 = b3 ^ b8;
        long b12 = b4 ^ b8;
        long b13 = b5 ^ b9;
        long b14 = ~b10;
        long b15 = ~b13;
        long b16 = x4 ^ b14;
        long b17 = x5 ^ b11;
        long b18 = x6 ^ b12;
        long b19 = x7 ^ b15;
        long b20 = b17 & b18;
        long b21 = b16 & b17;
        long b22 = b21 & b18;
        long b23 = b16 & b19;
        long b24 = b17 & b19;
        long b25 = b18 & b19;
        long b26 = b16 & b18;
        long b27 = b20 & b19;
        long b28 = b26 & b19;
        long b29 = b21 & b19;
        long b30 = b18 ^ b23;
        long b31 = b25 ^ b30;
        long b32 = b24 ^ b31;
        long b33 = b22 ^ b32;
        long b34 = b21 ^ b27;
        long b35 = b17 ^ b34;
        long b36 = b16 ^ b20;
        long b37 = b19 ^ b33;
        long b38 = b37 ^ b36;
        long b39 = b19 ^ b26;
        long b40 = b39 ^ b32;
        long b41 = b40 ^ b35;
        long b42 = b28 ^ b30;
        long b43 = b42 ^ b35;
        long b44 = b43 ^ b36;
        long b45 = b17 ^ b29;
        long b46 = b45 ^ b33;
        long b47 = ~b46;
        long b48 = x0 ^ b38;
        long b49 = x1 ^ b41;
        long b50 = x2 ^ b44;
        long b51 = x3 ^ b47;
        long b52 = b48 & b50;
        long b53 = b50 & b51;
        long b54 = b49 & b50;
        long b55 = b49 & b51;
        long b56 = b48 & b51;
        long b57 = b48 & b49;
        long b58 = b51 ^ b52;
        long b59 = b58 ^ b53;
        long b60 = b50 ^ b54;
        long b61 = b60 ^ b55;
        long b62 = b48 ^ b55;
        long b63 = b62 ^ b56;
        long b64 = b49 ^ b52;
        long b65 = b64 ^ b57;
        long b66 = ~b61;
        long b67 = b16 ^ b59;
        long b68 = b17 ^ b66;
        long b69 = b18 ^ b63;
        long b70 = b19 ^ b65;
        long o0 = (a133 & S1_LANES) | (b51 & S0_LANES);
        long o1 = (a134 & S1_LANES) | (b67 & S0_LANES);
        long o2 = (a135 & S1_LANES) | (b68 & S0_LANES);
        long o3 = (a132 & S1_LANES) | (b69 & S0_LANES);
        long o4 = (a136 & S1_LANES) | (b70 & S0_LANES);
        long o5 = (a123 & S1_LANES) | (b48 & S0_LANES);
        long o6 = (a139 & S1_LANES) | (b49 & S0_LANES);
        long o7 = (a140 & S1_LANES) | (b50 & S0_LANES);
        return (o0 | o1 << 1 | o2 << 2 | o3 << 3 | o4 << 4 | o5 << 5 | o6 << 6 | o7 << 7) ^ S1_CONSTANT;
    }
}
