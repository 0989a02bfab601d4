"""Boolean circuits for S-boxes of the form S(x) = post(inv(pre(x))) over GF(2^8), the inverse
taken modulo a given polynomial and pre/post GF(2)-linear maps (callers handle the constants).

For every tower field GF(((2^2)^2)^2) and every isomorphism into it, the inversion is built in
the tower (36 AND gates) between two linear layers that fold in the change of basis and the
maps. Every signal that is linear in the input is kept symbolic until an AND gate needs it; all
of those are then made together by a Boyar-Peralta-style search (add the XOR of two known
signals that most shortens the remaining distances), which shares far more than making them
one by one; the other XORs are shared greedily. The smallest circuit is kept and checked on all
256 inputs at once (Python integers as 256-lane bit planes). Used by sm4.py and zuc.py.
"""


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

def tower_candidates(poly):
  """(N, L, g): towers and the roots g of the field polynomial poly (bit i = coefficient of x^i)."""
  candidates = []
  for N in (2, 3):
      m16 = make16(N)
      if not is_field(m16, 16): continue
      for L in range(1, 16):
          m256 = make256(m16, L)
          # irreducible iff y^2 + y + L has no root in GF16
          if any(m16(r, r) ^ r ^ L == 0 for r in range(16)): continue
          for g in range(2, 256):
              p = [pw(m256, g, e) for e in range(9)]
              v = 0
              for e in range(9):
                  if (poly >> e) & 1: v ^= p[e]
              if v == 0:
                  candidates.append((N, L, g))
  return candidates


class Linear:
    """A linear function of the input bits, bit i of mask standing for x_i; made only on demand."""
    __slots__ = ('mask',)
    def __init__(self, mask): self.mask = mask


class Circuit:
    def __init__(self):
        self.ops = []      # (name, op, a, b) after the input layer
        self.count = {'xor': 0, 'and': 0, 'not': 0}
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

def build(N, L, g, pre, post):
    m16 = make16(N); m256 = make256(m16, L)
    # M: the field (poly basis) -> tower; column i = g^i
    gp = [pw(m256, g, e) for e in range(8)]
    def M(x):
        r = 0
        for i in range(8):
            if (x >> i) & 1: r ^= gp[i]
        return r
    Minv_table = {M(x): x for x in range(256)}
    c = Circuit()
    x = [Linear(1 << i) for i in range(8)]     # x_i = bit i of the input byte
    u = c.linear(matrix_of(lambda v: M(pre(v)), 8, 8), x)
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
    out = c.linear(matrix_of(lambda t: post(Minv_table[t]), 8, 8), r0 + r1)
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

def evaluate(ops, out, inputs=8):
    """The circuit's function on every input, as a list of output bytes."""
    env = {}
    size = 1 << inputs
    for i in range(inputs):
        env['x%d' % i] = sum(1 << x for x in range(size) if (x >> i) & 1)
    full = (1 << size) - 1
    for name, op, a, b in ops:
        if op == 'xor': env[name] = env[a] ^ env[b]
        elif op == 'and': env[name] = env[a] & env[b]
        else: env[name] = env[a] ^ full
    result = [0] * size
    for k, name in enumerate(out):
        v = env[name]
        for x in range(size):
            if (v >> x) & 1: result[x] |= 1 << k
    return result

def smallest(poly, pre, post):
    """The smallest circuit for post(inv(pre(x))) over the tower candidates: (ops, out, (N, L, g))."""
    best = None
    for cand in tower_candidates(poly):
        ops, out = build(*cand, pre, post)
        if best is None or len(ops) < len(best[0]):
            best = (ops, out, cand)
    return best
