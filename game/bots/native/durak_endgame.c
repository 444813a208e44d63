/* The Durak endgame solver's search in C, for WebAssembly (issue 17, scope 1).
 *
 * A line-by-line port of Solver.value (game/bots/durak_endgame.py) and of the moves it
 * searches, EndgameMoves._kids and its helpers (game/bots/durak_endgame_moves.py): the
 * same positions, the same children in the same order, the same transposition table
 * keys (Solver.canon), the same repetition rule and the same count of work ("units"),
 * so it finds the same values with the same work as the Python search, some thirty to a
 * hundred times faster. The Python modules are the reference and their docstrings
 * describe the model and the rules W1-W3, L0, L1; tests/test_durak_endgame_native.py
 * checks this search against them, value and units, on thousands of endgames.
 * Built by scripts/build_native.py (zig cc from PyPI's ziglang, target
 * wasm32-freestanding, no libc); called through game/bots/durak_endgame.py's
 * NativeSearch interface (game/web/native_solver.py in the browser).
 *
 * A card is bit suit*13 + rank-2 (suits S H D C) of a 52-bit mask; masks cross the
 * WebAssembly boundary as doubles (exact below 2^53). The talon holds at most one card
 * (the face-up trump): the caller uses the Python search for longer talons.
 */
#include <stdint.h>

typedef uint64_t u64;
typedef uint32_t u32;
typedef int32_t i32;

#define MAX_ATTACK 6
#define HAND_SIZE 6
#define MAX_PLIES 600 /* as durak_endgame.MAX_PLIES */
#define KEY_WORDS 9
#define ARENA 65536  /* children of the positions on the search path */

#define EXPORT(name) __attribute__((export_name(name)))

typedef struct {
    u64 a, d, att, table, unb, ranks, talon; /* talon: 0 or one card bit */
    int ph, ame, taking, limit;
} Pos;

typedef struct {
    Pos p;
    int fin; /* 2: the child is the position p; else its final value -1, 0 or +1 */
} Kid;

typedef struct { u64 k[KEY_WORDS]; } Key;

typedef struct {
    Key key;
    int8_t lo, hi, used, pad;
    i32 best;
} Slot;

typedef struct { Slot *slots; u32 cap, n; } Table;

/* ------------------------------------------------------------------ memory */

extern unsigned char __heap_base;
static uintptr_t heap_top;

static void *grab(u32 bytes) {
    uintptr_t at = (heap_top + 15) & ~(uintptr_t)15;
    uintptr_t end = at + bytes;
    uintptr_t have = (uintptr_t)__builtin_wasm_memory_size(0) * 65536u;
    if (end > have) {
        uintptr_t pages = (end - have + 65535u) / 65536u;
        if (__builtin_wasm_memory_grow(0, pages) == (uintptr_t)-1) return 0;
    }
    heap_top = end;
    __builtin_memset((void *)at, 0, bytes);
    return (void *)at;
}

/* ------------------------------------------------------------------ cards */

static u64 RANK_MASK[13];
static u64 SUIT_MASK[4];
static u64 BEATERS[52]; /* card index -> cards that beat it */
static u64 BEATEN[52];  /* card index -> cards it beats */
static u64 ORDER[52];   /* card bits cheap first: non-trumps by rank, then trumps */
static u64 TRUMP_MASK;
static int TRANSFER;

static inline int count(u64 m) { return __builtin_popcountll(m); }
static inline u64 low(u64 m) { return m & (~m + 1); }
static inline int idx(u64 b) { return __builtin_ctzll(b); }
static inline u64 same_rank(u64 b) { return RANK_MASK[idx(b) % 13]; }
static inline int single(u64 m) { return (m & (m - 1)) == 0; }
static inline int min_i(int x, int y) { return x < y ? x : y; }

/* ------------------------------------------------------------------ state */

static Table tt;      /* key -> (lo, hi, best move index): Solver.tt */
static Table seen;    /* bout starts whose key was made: Solver._keys */
static Key path_key[MAX_PLIES + 2];
static u64 path_hash[MAX_PLIES + 2];
static int path_depth[MAX_PLIES + 2];
static int path_len;
static int plies;
static int low_mark;
static double nodes, budget; /* budget < 0: none */
static int aborted;          /* the work ran out (Budget) */
static Kid arena[ARENA];
static int arena_top;

