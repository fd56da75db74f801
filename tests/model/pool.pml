/* Promela model of ladro's task-pool protocol (src/pool.c, docs/architecture.md).
 *
 * One owner and two thieves share one word (top, split, inflight) changed only by atomic
 * compare-and-swap or by an atomic decrement of inflight, and a ring of C slots. The
 * owner nondeterministically pushes, pops, releases any number of its oldest private
 * tasks (writing the slots one statement at a time, then publishing with CAS), and
 * reacquires a public task; thieves fetch the word, claim half the public tasks by CAS,
 * copy the slots one statement at a time, and decrement inflight. Checked: every task is
 * taken exactly once (assertions), no deadlock or stuck process (invalid end states).
 * Indices are modulo M (standing for 2^24) with C dividing M; M > N so the model has no
 * index wrap-around ABA, as ladro assumes (16 million claims within one steal).
 *
 *   spin -a pool.pml && gcc -O2 -DSAFETY -o pan pan.c && ./pan -m200000
 *
 * With -DFAA the thieves claim as A2WS §2.3.2 (ladroi_pool_steal_faa): one atomic
 * fetch-and-add moves top by the k tasks the thief believes are there (any 1..KMAX) and
 * returns the word; the part of the claim past split is given back by one atomic add
 * (the correction), before the copy. The owner does not move split while top > split
 * (the freeze: a correction is owed). -DFAA=2 runs one FAA thief beside one CAS thief.
 *
 * With -DGUARD the CAS thieves claim what a caller between the look and the claim
 * decides (src/guard.c: the steal guard asks for a cap there, ladroi_pool_claim takes
 * it as max_take): after the fetch, any want in [0, WMAX], 0 declining (nothing is
 * claimed), and the claim takes min(want, n) — every amount in [1, n] some fraction and
 * cap give. So no rule of the guard's can lose a task or run one twice.
 */
#ifndef N
#define N 4        /* tasks */
#endif
#ifndef C
#define C 2        /* ring capacity (power of two) */
#endif
#ifndef M
#define M 16       /* index modulus */
#endif
#ifndef TRIES
#define TRIES 3    /* steal attempts per thief */
#endif

#ifndef WMAX
#define WMAX C     /* largest want of a guarded CAS thief (n never exceeds C) */
#endif
/* The claim's amount for a want: never more than the n tasks seen public (the mutant
 * "the claim trusts the guard's cap" redefines CLAMP alone). */
#define CLAMP(w, n) ((w) < (n) -> (w) : (n))

#ifndef KMAX
#define KMAX 2     /* largest claim of a fetch-and-add thief */
#endif

/* top > split modulo M: fetch-and-add thieves claimed past split and owe a correction.
 * OVER is what every party computes; FROZEN is the owner's use of it (the mutant
 * "owner ignores the freeze" redefines FROZEN alone). */
#define OVER(t, s) ((((t) + M - (s)) % M) != 0 && (((t) + M - (s)) % M) < M / 2)
#define FROZEN(t, s) OVER(t, s)

byte top = 0, split = 0, infl = 0;
byte slot[C];
byte taken[N];
byte finished = 0;

inline fetch(wt, ws, wu) {
    atomic { wt = top; ws = split; wu = infl }
}

inline cas(et, es, eu, nt, ns, nu, ok) {
    atomic {
        if
        :: (top == et && split == es && infl == eu) -> top = nt; split = ns; infl = nu; ok = 1
        :: else -> ok = 0
        fi
    }
}

proctype Owner() {
    byte priv[N];          /* private deque: priv[ph .. ph+pc) oldest first, mod N */
    byte ph = 0, pc = 0, next = 0, qt = 0;
    byte wt, ws, wu, ok, r, i, used, pub;
    do
    :: next < N ->                                   /* push (seed or spawn) */
        priv[(ph + pc) % N] = next; next++; pc++
    :: pc > 0 ->                                     /* pop the newest private task */
        pc--;
        atomic { taken[priv[(ph + pc) % N]]++; assert(taken[priv[(ph + pc) % N]] == 1) }
    :: pc > 0 ->                                     /* release r oldest private tasks */
        fetch(wt, ws, wu);
        if :: wu == 0 -> qt = wt :: else -> skip fi;
        used = (ws + M - qt) % M;                    /* slots possibly still in use */
        if
        :: FROZEN(wt, ws) -> skip                    /* freeze: a correction is owed */
        :: !FROZEN(wt, ws) && used < C ->
            r = 1;
            do :: r < pc && r < C - used -> r++ :: break od;
            i = 0;
            do :: i < r -> slot[(ws + i) % C] = priv[(ph + i) % N]; i++
               :: else -> break od;
            do
            :: cas(wt, ws, wu, wt, (ws + r) % M, wu, ok);
               if
               :: ok -> pub = 1; break
               :: else -> fetch(wt, ws, wu);        /* split is the owner's: unchanged */
                          if :: wu == 0 -> qt = wt :: else -> skip fi;
                          if
                          :: FROZEN(wt, ws) -> pub = 0; break  /* slots stay unpublished */
                          :: else -> skip
                          fi
               fi
            od;
            if
            :: pub -> ph = (ph + r) % N; pc = pc - r
            :: else -> skip
            fi
        :: else -> skip                              /* ring full: tasks stay private */
        fi;
        d_step { wt = 0; ws = 0; wu = 0; r = 0; i = 0; used = 0; pub = 0; ok = 0 }
    :: pc == 0 ->                                    /* reacquire the newest public task */
        fetch(wt, ws, wu);
        if :: wu == 0 -> qt = wt :: else -> skip fi;
        if
        :: FROZEN(wt, ws) -> !OVER(top, split)       /* count 0: wait (the owner polls) for
                                                        the correction; none ever = deadlock */
        :: !FROZEN(wt, ws) && (ws + M - wt) % M > 0 ->
            cas(wt, ws, wu, wt, (ws + M - 1) % M, wu, ok);
            if
            :: ok -> priv[(ph + pc) % N] = slot[(ws + M - 1) % C]; pc++
            :: else -> skip
            fi
        :: else -> skip
        fi;
        d_step { wt = 0; ws = 0; wu = 0; ok = 0 }
    :: next == N && pc == 0 && top == split -> break  /* drained */
    od;
    finished++
}

