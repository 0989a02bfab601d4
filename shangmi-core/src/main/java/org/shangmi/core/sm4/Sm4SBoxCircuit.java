package org.shangmi.core.sm4;

/**
 * The SM4 S-box (GB/T 32907-2016) as a boolean circuit of 115 XOR, 36 AND and 7 NOT gates,
 * applied to eight bit planes at once: bit i of every input byte sits in plane i, at the same
 * position in each plane, so one call evaluates the S-box on up to 64 bytes. No table, no branch,
 * no index depends on the data.
 *
 * <p>How the circuit was made (tools/sm4-sbox/, which regenerates this file's body): the S-box
 * is S(x) = A·(A·x + 0xd3)⁻¹ + 0xd3, the inverse taken in GF(2^8) modulo x^8 + x^7 + x^6 + x^5 +
 * x^4 + x^2 + 1 and A a fixed 8×8 bit matrix. The inversion is done in the isomorphic tower
 * field GF(((2^2)^2)^2) (GF(4) = GF(2)[w]/(w² + w + 1), GF(16) = GF(4)[z]/(z² + z + (w + 1)),
 * GF(256) = GF(16)[y]/(y² + y + λ), λ = 10 in that representation), where an inverse takes 36
 * ANDs; the change of basis into the tower (sending the field's generator to the tower element
 * 246) is folded with A and 0xd3 into one affine layer before, and one after. The linear layers
 * share XORs by greedy pair elimination. {@code Sm4SBoxTest} checks the circuit against the
 * standard's table on all 256 inputs.
 */
final class Sm4SBoxCircuit {

    private Sm4SBoxCircuit() {
    }