#define NO_LOW (1 << 30)

/* ------------------------------------------------------------------ tables */

static u64 hash_key(const Key *k) {
    u64 h = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < KEY_WORDS; i++) {
        h ^= k->k[i];
        h *= 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
    }
    return h;
}

static int same_key(const Key *x, const Key *y) {
    for (int i = 0; i < KEY_WORDS; i++)
        if (x->k[i] != y->k[i]) return 0;
    return 1;
}

static int table_init(Table *t, u32 cap) {
    t->slots = (Slot *)grab(cap * (u32)sizeof(Slot));
    t->cap = t->slots ? cap : 0;
    t->n = 0;
    return t->slots != 0;
}

static Slot *table_find(const Table *t, const Key *k, u64 h) {
    if (!t->cap) return 0;
    u32 mask = t->cap - 1;
    for (u32 i = (u32)h & mask;; i = (i + 1) & mask) {
        Slot *s = &t->slots[i];
        if (!s->used) return 0;
        if (same_key(&s->key, k)) return s;
    }
}

static Slot *table_put(Table *t, const Key *k, u64 h);

static int table_grow(Table *t) {
    Table bigger;
    if (!table_init(&bigger, t->cap ? t->cap * 2 : 1024)) return 0;
    for (u32 i = 0; i < t->cap; i++) {
        Slot *s = &t->slots[i];
        if (s->used) *table_put(&bigger, &s->key, hash_key(&s->key)) = *s;
    }
    *t = bigger;
    return 1;
}

/* The slot of key k (h its hash), added empty (used set) when absent; 0 when memory
 * ran out (the caller then keeps nothing: the tables are only caches). */
static Slot *table_put(Table *t, const Key *k, u64 h) {
    if ((t->n + 1) * 2 > t->cap && !table_grow(t)) return 0;
    u32 mask = t->cap - 1;
    for (u32 i = (u32)h & mask;; i = (i + 1) & mask) {
        Slot *s = &t->slots[i];
        if (!s->used) {
            s->key = *k;
            s->used = 1;
            t->n++;
            return s;
        }
        if (same_key(&s->key, k)) return s;
    }
}

/* ------------------------------------------------------------------ keys */

static void raw_key(const Pos *p, Key *k) {
    k->k[0] = (u64)p->ph << 1 | (u64)p->ame << 3 | (u64)p->taking << 4 |
              (u64)p->limit << 5 | (p->talon ? (u64)(idx(p->talon) + 1) << 9 : 0);
    k->k[1] = p->a;
    k->k[2] = p->d;
    k->k[3] = p->att;
    k->k[4] = p->table;
    k->k[5] = p->unb;
    k->k[6] = p->ranks;
    k->k[7] = 0;
    k->k[8] = 0;
}

/* Solver.canon of a bout start: per suit, the labels of its live cards' ranks (0 for
 * a rank no other live card has, else 1, 2, ... by rank among the shared ones) and
 * which of them the attacker holds; with the talon empty the non-trump suits' parts
 * are sorted. Tag bit 0 set: never equal to a raw_key. */
static void canon(const Pos *p, Key *k) {
    u64 live = p->a | p->d | p->talon;
    u64 label[13];
    u64 next = 0;
    for (int r = 0; r < 13; r++) {
        u64 m = live & RANK_MASK[r];
        label[r] = single(m) ? 0 : ++next;
    }
    u64 w1[4], w2[4];
    int talon_at = 0, seen_cards = 0;
    for (int s = 0; s < 4; s++) {
        u64 shape = 0, pa = 0;
        int n = 0;
        for (int r = 0; r < 13; r++) {
            u64 b = (u64)1 << (s * 13 + r);
            if (!(live & b)) continue;
            if (b == p->talon) talon_at = seen_cards + n;
            shape |= label[r] << (4 * n);
            if (p->a & b) pa |= (u64)1 << n;
            n++;
        }
        seen_cards += n;
        w1[s] = (u64)n << 52 | shape;
        w2[s] = pa;
    }
    k->k[0] = 1 | (u64)p->ame << 1 | (u64)p->limit << 2 |
              (p->talon ? ((u64)1 << 8 | (u64)talon_at << 9) : 0);
    if (p->talon) {
        for (int s = 0; s < 4; s++) {
            k->k[1 + 2 * s] = w1[s];
            k->k[2 + 2 * s] = w2[s];
        }
        return;
    }
    int trump = idx(TRUMP_MASK) / 13;
    u64 o1[3], o2[3];
    int n = 0;
    for (int s = 0; s < 4; s++) {
        if (s == trump) continue;
        int j = n++;
        while (j > 0 && (o1[j - 1] > w1[s] || (o1[j - 1] == w1[s] && o2[j - 1] > w2[s]))) {
            o1[j] = o1[j - 1];
            o2[j] = o2[j - 1];
            j--;
        }
        o1[j] = w1[s];
        o2[j] = w2[s];
    }
    k->k[1] = w1[trump];
    k->k[2] = w2[trump];
    for (int i = 0; i < 3; i++) {
        k->k[3 + 2 * i] = o1[i];
        k->k[4 + 2 * i] = o2[i];
    }
}