proctype Thief() {
    byte tries = 0, wt, ws, wu, n, k, ok, i, want;
    byte got[C];
    do
    :: tries < TRIES ->
        tries++;
        fetch(wt, ws, wu);
        if :: OVER(wt, ws) -> n = 0 :: else -> n = (ws + M - wt) % M fi;  /* ladro__count */
        if
        :: n > 0 ->
#ifdef GUARD
            want = 0;                                /* the guard's cap: any, 0 declines */
            do :: want < WMAX -> want++ :: break od;
            k = CLAMP(want, n);
#else
            k = (n + 1) / 2;                         /* steal half, rounded up */
#endif
            if
            :: k > 0 -> cas(wt, ws, wu, (wt + k) % M, ws, wu + 1, ok)
            :: else -> ok = 0                        /* declined: nothing claimed */
            fi;
            if
            :: ok ->
                i = 0;
                do :: i < k -> got[i] = slot[(wt + i) % C]; i++
                   :: else -> break od;              /* the MPI_Get, slot by slot */
                atomic { infl-- };
                i = 0;
                do :: i < k -> atomic { taken[got[i]]++; assert(taken[got[i]] == 1) }; i++
                   :: else -> break od;
                atomic { i = 0; do :: i < C -> got[i] = 0; i++ :: else -> break od; i = 0 }
            :: else -> skip                          /* conflict: next attempt */
            fi
        :: else -> skip
        fi;
        d_step { wt = 0; ws = 0; wu = 0; n = 0; k = 0; ok = 0; want = 0 }
    :: else -> break
    od;
    finished++
}

#ifdef FAA
proctype ThiefFAA() {
    byte tries = 0, wt, ws, wu, n, k, take, i;
    byte got[C];
    do
    :: tries < TRIES ->
        tries++;
        k = 1;                                       /* what the thief believes: any */
        do :: k < KMAX -> k++ :: break od;
        atomic {                                     /* MPI_Get_accumulate(SUM) */
            wt = top; ws = split; wu = infl;
            top = (top + k) % M; infl++
        }
        if :: OVER(wt, ws) -> n = 0 :: else -> n = (ws + M - wt) % M fi;
        take = (k < n -> k : n);
        if
        :: take == 0 ->                              /* nothing: give all back, leave */
            atomic { top = (top + M - k) % M; infl-- }
        :: else ->
            if                                       /* the occasional MPI_Accumulate */
            :: k > take -> atomic { top = (top + M - (k - take)) % M }
            :: else -> skip
            fi;
            i = 0;
            do :: i < take -> got[i] = slot[(wt + i) % C]; i++
               :: else -> break od;                  /* the MPI_Get, slot by slot */
            atomic { infl-- };
            i = 0;
            do :: i < take -> atomic { taken[got[i]]++; assert(taken[got[i]] == 1) }; i++
               :: else -> break od;
            atomic { i = 0; do :: i < C -> got[i] = 0; i++ :: else -> break od; i = 0 }
        fi;
        d_step { wt = 0; ws = 0; wu = 0; n = 0; k = 0; take = 0 }
    :: else -> break
    od;
    finished++
}
#endif

init {
    byte j;
#ifndef FAA
    atomic { run Owner(); run Thief(); run Thief() }
#else
#if FAA == 2
    atomic { run Owner(); run ThiefFAA(); run Thief() }
#else
    atomic { run Owner(); run ThiefFAA(); run ThiefFAA() }
#endif
#endif
    finished == 3;
    assert(infl == 0 && top == split);
    j = 0;
    do :: j < N -> assert(taken[j] == 1); j++
       :: else -> break od
}
