package org.shangmi.core.sm4;

/**
 * The SM4 S-box (GB/T 32907-2016) as a boolean circuit of 105 XOR and 36 AND gates, applied to
 * eight bit planes at once: bit i of every input byte sits in plane i, at the same position in
 * each plane, so one call evaluates the S-box on up to 64 bytes. No table, no branch, no index
 * depends on the data.
 *
 * <p>The circuit computes the S-box without its two constants: {@code S(x) = G(x ^ IN) ^ OUT}
 * for the function G of {@link #apply}. Callers add {@link #IN} with the round key and
 * {@link #OUT} after the linear map, where they cost nothing or one XOR per word.
 *
 * <p>How the circuit was made (tools/sbox/sm4.py, which regenerates this file's body):
 * the S-box is S(x) = A·(A·x + 0xd3)⁻¹ + 0xd3, the inverse taken in GF(2^8) modulo x^8 + x^7 +
 * x^6 + x^5 + x^4 + x^2 + 1 and A a fixed 8×8 bit matrix, so G(y) = A·(A·y)⁻¹ and IN = A⁻¹·0xd3.
 * The inversion is done in the isomorphic tower field GF(((2^2)^2)^2) (GF(4) = GF(2)[w]/(w² + w +
 * 1), GF(16) = GF(4)[z]/(z² + z + (w + 1)), GF(256) = GF(16)[y]/(y² + y + λ), λ = 10 in that
 * representation), where an inverse takes 36 ANDs; the change of basis into the tower (sending the
 * field's generator to the tower element 246) is folded with A into the linear layers before and
 * after. Every input-linear signal an AND needs is made in one shared layer found by a
 * Boyar–Peralta-style search; the other XORs are shared greedily. {@code Sm4SBoxTest} checks the
 * circuit against the standard's table on all 256 inputs.
 */
final class Sm4SBoxCircuit {

    /** The S-box's input constant: S(x) = G(x ^ IN) ^ OUT. */
    static final int IN = 0x75;
    /** The S-box's output constant. */
    static final int OUT = 0xd3;

    private Sm4SBoxCircuit() {
    }