/* ------------------------------------------------------------------ rules */

static int covers(u64 d, u64 unb) {
    if (!unb) return 1;
    u64 t = low(unb);
    if (count(d) < count(unb)) return 0;
    for (u64 m = d & BEATERS[idx(t)]; m; m &= m - 1)
        if (covers(d ^ low(m), unb ^ t)) return 1;
    return 0;
}

static int emptied(u64 d, u64 unb, int ame) {
    int v = (count(d) == count(unb) && covers(d, unb)) ? 0 : 1;
    return ame ? v : -v;
}

static u64 beatable(u64 d, u64 a) {
    u64 out = 0;
    for (; d; d &= d - 1) out |= BEATEN[idx(d)];
    return out & a;
}

static int beats_all(u64 d, u64 a) {
    u64 plain = d & ~TRUMP_MASK;
    if (plain) {
        for (int s = 0; s < 4; s++) {
            u64 sm = SUIT_MASK[s];
            if (plain & sm)
                return (a & ~sm) == 0 && (plain & ~sm) == 0 && a < low(d & sm);
        }
    }
    return (a & TRUMP_MASK) < low(d);
}

static int no_transfer(u64 a, u64 d) {
    if (TRANSFER) {
        u64 seen_ranks = d;
        for (; a; a &= a - 1) {
            u64 r = same_rank(low(a));
            if (r & seen_ranks) return 0;
            seen_ranks |= r;
        }
    }
    return 1;
}

/* EndgameMoves._lead_value: +1 / -1 when the attacker about to lead wins / loses by
 * force (rules W1, W2, W3, L0, L1), else 0. */
static int lead_value(u64 a, u64 d) {
    int n = count(a);
    if ((same_rank(low(a)) & a) == a) {
        int m = count(d);
        if (n <= MAX_ATTACK && (n < m || (n == m && !covers(d, a)))) return 1;
    }
    u64 bt = beatable(d, a);
    if (!bt && no_transfer(a, d)) return 1;
    if (n >= 2 && (!bt || (bt & ~same_rank(low(bt))) == 0)) {
        int m = count(d);
        u64 tries[20];
        int nt = 0;
        if (bt) {
            tries[nt++] = bt;
            tries[nt++] = a & same_rank(low(bt));
        } else {
            for (u64 x = a; x; x &= x - 1) tries[nt++] = low(x);
            for (int r = 0; r < 13; r++)
                if (a & RANK_MASK[r]) tries[nt++] = a & RANK_MASK[r];
        }
        for (int i = 0; i < nt; i++) {
            u64 g = tries[i];
            int k = count(g);
            if (k <= MAX_ATTACK && m + n - k > k && no_transfer(a ^ g, d)) return 1;
        }
    }
    if (single(d) && n >= 2) {
        u64 beaten = a & BEATEN[idx(d)];
        if (TRANSFER && n >= 3) beaten |= a & same_rank(d);
        return beaten == a ? -1 : 0;
    }
    if (n > count(d) && beats_all(d, a) && no_transfer(d, a)) return -1;
    return 0;
}

/* ------------------------------------------------------------------ children */

