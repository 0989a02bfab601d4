#!/usr/bin/env python3
"""Derives the SM4 S-box circuit of shangmi-core's Sm4SBoxCircuit and prints the Java body.

The S-box is S(x) = A·inv(A·x + c) + c over GF(2^8) mod x^8+x^7+x^6+x^5+x^4+x^2+1, with A a
fixed bit matrix and c = 0xd3. The circuit computes G(y) = A·inv(A·y), which has no constant:
S(x) = G(x + IN) + c with IN = A^-1·c, and the callers add IN and c where it costs nothing
(IN with the round key, c after the linear map L, as one constant word).

Steps: check the algebraic form against the standard's table; for every tower field
GF(((2^2)^2)^2) and every isomorphism into it, build G as linear layer, tower inversion,
linear layer. Every signal that is linear in the input is kept symbolic until an AND gate needs
it; all of those are then made together by a Boyar-Peralta-style search (add the XOR of two
known signals that most shortens the remaining distances), which shares far more than making
them one by one. Keep the smallest circuit, evaluate it on all 256 inputs at once (Python
integers as 256-lane bit planes) and print it only if it equals the table.
Run: python3 tools/sbox/sm4.py (about ten seconds). The search itself is in towercircuit.py.
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from towercircuit import ginv, matvec, smallest, evaluate
# S-box table of GB/T 32907-2016 (SM4), row by row
SBOX = bytes.fromhex("""
d6 90 e9 fe cc e1 3d b7 16 b6 14 c2 28 fb 2c 05
2b 67 9a 76 2a be 04 c3 aa 44 13 26 49 86 06 99
9c 42 50 f4 91 ef 98 7a 33 54 0b 43 ed cf ac 62
e4 b3 1c a9 c9 08 e8 95 80 df 94 fa 75 8f 3f a6
47 07 a7 fc f3 73 17 ba 83 59 3c 19 e6 85 4f a8
68 6b 81 b2 71 64 da 8b f8 eb 0f 4b 70 56 9d 35
1e 24 0e 5e 63 58 d1 a2 25 22 7c 3b 01 21 78 87
d4 00 46 57 9f d3 27 52 4c 36 02 e7 a0 c4 c8 9e
ea bf 8a d2 40 c7 38 b5 a3 f7 f2 ce f9 61 15 a1
e0 ae 5d a4 9b 34 1a 55 ad 93 32 30 f5 8c b1 e3
1d f6 e2 2e 82 66 ca 60 c0 29 23 ab 0d 53 4e 6f
d5 db 37 45 de fd 8e 2f 03 ff 6a 72 6d 6c 5b 51
8d 1b af 92 bb dd bc 7f 11 d9 5c 41 1f 10 5a d8
0a c1 31 88 a5 cd 7b bd 2d 74 d0 12 b8 e5 b4 b0
89 69 97 4a 0c 96 77 7e 65 b9 f1 09 c5 6e c6 84
18 f0 7d ec 3a dc 4d 20 79 ee 5f 3e d7 cb 39 48
""".replace("\n", " "))
assert len(SBOX) == 256 and sorted(SBOX) == list(range(256))
# the matrix A of the algebraic form, its columns as bytes, most significant bit first
A = [0b11100101, 0b11110010, 0b01111001, 0b10111100, 0b01011110, 0b00101111, 0b10010111, 0b11001011]
A_T = [sum((((A[j] >> (7 - i)) & 1) << (7 - j)) for j in range(8)) for i in range(8)]
def affine_A(x):  # the matrix of S(x) = A·inv(A·x ^ c) ^ c, acting on a byte
    return matvec(A_T, x, True)
C = 0xd3
IN = next(y for y in range(256) if affine_A(y) == C)  # A·IN = c

assert all(affine_A(ginv(affine_A(x) ^ C, 0x1F5)) ^ C == SBOX[x] for x in range(256)), 'not the algebraic form'
ops, out, cand = smallest(0x1F5, affine_A, affine_A)
assert evaluate(ops, out) == [SBOX[y ^ IN] ^ C for y in range(256)], 'not the S-box'
# temporaries renamed in order of definition; inputs x0..x7
order = {name: 't%d' % k for k, (name, _, _, _) in enumerate(ops)}
def r(name): return order.get(name, name)
lines = ['long x%d = p[off + %d];' % (i, i) for i in range(8)]
for name, op, a, b in ops:
    lines.append('long %s = %s %s %s;' % (r(name), r(a), '^' if op == 'xor' else '&', r(b)))
lines += ['p[off + %d] = %s;' % (k, r(name)) for k, name in enumerate(out)]
counts = {op: sum(1 for o in ops if o[1] == op) for op in ('xor', 'and')}
print('// N=%d L=%d g=%d; IN=0x%02x; %d XOR, %d AND' % (cand[0], cand[1], cand[2], IN, counts['xor'], counts['and']))
print('\n'.join(lines))