    /** Replaces the planes {@code p[off..off+8)} (plane i holding bit i) by those of G(x). */
    static void apply(long[] p, int off) {
        long x0 = p[off + 0];
        long x1 = p[off + 1];
        long x2 = p[off + 2];
        long x3 = p[off + 3];
        long x4 = p[off + 4];
        long x5 = p[off + 5];
        long x6 = p[off + 6];
        long x7 = p[off + 7];
        long t0 = x2 ^ x4;
        long t1 = x0 ^ x1;
        long t2 = x3 ^ x5;
        long t3 = x7 ^ t0;
        long t4 = x2 ^ x6;
        long t5 = t1 ^ t4;
        long t6 = x6 ^ t3;
        long t7 = t0 ^ t1;
        long t8 = t2 ^ t7;
        long t9 = t3 ^ t5;
        long t10 = x5 ^ t6;
        long t11 = x3 ^ t7;
        long t12 = t3 ^ t11;
        long t13 = x1 ^ t8;
        long t14 = x0 ^ t10;
        long t15 = x0 ^ t7;
        long t16 = t0 ^ t8;
        long t17 = x0 ^ t13;
        long t18 = x0 ^ t5;
        long t19 = x4 ^ t5;
        long t20 = x5 ^ t5;
        long t21 = x3 ^ t20;
        long t22 = x7 ^ t14;
        long t23 = x4 ^ t21;
        long t24 = x2 ^ x7;
        long t25 = x0 ^ t12;
        long t26 = x0 ^ t3;
        long t27 = x4 ^ t12;
        long t28 = x7 ^ t2;
        long t29 = t12 ^ t13;
        long t30 = t2 ^ t14;
        long t31 = t4 ^ t28;
        long t32 = x1 ^ t10;
        long t33 = t2 ^ t9;
        long t34 = t19 & t30;
        long t35 = t7 & t16;
        long t36 = x6 & t32;
        long t37 = t34 ^ t35;
        long t38 = t36 ^ t35;
        long t39 = t9 & t18;
        long t40 = t31 & t4;
        long t41 = t8 & x1;
        long t42 = t39 ^ t40;
        long t43 = t41 ^ t40;
        long t44 = t24 & t27;
        long t45 = t33 & t21;
        long t46 = t23 & t10;
        long t47 = t44 ^ t45;
        long t48 = t46 ^ t45;
        long t49 = t37 ^ t42;
        long t50 = t38 ^ t43;
        long t51 = t47 ^ t48;
        long t52 = t42 ^ t48;
        long t53 = t43 ^ t51;
        long t54 = t15 ^ t53;
        long t55 = t22 ^ t52;
        long t56 = x5 ^ t50;
        long t57 = t20 ^ t49;
        long t58 = t57 ^ t56;
        long t59 = t57 ^ t58;
        long t60 = t55 ^ t54;
        long t61 = t58 & t60;
        long t62 = t56 & t54;
        long t63 = t57 & t55;
        long t64 = t61 ^ t62;
        long t65 = t63 ^ t62;
        long t66 = t58 ^ t64;
        long t67 = t59 ^ t65;
        long t68 = t66 ^ t55;
        long t69 = t67 ^ t60;
        long t70 = t68 ^ t69;
        long t71 = t68 ^ t70;
        long t72 = t58 & t71;
        long t73 = t56 & t70;
        long t74 = t57 & t68;
        long t75 = t72 ^ t73;
        long t76 = t74 ^ t73;
        long t77 = t57 ^ t55;
        long t78 = t56 ^ t54;
        long t79 = t77 ^ t78;
        long t80 = t79 & t71;
        long t81 = t78 & t70;
        long t82 = t77 & t68;
        long t83 = t80 ^ t81;
        long t84 = t82 ^ t81;
        long t85 = t75 ^ t83;
        long t86 = t76 ^ t84;
        long t87 = t85 ^ t86;
        long t88 = t19 & t87;
        long t89 = t7 & t86;
        long t90 = x6 & t85;
        long t91 = t88 ^ t89;
        long t92 = t90 ^ t89;
        long t93 = t83 ^ t84;
        long t94 = t9 & t93;
        long t95 = t31 & t84;
        long t96 = t8 & t83;
        long t97 = t94 ^ t95;
        long t98 = t96 ^ t95;
        long t99 = t75 ^ t76;
        long t100 = t24 & t99;
        long t101 = t33 & t76;
        long t102 = t23 & t75;
        long t103 = t100 ^ t101;
        long t104 = t102 ^ t101;
        long t105 = t91 ^ t97;
        long t106 = t92 ^ t98;
        long t107 = t103 ^ t104;
        long t108 = t97 ^ t104;
        long t109 = t98 ^ t107;
        long t110 = t25 & t87;
        long t111 = t17 & t86;
        long t112 = t29 & t85;
        long t113 = t110 ^ t111;
        long t114 = t112 ^ t111;
        long t115 = t26 & t93;
        long t116 = t28 & t84;
        long t117 = t13 & t83;
        long t118 = t115 ^ t116;
        long t119 = t117 ^ t116;
        long t120 = t11 & t99;
        long t121 = t3 & t76;
        long t122 = t12 & t75;
        long t123 = t120 ^ t121;
        long t124 = t122 ^ t121;
        long t125 = t113 ^ t118;
        long t126 = t114 ^ t119;
        long t127 = t123 ^ t124;
        long t128 = t118 ^ t124;
        long t129 = t119 ^ t127;
        long t130 = t109 ^ t128;
        long t131 = t106 ^ t130;
        long t132 = t126 ^ t129;
        long t133 = t108 ^ t131;
        long t134 = t105 ^ t132;
        long t135 = t134 ^ t125;
        long t136 = t129 ^ t131;
        long t137 = t135 ^ t128;
        long t138 = t126 ^ t133;
        long t139 = t135 ^ t133;
        long t140 = t109 ^ t129;
        p[off + 0] = t136;
        p[off + 1] = t137;
        p[off + 2] = t138;
        p[off + 3] = t139;
        p[off + 4] = t131;
        p[off + 5] = t133;
        p[off + 6] = t134;
        p[off + 7] = t140;
    }
}