static Kid *push(void) {
    if (arena_top >= ARENA) {
        aborted = 1; /* deeper than the arena: give up honestly, as with Budget */
        return &arena[ARENA - 1];
    }
    return &arena[arena_top++];
}

static void push_final(int v) {
    Kid *k = push();
    k->fin = v;
}

static void push_pos(int ph, u64 a, u64 d, int ame, u64 att, u64 table, u64 unb,
                     u64 ranks, int taking, int limit, u64 talon) {
    Kid *k = push();
    k->fin = 2;
    k->p.ph = ph;
    k->p.a = a;
    k->p.d = d;
    k->p.ame = ame;
    k->p.att = att;
    k->p.table = table;
    k->p.unb = unb;
    k->p.ranks = ranks;
    k->p.taking = taking;
    k->p.limit = limit;
    k->p.talon = talon;
}

/* EndgameMoves.settle: end the bout, draw, check the end. */
static void settle(u64 a, u64 d, int ame, u64 table, int taking, u64 talon) {
    if (taking) d |= table;
    if (talon) {
        if (count(a) < HAND_SIZE) {
            a |= talon;
            talon = 0;
        } else if (count(d) < HAND_SIZE) {
            d |= talon;
            talon = 0;
        }
    }
    u64 na, nd;
    int name;
    if (taking) {
        na = a; nd = d; name = ame;
    } else {
        na = d; nd = a; name = !ame;
    }
    if (!talon && (!na || !nd)) {
        if (!na && !nd) {
            push_final(0);
            return;
        }
        u64 mine = name ? na : nd;
        push_final(!mine ? 1 : -1);
        return;
    }
    if (!talon) {
        if (single(na)) {
            push_final(emptied(nd, na, name));
            return;
        }
        int v = lead_value(na, nd);
        if (v) {
            push_final(name ? v : -v);
            return;
        }
    }
    push_pos(0, na, nd, name, 0, 0, 0, 0, 0, min_i(MAX_ATTACK, count(nd)), talon);
}

/* EndgameMoves._led */
static void led(u64 a, u64 d, int ame, u64 s, u64 rm, int limit, u64 talon) {
    if (single(s) ? (d & BEATERS[idx(s)]) != 0 : covers(d, s)) {
        push_pos(1, a, d, ame, s, s, s, rm, 0, limit, talon);
        return;
    }
    if (TRANSFER && (d & rm)) {
        int n = count(s) + 1;
        if (n <= MAX_ATTACK && count(a) >= n) {
            push_pos(1, a, d, ame, s, s, s, rm, 0, limit, talon);
            return;
        }
    }
    if ((a & rm) && count(s) < limit) {
        push_pos(2, a, d, ame, s, s, s, rm, 1, limit, talon);
        return;
    }
    settle(a, d, ame, s, 1, talon);
}

/* EndgameMoves._skip_fast (with _rank_pairs inline) */
static u64 skip_fast(u64 a, u64 d, u64 table, u64 talon) {
    u64 live = a | d | table | talon;
    int rank[13], suits[13], nc = 0;
    for (int r = 0; r < 13; r++) {
        u64 m = live & RANK_MASK[r];
        if (!m) continue;
        int sm = 0;
        for (int s = 0; s < 4; s++)
            if (m >> (s * 13 + r) & 1) sm |= 1 << s;
        rank[nc] = r;
        suits[nc] = sm;
        nc++;
    }
    u64 out = 0;
    for (int i = 0; i < nc; i++) {
        int r1 = rank[i], s1 = suits[i];
        for (int j = i + 1; j < nc; j++) {
            int r2 = rank[j];
            if (suits[j] == s1) {
                u64 between = 0;
                for (int s = 0; s < 4; s++)
                    if (s1 >> s & 1)
                        between |= (((u64)1 << (r2 - r1 - 1)) - 1) << (s * 13 + r1 + 1);
                if (!(live & between)) {
                    int ok = 1;
                    for (int s = 0; s < 4 && ok; s++) {
                        if (!(s1 >> s & 1)) continue;
                        u64 both = (u64)1 << (s * 13 + r1) | (u64)1 << (s * 13 + r2);
                        if ((a & both) != both && (d & both) != both) ok = 0;
                    }
                    if (ok) out |= live & RANK_MASK[r2];
                }
                break;
            }
            if (suits[j] & s1) break;
        }
    }
    return out;
}

