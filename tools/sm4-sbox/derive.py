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
Run: python3 tools/sm4-sbox/derive.py (about ten seconds).
"""
import sys
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

def gmul(a, b, poly):
    r = 0
    while b:
        if b & 1: r ^= a
        b >>= 1; a <<= 1
        if a & 0x100: a ^= poly
    return r
def ginv(a, poly):
    if a == 0: return 0
    for b in range(1, 256):
        if gmul(a, b, poly) == 1: return b
def matvec(rows, x, msb_first):
    # rows[i] gives output bit i (msb_first: i=0 is bit 7); row bit j (same convention) selects input bit
    y = 0
    for i, row in enumerate(rows):
        bits = 0
        for j in range(8):
            rb = (row >> (7 - j)) & 1 if msb_first else (row >> j) & 1
            xb = (x >> (7 - j)) & 1 if msb_first else (x >> j) & 1
            bits ^= rb & xb
        y |= bits << ((7 - i) if msb_first else i)
    return y
# the matrix A of the algebraic form, its columns as bytes, most significant bit first
A = [0b11100101, 0b11110010, 0b01111001, 0b10111100, 0b01011110, 0b00101111, 0b10010111, 0b11001011]


# GF(4) = GF(2)[w]/(w^2+w+1): 2-bit ints (a1 a0)
def m4(a, b):
    a1, a0, b1, b0 = a >> 1, a & 1, b >> 1, b & 1
    t = (a1 ^ a0) & (b1 ^ b0)
    return ((t ^ (a0 & b0)) << 1) | ((a1 & b1) ^ (a0 & b0))
def make16(N):
    def m16(a, b):
        A1, A0, B1, B0 = a >> 2, a & 3, b >> 2, b & 3
        T = m4(A1 ^ A0, B1 ^ B0); P0 = m4(A0, B0); P1 = m4(A1, B1)
        return ((T ^ P0) << 2) | (P0 ^ m4(N, P1))
    return m16
def make256(m16, L):
    def m256(a, b):
        A1, A0, B1, B0 = a >> 4, a & 15, b >> 4, b & 15
        T = m16(A1 ^ A0, B1 ^ B0); P0 = m16(A0, B0); P1 = m16(A1, B1)
        return ((T ^ P0) << 4) | (P0 ^ m16(L, P1))
    return m256
def is_field(mul, size):
    # every nonzero element has an inverse
    return all(any(mul(a, b) == 1 for b in range(1, size)) for a in range(1, size))

def pw(mul, g, e):
    r = 1
    for _ in range(e): r = mul(r, g)
    return r

def tower_candidates():
  candidates = []
  for N in (2, 3):
      m16 = make16(N)
      if not is_field(m16, 16): continue
      for L in range(1, 16):
          m256 = make256(m16, L)
          # irreducible iff y^2 + y + L has no root in GF16
          if any(m16(r, r) ^ r ^ L == 0 for r in range(16)): continue
          # roots of f(x) = x^8+x^7+x^6+x^5+x^4+x^2+1 in the tower
          for g in range(2, 256):
              p = [pw(m256, g, e) for e in range(9)]
              if p[8] ^ p[7] ^ p[6] ^ p[5] ^ p[4] ^ p[2] ^ p[0] == 0:
                  candidates.append((N, L, g))
  return candidates



FULL = (1 << 256) - 1
A_T = [sum((((A[j] >> (7 - i)) & 1) << (7 - j)) for j in range(8)) for i in range(8)]
def affine_A(x):  # the matrix of S(x) = A·inv(A·x ^ c) ^ c, acting on a byte
    return matvec(A_T, x, True)
C = 0xd3
IN = next(y for y in range(256) if affine_A(y) == C)  # A·IN = c


class Linear:
    """A linear function of the input bits, bit i of mask standing for x_i; made only on demand."""
    __slots__ = ('mask',)
    def __init__(self, mask): self.mask = mask


class Circuit:
    def __init__(self):
        self.ops = []      # (name, op, a, b) after the input layer
        self.count = {'xor': 0, 'and': 0}
        self.n = 0
        self.cache = {}
        self.needed = {}   # mask of a Linear an AND needs -> its placeholder name
    def name(self, s):
        if isinstance(s, str): return s
        if s.mask == 0: raise ValueError('a zero signal')
        return self.needed.setdefault(s.mask, 'L%d' % s.mask)
    def new(self, op, a, b):
        key = (op, min(a, b), max(a, b))
        if key in self.cache: return self.cache[key]
        name = 't%d' % self.n; self.n += 1
        self.ops.append((name, op, a, b)); self.count[op] += 1
        self.cache[key] = name
        return name
    def xor(self, a, b):
        if isinstance(a, Linear) and isinstance(b, Linear): return Linear(a.mask ^ b.mask)
        return self.new('xor', self.name(a), self.name(b))
    def and_(self, a, b): return self.new('and', self.name(a), self.name(b))
    def linear(self, rows, inputs):
        """rows: sets of input indices. Symbolic on Linear inputs; else XORs shared greedily."""
        if all(isinstance(i, Linear) for i in inputs):
            outs = []
            for r in rows:
                m = 0
                for i in r: m ^= inputs[i].mask
                outs.append(Linear(m))
            return outs
        rows = [set(self.name(inputs[i]) for i in r) for r in rows]
        while True:
            pairs = {}
            for r in rows:
                items = sorted(r)
                for i in range(len(items)):
                    for j in range(i + 1, len(items)):
                        pairs[(items[i], items[j])] = pairs.get((items[i], items[j]), 0) + 1
            if not pairs: break
            (a, b), c = max(pairs.items(), key=lambda kv: (kv[1], kv[0]))
            if c < 2: break
            t = self.new('xor', a, b)
            for r in rows:
                if a in r and b in r:
                    r.discard(a); r.discard(b); r.add(t)
        outs = []
        for r in rows:
            items = sorted(r)
            v = items[0]
            for it in items[1:]: v = self.new('xor', v, it)
            outs.append(v)
        return outs

def matrix_of(f, nbits_in, nbits_out):
    """rows[k] = set of input bit indices feeding output bit k, for a GF(2)-linear f."""
    cols = [f(1 << i) for i in range(nbits_in)]
    return [set(i for i in range(nbits_in) if (cols[i] >> k) & 1) for k in range(nbits_out)]

def input_layer(targets):
    """XORs of the 8 inputs that make every target mask: start from the inputs and keep adding
    the XOR of two known signals that most lowers the sum of the targets' distances (the fewest
    known signals that XOR to it, less one), ties to the larger sum of squares. Returns
    (new mask, a, b) triples in order."""
    known = [1 << i for i in range(8)]
    dist = [9] * 256
    dist[0] = 0
    for _ in range(8):
        for k in known:
            for v in range(256):
                dist[v] = min(dist[v], dist[v ^ k] + 1)
    program = []
    left = [t for t in targets if dist[t] > 1]
    while left:
        best = None
        for i in range(len(known)):
            for j in range(i + 1, len(known)):
                e = known[i] ^ known[j]
                if e in known: continue
                ds = [min(dist[t], dist[t ^ e] + 1) for t in left]
                key = (sum(ds), -sum(d * d for d in ds), e)
                if best is None or key < best[0]: best = (key, e, known[i], known[j])
        _, e, a, b = best
        program.append((e, a, b)); known.append(e)
        dist = [min(dist[v], dist[v ^ e] + 1) for v in range(256)]
        left = [t for t in left if dist[t] > 1]
    return program

def build(N, L, g):
    m16 = make16(N); m256 = make256(m16, L)
    # M: SM4 field (poly basis) -> tower; column i = g^i
    gp = [pw(m256, g, e) for e in range(8)]
    def M(x):
        r = 0
        for i in range(8):
            if (x >> i) & 1: r ^= gp[i]
        return r
    Minv_table = {M(x): x for x in range(256)}
    c = Circuit()
    x = [Linear(1 << i) for i in range(8)]     # x_i = bit i of the input byte
    u = c.linear(matrix_of(lambda v: M(affine_A(v)), 8, 8), x)   # u = M(A y)
    def add4(a, b): return (c.xor(a[0], b[0]), c.xor(a[1], b[1]))
    def mul4(a, b):
        t = c.and_(c.xor(a[0], a[1]), c.xor(b[0], b[1]))
        p0 = c.and_(a[1], b[1]); p1 = c.and_(a[0], b[0])
        return (c.xor(t, p0), c.xor(p1, p0))
    def sq4(a): return (a[0], c.xor(a[0], a[1]))
    def scaleN(a): return (c.xor(a[0], a[1]), a[0]) if N == 2 else (a[1], c.xor(a[0], a[1]))
    def add16(A, B): return (add4(A[0], B[0]), add4(A[1], B[1]))
    def mul16(A, B):
        T = mul4(add4(A[0], A[1]), add4(B[0], B[1])); P0 = mul4(A[1], B[1]); P1 = mul4(A[0], B[0])
        return (add4(T, P0), add4(P0, scaleN(P1)))
    def inv16(A):
        d = add4(add4(scaleN(sq4(A[0])), mul4(A[0], A[1])), sq4(A[1]))
        di = sq4(d)
        return (mul4(A[0], di), mul4(add4(A[0], A[1]), di))
    def nib(bits):  # bits [b0,b1,b2,b3] -> GF16 ((A1 hi, lo), (A0 hi, lo))
        return ((bits[3], bits[2]), (bits[1], bits[0]))
    def bits_of(A): return [A[1][1], A[1][0], A[0][1], A[0][0]]
    B0 = nib(u[0:4]); B1 = nib(u[4:8])
    # the linear part of Delta (L·B1^2 + B0^2), as one linear layer on u
    def lin_delta(v):
        b1, b0 = v >> 4, v & 15
        return m16(L, m16(b1, b1)) ^ m16(b0, b0)
    lin = c.linear(matrix_of(lin_delta, 8, 4), u)
    prod = bits_of(mul16(B1, B0))
    delta_bits = [c.xor(lin[k], prod[k]) for k in range(4)]
    di = inv16(nib(delta_bits))
    r1 = bits_of(mul16(B1, di)); r0 = bits_of(mul16(add16(B1, B0), di))
    out = c.linear(matrix_of(lambda t: affine_A(Minv_table[t]), 8, 8), r0 + r1)
    # the input layer, then the rest with its placeholders replaced
    names = {1 << i: 'x%d' % i for i in range(8)}
    ops = []
    for k, (e, a, b) in enumerate(input_layer(sorted(c.needed))):
        names[e] = 'v%d' % k
        ops.append((names[e], 'xor', names[a], names[b]))
    rename = {placeholder: names[mask] for mask, placeholder in c.needed.items()}
    for name, op, a, b in c.ops:
        ops.append((name, op, rename.get(a, a), rename.get(b, b)))
    return ops, [rename.get(o, o) for o in out]

def evaluate(ops, out):
    env = {}
    for i in range(8):
        env['x%d' % i] = sum(1 << x for x in range(256) if (x >> i) & 1)
    for name, op, a, b in ops:
        env[name] = env[a] ^ env[b] if op == 'xor' else env[a] & env[b]
    result = [0] * 256
    for k, name in enumerate(out):
        v = env[name]
        for x in range(256):
            if (v >> x) & 1: result[x] |= 1 << k
    return result


assert all(affine_A(ginv(affine_A(x) ^ C, 0x1F5)) ^ C == SBOX[x] for x in range(256)), 'not the algebraic form'
best = None
for cand in tower_candidates():
    ops, out = build(*cand)
    if best is None or len(ops) < len(best[0]):
        best = (ops, out, cand)
ops, out, cand = best
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
