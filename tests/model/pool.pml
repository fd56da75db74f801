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
    byte wt, ws, wu, ok, r, i, used;
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
        :: used < C ->
            r = 1;
            do :: r < pc && r < C - used -> r++ :: break od;
            i = 0;
            do :: i < r -> slot[(ws + i) % C] = priv[(ph + i) % N]; i++
               :: else -> break od;
            do
            :: cas(wt, ws, wu, wt, (ws + r) % M, wu, ok);
               if
               :: ok -> break
               :: else -> fetch(wt, ws, wu);        /* split is the owner's: unchanged */
                          if :: wu == 0 -> qt = wt :: else -> skip fi
               fi
            od;
            ph = (ph + r) % N; pc = pc - r
        :: else -> skip                              /* ring full: tasks stay private */
        fi;
        d_step { wt = 0; ws = 0; wu = 0; r = 0; i = 0; used = 0 }
    :: pc == 0 ->                                    /* reacquire the newest public task */
        fetch(wt, ws, wu);
        if :: wu == 0 -> qt = wt :: else -> skip fi;
        if
        :: (ws + M - wt) % M > 0 ->
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
    byte tries = 0, wt, ws, wu, n, k, ok, i;
    byte got[C];
    do
    :: tries < TRIES ->
        tries++;
        fetch(wt, ws, wu);
        n = (ws + M - wt) % M;
        if
        :: n > 0 ->
            k = (n + 1) / 2;                         /* steal half, rounded up */
            cas(wt, ws, wu, (wt + k) % M, ws, wu + 1, ok);
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
        d_step { wt = 0; ws = 0; wu = 0; n = 0; k = 0; ok = 0 }
    :: else -> break
    od;
    finished++
}

init {
    byte j;
    atomic { run Owner(); run Thief(); run Thief() }
    finished == 3;
    assert(infl == 0 && top == split);
    j = 0;
    do :: j < N -> assert(taken[j] == 1); j++
       :: else -> break od
}