/* EndgameMoves._kids: the children of p, pushed on the arena in the same order. */
static void kids(const Pos *p) {
    u64 a = p->a, d = p->d, att = p->att, table = p->table, unb = p->unb;
    u64 ranks = p->ranks, talon = p->talon;
    int ame = p->ame, limit = p->limit;
    if (p->ph == 0) {
        u64 skip = skip_fast(a, d, table, talon);
        u64 cand = a & ~skip;
        for (int i = 0; i < 52; i++) {
            u64 b = ORDER[i];
            if (!(cand & b)) continue;
            if (a == b && !talon)
                push_final(emptied(d, b, ame));
            else if (d & BEATERS[idx(b)])
                push_pos(1, a ^ b, d, ame, b, b, b, same_rank(b), 0, limit, talon);
            else
                led(a ^ b, d, ame, b, same_rank(b), limit, talon);
        }
        int most = min_i(limit, count(d));
        if (most >= 2) {
            for (int r = 0; r < 13; r++) {
                u64 g = a & RANK_MASK[r];
                if (single(g)) continue;
                for (u64 s = g; s; s = (s - 1) & g) {
                    int n = count(s);
                    if (n < 2 || n > most) continue;
                    if (a == s && !talon)
                        push_final(emptied(d, s, ame));
                    else
                        led(a ^ s, d, ame, s, RANK_MASK[r], limit, talon);
                }
            }
        }
    } else if (p->ph == 1) {
        u64 skip = skip_fast(a, d, table, talon);
        u64 t = low(unb), rest = unb ^ t;
        u64 cand = d & BEATERS[idx(t)] & ~skip;
        for (int i = 0; i < 52; i++) {
            u64 c = ORDER[i];
            if (!(cand & c)) continue;
            if (rest) {
                if (!covers(d ^ c, rest)) continue;
                push_pos(1, a, d ^ c, ame, att, table | c, rest, ranks | same_rank(c), 0,
                         limit, talon);
            } else {
                u64 nr = ranks | same_rank(c);
                if ((a & nr) && count(att) < limit)
                    push_pos(2, a, d ^ c, ame, att, table | c, 0, nr, 0, limit, talon);
                else
                    settle(a, d ^ c, ame, table | c, 0, talon);
            }
        }
        if (TRANSFER && unb == att) {
            int n = count(att) + 1;
            if (n <= MAX_ATTACK && count(a) >= n) {
                u64 tc = d & same_rank(low(att)) & ~skip;
                for (int i = 0; i < 52; i++) {
                    u64 c = ORDER[i];
                    if (!(tc & c)) continue;
                    if (d == c && !talon) {
                        push_final(emptied(a, unb | c, !ame));
                        continue;
                    }
                    led(d ^ c, a, !ame, att | c, ranks, min_i(MAX_ATTACK, count(a)), talon);
                }
            }
        }
        if ((a & ranks) && count(att) < limit)
            push_pos(2, a, d, ame, att, table, unb, ranks, 1, limit, talon);
        else
            settle(a, d, ame, table, 1, talon);
    } else if (p->taking) {
        u64 throw_in = a & ranks;
        int room = limit - count(att);
        if (room > 0 && throw_in) {
            u64 cards[52];
            int n = 0;
            for (int i = 0; i < 52; i++)
                if (throw_in & ORDER[i]) cards[n++] = ORDER[i];
            /* durak_endgame_moves.throw_sets: every set of at most `room` cards,
               largest first, each size in the increasing order of its index mask k
               (Gosper's next combination) */
            u64 end = (u64)1 << n;
            for (int size = min_i(n, room); size >= 0 && !aborted; size--) {
                u64 k = ((u64)1 << size) - 1;
                while (k < end && !aborted) {
                    u64 s = 0;
                    for (u64 m = k; m; m &= m - 1) s |= cards[idx(m)];
                    settle(a ^ s, d, ame, table | s, 1, talon);
                    if (!k) break;
                    u64 c = k & (~k + 1), r = k + c;
                    k = (((r ^ k) >> 2) / c) | r;
                }
            }
        } else {
            settle(a, d, ame, table, 1, talon);
        }
    } else {
        int n = count(att) + 1;
        if (n <= limit) {
            u64 cand = a & ranks;
            for (int i = 0; i < 52; i++) {
                u64 c = ORDER[i];
                if (!(cand & c)) continue;
                if (a == c && !talon)
                    push_final(emptied(d, c, ame));
                else if (d & BEATERS[idx(c)])
                    push_pos(1, a ^ c, d, ame, att | c, table | c, c, ranks, 0, limit, talon);
                else if (((a ^ c) & ranks) && n < limit)
                    push_pos(2, a ^ c, d, ame, att | c, table | c, c, ranks, 1, limit, talon);
                else
                    settle(a ^ c, d, ame, table | c, 1, talon);
            }
        }
        settle(a, d, ame, table, 0, talon);
    }
}