    /** Replaces the planes {@code p[off..off+8)} (plane i holding bit i) by those of S(x). */
    static void apply(long[] p, int off) {
        long x0 = p[off + 0];
        long x1 = p[off + 1];
        long x2 = p[off + 2];
        long x3 = p[off + 3];
        long x4 = p[off + 4];
        long x5 = p[off + 5];
        long x6 = p[off + 6];
        long x7 = p[off + 7];
        long t0 = x5 ^ x6;
        long t1 = x2 ^ x3;
        long t2 = x0 ^ x1;
        long t3 = t2 ^ x4;
        long t4 = t0 ^ x7;
        long t5 = t1 ^ t3;
        long t6 = x2 ^ x6;
        long t7 = t0 ^ t1;
        long t8 = t7 ^ t2;
        long t9 = t4 ^ x2;
        long t10 = t9 ^ x4;
        long t11 = t1 ^ t4;
        long t12 = ~t11;
        long t13 = t5 ^ x5;
        long t14 = t3 ^ t4;
        long t15 = t14 ^ x3;
        long t16 = t0 ^ t5;
        long t17 = ~t16;
        long t18 = t8 ^ x1;
        long t19 = t10 ^ t17;
        long t20 = t13 ^ t18;
        long t21 = t20 ^ t6;
        long t22 = t10 ^ t12;
        long t23 = t22 ^ t18;
        long t24 = t13 ^ t15;
        long t25 = t24 ^ t19;
        long t26 = t25 ^ t8;
        long t27 = t12 ^ t19;
        long t28 = t17 ^ t13;
        long t29 = t15 ^ t12;
        long t30 = t10 ^ x1;
        long t31 = t8 ^ t6;
        long t32 = t28 ^ t29;
        long t33 = t30 ^ t31;
        long t34 = t32 & t33;
        long t35 = t29 & t31;
        long t36 = t28 & t30;
        long t37 = t34 ^ t35;
        long t38 = t36 ^ t35;
        long t39 = t13 ^ t12;
        long t40 = x1 ^ t6;
        long t41 = t39 & t40;
        long t42 = t12 & t6;
        long t43 = t13 & x1;
        long t44 = t41 ^ t42;
        long t45 = t43 ^ t42;
        long t46 = t17 ^ t15;
        long t47 = t10 ^ t8;
        long t48 = t46 & t47;
        long t49 = t15 & t8;
        long t50 = t17 & t10;
        long t51 = t48 ^ t49;
        long t52 = t50 ^ t49;
        long t53 = t37 ^ t44;
        long t54 = t38 ^ t45;
        long t55 = t51 ^ t52;
        long t56 = t44 ^ t52;
        long t57 = t45 ^ t55;
        long t58 = t21 ^ t57;
        long t59 = t23 ^ t56;
        long t60 = t26 ^ t54;
        long t61 = t27 ^ t53;
        long t62 = t61 ^ t60;
        long t63 = t61 ^ t62;
        long t64 = t59 ^ t58;
        long t65 = t62 & t64;
        long t66 = t60 & t58;
        long t67 = t61 & t59;
        long t68 = t65 ^ t66;
        long t69 = t67 ^ t66;
        long t70 = t62 ^ t68;
        long t71 = t63 ^ t69;
        long t72 = t70 ^ t59;
        long t73 = t71 ^ t64;
        long t74 = t72 ^ t73;
        long t75 = t72 ^ t74;
        long t76 = t62 & t75;
        long t77 = t60 & t74;
        long t78 = t61 & t72;
        long t79 = t76 ^ t77;
        long t80 = t78 ^ t77;
        long t81 = t61 ^ t59;
        long t82 = t60 ^ t58;
        long t83 = t81 ^ t82;
        long t84 = t83 & t75;
        long t85 = t82 & t74;
        long t86 = t81 & t72;
        long t87 = t84 ^ t85;
        long t88 = t86 ^ t85;
        long t89 = t79 ^ t87;
        long t90 = t80 ^ t88;
        long t91 = t89 ^ t90;
        long t92 = t32 & t91;
        long t93 = t29 & t90;
        long t94 = t28 & t89;
        long t95 = t92 ^ t93;
        long t96 = t94 ^ t93;
        long t97 = t87 ^ t88;
        long t98 = t39 & t97;
        long t99 = t12 & t88;
        long t100 = t13 & t87;
        long t101 = t98 ^ t99;
        long t102 = t100 ^ t99;
        long t103 = t79 ^ t80;
        long t104 = t46 & t103;
        long t105 = t15 & t80;
        long t106 = t17 & t79;
        long t107 = t104 ^ t105;
        long t108 = t106 ^ t105;
        long t109 = t95 ^ t101;
        long t110 = t96 ^ t102;
        long t111 = t107 ^ t108;
        long t112 = t101 ^ t108;
        long t113 = t102 ^ t111;
        long t114 = t15 ^ t8;
        long t115 = t13 ^ x1;
        long t116 = t12 ^ t6;
        long t117 = t19 ^ t115;
        long t118 = t114 ^ t116;
        long t119 = t117 ^ t118;
        long t120 = t119 & t91;
        long t121 = t118 & t90;
        long t122 = t117 & t89;
        long t123 = t120 ^ t121;
        long t124 = t122 ^ t121;
        long t125 = t115 ^ t116;
        long t126 = t125 & t97;
        long t127 = t116 & t88;
        long t128 = t115 & t87;
        long t129 = t126 ^ t127;
        long t130 = t128 ^ t127;
        long t131 = t19 ^ t114;
        long t132 = t131 & t103;
        long t133 = t114 & t80;
        long t134 = t19 & t79;
        long t135 = t132 ^ t133;
        long t136 = t134 ^ t133;
        long t137 = t123 ^ t129;
        long t138 = t124 ^ t130;
        long t139 = t135 ^ t136;
        long t140 = t129 ^ t136;
        long t141 = t130 ^ t139;
        long t142 = t113 ^ t140;
        long t143 = t110 ^ t142;
        long t144 = t138 ^ t141;
        long t145 = t112 ^ t143;
        long t146 = t109 ^ t144;
        long t147 = t137 ^ t146;
        long t148 = t141 ^ t143;
        long t149 = ~t148;
        long t150 = t140 ^ t147;
        long t151 = ~t150;
        long t152 = t138 ^ t145;
        long t153 = t145 ^ t147;
        long t154 = ~t143;
        long t155 = ~t146;
        long t156 = t113 ^ t141;
        long t157 = ~t156;
        p[off + 0] = t149;
        p[off + 1] = t151;
        p[off + 2] = t152;
        p[off + 3] = t153;
        p[off + 4] = t154;
        p[off + 5] = t145;
        p[off + 6] = t155;
        p[off + 7] = t157;
    }
}
