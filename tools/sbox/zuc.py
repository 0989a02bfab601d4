#!/usr/bin/env python3
"""Derives the circuit of shangmi-core's ZucSBox (ZUC's S0 and S1, GM/T 0001.1) and prints the
Java body.

S1 is S1(x) = A·inv(x) + 0x55 over GF(2^8) mod x^8+x^7+x^3+x+1, A a bit matrix found here from
the table (it is the linear map y -> S1(inv(y)) + 0x55); its circuit is the tower-field
inversion of towercircuit.py with no map before and A after.
S0 is built from three 4-bit boxes: with x = x1||x2 (x1 the high nibble), t = x1 + P1(x2),
u = x2 + P2(t), v = t + P3(u) and S0(x) = (u||v) <<< 1; each P box is written as its algebraic
normal form, the AND of each monomial made once, the XORs shared greedily.
Both circuits run on the same eight bit planes; the Java code keeps S0's result in the bytes that
take S0 and S1's in the others. Everything printed is checked against the tables first.
Run: python3 tools/sbox/zuc.py (about five seconds).
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from towercircuit import ginv, smallest, evaluate, Circuit

# S-boxes of GM/T 0001.1-2012 (ZUC), row by row
S0 = bytes.fromhex("""
3e 72 5b 47 ca e0 00 33 04 d1 54 98 09 b9 6d cb 7b 1b f9 32 af 9d 6a a5 b8 2d fc 1d 08 53 03 90
4d 4e 84 99 e4 ce d9 91 dd b6 85 48 8b 29 6e ac cd c1 f8 1e 73 43 69 c6 b5 bd fd 39 63 20 d4 38
76 7d b2 a7 cf ed 57 c5 f3 2c bb 14 21 06 55 9b e3 ef 5e 31 4f 7f 5a a4 0d 82 51 49 5f ba 58 1c
4a 16 d5 17 a8 92 24 1f 8c ff d8 ae 2e 01 d3 ad 3b 4b da 46 eb c9 de 9a 8f 87 d7 3a 80 6f 2f c8
b1 b4 37 f7 0a 22 13 28 7c cc 3c 89 c7 c3 96 56 07 bf 7e f0 0b 2b 97 52 35 41 79 61 a6 4c 10 fe
bc 26 95 88 8a b0 a3 fb c0 18 94 f2 e1 e5 e9 5d d0 dc 11 66 64 5c ec 59 42 75 12 f5 74 9c aa 23
0e 86 ab be 2a 02 e7 67 e6 44 a2 6c c2 93 9f f1 f6 fa 36 d2 50 68 9e 62 71 15 3d d6 40 c4 e2 0f
8e 83 77 6b 25 05 3f 0c 30 ea 70 b7 a1 e8 a9 65 8d 27 1a db 81 b3 a0 f4 45 7a 19 df ee 78 34 60
""".replace("\n", " "))
S1 = bytes.fromhex("""
55 c2 63 71 3b c8 47 86 9f 3c da 5b 29 aa fd 77 8c c5 94 0c a6 1a 13 00 e3 a8 16 72 40 f9 f8 42
44 26 68 96 81 d9 45 3e 10 76 c6 a7 8b 39 43 e1 3a b5 56 2a c0 6d b3 05 22 66 bf dc 0b fa 62 48
dd 20 11 06 36 c9 c1 cf f6 27 52 bb 69 f5 d4 87 7f 84 4c d2 9c 57 a4 bc 4f 9a df fe d6 8d 7a eb
2b 53 d8 5c a1 14 17 fb 23 d5 7d 30 67 73 08 09 ee b7 70 3f 61 b2 19 8e 4e e5 4b 93 8f 5d db a9
ad f1 ae 2e cb 0d fc f4 2d 46 6e 1d 97 e8 d1 e9 4d 37 a5 75 5e 83 9e ab 82 9d b9 1c e0 cd 49 89
01 b6 bd 58 24 a2 5f 38 78 99 15 90 50 b8 95 e4 d0 91 c7 ce ed 0f b4 6f a0 cc f0 02 4a 79 c3 de
a3 ef ea 51 e6 6b 18 ec 1b 2c 80 f7 74 e7 ff 21 5a 6a 54 1e 41 31 92 35 c4 33 07 0a ba 7e 0e 34
88 b1 98 7c f3 3d 60 6c 7b ca d3 1f 32 65 04 28 64 be 85 9b 2f 59 8a d7 b0 25 ac af 12 03 e2 f2
""".replace("\n", " "))
assert len(S0) == 256 and sorted(S0) == list(range(256))
assert len(S1) == 256 and sorted(S1) == list(range(256))
POLY = 0x18B
OUT1 = S1[0]

# S1: A(y) = S1(inv(y)) + 0x55 must be linear
inv = [ginv(x, POLY) for x in range(256)]
def A(y):
    r = 0
    for i in range(8):
        if (y >> i) & 1: r ^= S1[inv[1 << i]] ^ OUT1
    return r
assert all(A(inv[x]) ^ OUT1 == S1[x] for x in range(256)), 'S1 is not A·inv(x) + c'
ops1, out1, cand = smallest(POLY, lambda v: v, A)
assert evaluate(ops1, out1) == [S1[x] ^ OUT1 for x in range(256)], 'not S1'

# S0 from the 4-bit boxes
P1 = [9, 15, 0, 14, 15, 15, 2, 10, 0, 4, 0, 12, 7, 5, 3, 9]
P2 = [8, 13, 6, 5, 7, 0, 12, 4, 11, 1, 14, 10, 15, 3, 9, 2]
P3 = [2, 6, 10, 6, 0, 13, 10, 15, 3, 3, 13, 5, 0, 9, 12, 13]
def s0_model(x):
    x1, x2 = x >> 4, x & 15
    t = x1 ^ P1[x2]; u = x2 ^ P2[t]; v = t ^ P3[u]
    y = (u << 4) | v
    return ((y << 1) | (y >> 7)) & 0xff
assert all(s0_model(x) == S0[x] for x in range(256)), 'S0 is not the P-box construction'

def anf(bits):
    a = list(bits)
    for i in range(4):
        for x in range(16):
            if (x >> i) & 1: a[x] ^= a[x ^ (1 << i)]
    return [m for m in range(16) if a[m]]

class S0Circuit(Circuit):
    def not_(self, a): return self.new('not', a, a)

c = Circuit.__new__(S0Circuit); Circuit.__init__(c)
def pbox(P, ins):
    """ins: 4 signal names (bit 0 first); returns the 4 output names."""
    prods = {1 << i: ins[i] for i in range(4)}
    def prod(m):
        if m in prods: return prods[m]
        # split off the highest variable and reuse the product of the rest
        hi = 1 << (m.bit_length() - 1)
        prods[m] = c.and_(prod(m ^ hi), ins[hi.bit_length() - 1])
        return prods[m]
    rows, consts = [], []
    for b in range(4):
        ms = anf([(P[x] >> b) & 1 for x in range(16)])
        consts.append(0 in ms)
        rows.append([prod(m) for m in ms if m])
    names = sorted(set(n for r in rows for n in r))
    outs = c.linear([set(names.index(n) for n in r) for r in rows], names)
    return [c.not_(o) if k else o for o, k in zip(outs, consts)]
x = ['x%d' % i for i in range(8)]
x2, x1 = x[0:4], x[4:8]
p1 = pbox(P1, x2)
t = [c.xor(a, b) for a, b in zip(x1, p1)]
p2 = pbox(P2, t)
u = [c.xor(a, b) for a, b in zip(x2, p2)]
p3 = pbox(P3, u)
v = [c.xor(a, b) for a, b in zip(t, p3)]
y = v + u                      # bits 0..7 of u||v
out0 = [y[(k - 1) % 8] for k in range(8)]   # rotated left by one
ops0 = c.ops
assert evaluate(ops0, out0) == list(S0), 'not S0'

# print: S1's temporaries a*, S0's b*
def namer(prefix, ops):
    order = {name: '%s%d' % (prefix, k) for k, (name, _, _, _) in enumerate(ops)}
    return lambda n: order.get(n, n)
lines = []
for prefix, ops in (('a', ops1), ('b', ops0)):
    r = namer(prefix, ops)
    for name, op, a, b in ops:
        if op == 'not': lines.append('long %s = ~%s;' % (r(name), r(a)))
        else: lines.append('long %s = %s %s %s;' % (r(name), r(a), '^' if op == 'xor' else '&', r(b)))
r1, r0 = namer('a', ops1), namer('b', ops0)
for k in range(8):
    lines.append('long o%d = (%s & S1_LANES) | (%s & S0_LANES);' % (k, r1(out1[k]), r0(out0[k])))
count = lambda ops, op: sum(1 for o in ops if o[1] == op)
print('// S1: N=%d L=%d g=%d; %d XOR, %d AND. S0: %d XOR, %d AND, %d NOT' % (
    cand[0], cand[1], cand[2], count(ops1, 'xor'), count(ops1, 'and'),
    count(ops0, 'xor'), count(ops0, 'and'), count(ops0, 'not')))
print('\n'.join(lines))