/* ------------------------------------------------------------------ search */

static int path_find(const Key *k, u64 h) {
    for (int i = 0; i < path_len; i++)
        if (path_hash[i] == h && same_key(&path_key[i], k)) return path_depth[i];
    return -1;
}

/* Solver.value: fail-soft alpha-beta over -1/0/+1 with the transposition table, the
 * enhanced transposition cutoff and the repetition rule. Sets `aborted` when the work
 * runs out (the caller raises Budget); nothing is stored then. */
static int value(const Pos *st, int alpha, int beta) {
    nodes += 1;
    int depth = path_len;
    Key key;
    u64 h;
    if (st->ph == 0) {
        Key raw;
        raw_key(st, &raw);
        table_put(&seen, &raw, hash_key(&raw));
        canon(st, &key);
        h = hash_key(&key);
        int got = path_find(&key, h);
        if (got >= 0) {
            if (got < low_mark) low_mark = got;
            return 0;
        }
    } else {
        raw_key(st, &key);
        h = hash_key(&key);
    }
    Slot *entry = table_find(&tt, &key, h);
    int first = -1, elo = 0, ehi = 0, ebest = -1;
    if (entry) {
        elo = entry->lo;
        ehi = entry->hi;
        ebest = entry->best;
        first = ebest;
        if (elo >= beta || elo == ehi) return elo;
        if (ehi <= alpha) return ehi;
        if (elo > alpha) alpha = elo;
        if (ehi < beta) beta = ehi;
    }
    if (budget >= 0 && nodes > budget) {
        aborted = 1;
        return 0;
    }
    int a0 = alpha, b0 = beta;
    int maximize = st->ph != 1 ? st->ame : !st->ame;
    int base = arena_top;
    kids(st);
    if (aborted) {
        arena_top = base;
        return 0;
    }
    int nk = arena_top - base;
    nodes += nk;
    int best = maximize ? -2 : 2;
    for (int i = 0; i < nk; i++) {
        Kid *c = &arena[base + i];
        int v;
        if (c->fin != 2) {
            v = c->fin;
        } else {
            Key ck;
            Slot *e;
            if (c->p.ph == 0) {
                Key raw;
                raw_key(&c->p, &raw);
                if (!table_find(&seen, &raw, hash_key(&raw))) continue;
                canon(&c->p, &ck);
            } else {
                raw_key(&c->p, &ck);
            }
            e = table_find(&tt, &ck, hash_key(&ck));
            if (!e) continue;
            v = maximize ? e->lo : e->hi;
        }
        if (maximize) {
            if (v > best) best = v;
        } else if (v < best) {
            best = v;
        }
    }
    if (maximize) {
        if (best > alpha) alpha = best;
    } else if (best < beta) {
        beta = best;
    }
    int outer_low = low_mark;
    low_mark = NO_LOW;
    int best_i = -1;
    if (alpha < beta) {
        if (st->ph == 0) {
            path_key[path_len] = key;
            path_hash[path_len] = h;
            path_depth[path_len] = depth;
            path_len++;
        }
        plies++;
        if (plies > MAX_PLIES) aborted = 1;
        for (int j = -1; j < nk && !aborted; j++) {
            int i;
            if (j < 0) {
                if (!(0 <= first && first < nk)) continue;
                i = first;
            } else {
                i = j;
                if (i == first) continue;
            }
            Kid *c = &arena[base + i];
            if (c->fin != 2) continue;
            Pos child = c->p;
            int v = value(&child, alpha, beta);
            if (aborted) break;
            if (maximize) {
                if (v > best) {
                    best = v;
                    best_i = i;
                    if (v > alpha) alpha = v;
                }
            } else if (v < best) {
                best = v;
                best_i = i;
                if (v < beta) beta = v;
            }
            if (alpha >= beta) break;
        }
        plies--;
        if (st->ph == 0) path_len--;
    }
    arena_top = base;
    if (aborted) return 0;
    int lw = low_mark;
    low_mark = lw < outer_low ? lw : outer_low;
    if (lw < depth && -1 < best && best < 1) return best;
    int lo = -1, hi = 1;
    if (best <= a0)
        hi = best;
    else if (best >= b0)
        lo = best;
    else
        lo = hi = best;
    if (entry) {
        if (elo > lo) lo = elo;
        if (ehi < hi) hi = ehi;
        if (best_i < 0) best_i = ebest;
    }
    Slot *s = table_put(&tt, &key, h);
    if (s) {
        s->lo = (int8_t)lo;
        s->hi = (int8_t)hi;
        s->best = best_i;
    }
    return best;
}

/* ------------------------------------------------------------------ exports */

/* Start a new search: the game's trump suit (0-3, S H D C) and transfer rule; forgets
 * every table. Returns 1, or 0 when memory could not be had. */
EXPORT("reset") int reset(int trump, int transfer) {
    heap_top = (uintptr_t)&__heap_base;
    TRANSFER = transfer;
    TRUMP_MASK = (u64)8191 << (13 * trump);
    for (int s = 0; s < 4; s++) SUIT_MASK[s] = (u64)8191 << (13 * s);
    for (int r = 0; r < 13; r++) {
        RANK_MASK[r] = 0;
        for (int s = 0; s < 4; s++) RANK_MASK[r] |= (u64)1 << (s * 13 + r);
    }
    for (int i = 0; i < 52; i++) BEATEN[i] = 0;
    for (int s = 0; s < 4; s++)
        for (int r = 0; r < 13; r++) {
            u64 higher = 0;
            for (int j = r + 1; j < 13; j++) higher |= (u64)1 << (s * 13 + j);
            BEATERS[s * 13 + r] = higher | (s == trump ? 0 : TRUMP_MASK);
        }
    for (int i = 0; i < 52; i++)
        for (u64 m = BEATERS[i]; m; m &= m - 1) BEATEN[idx(m)] |= (u64)1 << i;
    int n = 0;
    for (int r = 0; r < 13; r++)
        for (int s = 0; s < 4; s++)
            if (s != trump) ORDER[n++] = (u64)1 << (s * 13 + r);
    for (int r = 0; r < 13; r++) ORDER[n++] = (u64)1 << (trump * 13 + r);
    tt.cap = tt.n = 0;
    seen.cap = seen.n = 0;
    return table_init(&tt, 1 << 14) && table_init(&seen, 1 << 12);
}

/* Solver.value of the position given field by field (masks as doubles; talon 0 or one
 * card bit), from an empty path. `nodes_in`: the work done so far; `work_budget`: the
 * most work, or negative for no limit. Returns the value -1, 0 or +1, or 2 when the
 * work ran out (Budget); `work()` then tells the work done. */
EXPORT("value") int value_export(int ph, double a, double d, int ame, double att,
                                 double table, double unb, double ranks, int taking,
                                 int limit, double talon, int alpha, int beta,
                                 double nodes_in, double work_budget) {
    Pos p;
    p.ph = ph;
    p.a = (u64)a;
    p.d = (u64)d;
    p.ame = ame;
    p.att = (u64)att;
    p.table = (u64)table;
    p.unb = (u64)unb;
    p.ranks = (u64)ranks;
    p.taking = taking;
    p.limit = limit;
    p.talon = (u64)talon;
    nodes = nodes_in;
    budget = work_budget;
    aborted = 0;
    path_len = 0;
    plies = 0;
    arena_top = 0;
    low_mark = NO_LOW;
    int v = value(&p, alpha, beta);
    return aborted ? 2 : v;
}

/* The work done (units: positions visited plus children generated) so far. */
EXPORT("work") double work(void) { return nodes; }

/* Entries of the transposition table (for benches). */
EXPORT("entries") double entries(void) { return tt.n; }
