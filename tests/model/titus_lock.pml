/* The locked pool of TITUS_DLB §4.3 (src/pool.c under ladroi_pool_lock_whole; smallworld
 * with paper=1): one owner and two thieves on one rank's pool word (top, split, lock).
 *
 *  thief: look at the word; take the lock (compare-and-swap FREE -> THIEF from the word
 *         looked at); copy k of the n public tasks, slot by slot (any k in [1, n]: the
 *         mechanism allows any amount, smallworld's paper thief takes all n); hand the
 *         lock to the owner (top += k, lock = HANDED); run the copies.
 *  owner: pops its newest private task and runs it; between tasks, and whenever it
 *         likes, rebalances: with the lock (found HANDED, or taken FREE -> OWNER when a
 *         set is empty), an empty public set gets half of the private tasks (the oldest,
 *         slot by slot), an empty private part takes half of the public ones back (the
 *         newest), then the lock is freed.
 *
 * The public ring has C = 2 slots, so refills reuse slots thieves copied from. Checked:
 * every task runs exactly once (at every run and at the end), and no invalid end state.
 * run_spin.sh also checks two mutants that must be caught: the owner rebalancing without
 * taking the lock, and a thief handing the lock over before it copied. */
#ifndef N
#define N 4 /* tasks, all on the owner at the start */
#endif
#ifndef TRIES
#define TRIES 2 /* steal attempts per thief */
#endif
#define C 2 /* public ring slots */
#define M 8 /* index modulus, a multiple of C above it */
#define FREE 0
#define THIEF 1
#define HANDED 2
#define OWNER 3
#define CNT(t, s) (((s) + M - (t)) % M)

byte top = 0, split = 0, lock = FREE;
byte slot[C];
byte ran[N + 1];
byte pv[N];          /* the owner's private tasks: a ring, oldest at ph */
byte ph = 0, pc = 0;
byte thieves_done = 0;

inline exec(t)
{
    atomic { assert(t >= 1 && t <= N); ran[t]++; assert(ran[t] == 1) }
}

proctype Thief()
{
    byte tries = 0, wt, ws, wl, n, k, i, ok;
    byte got[N];
    do
    :: tries < TRIES ->
        tries++;
        atomic { wt = top; ws = split; wl = lock };         /* the look */
        n = CNT(wt, ws);
        if
        :: n > 0 && wl == FREE ->
            atomic {                                         /* CAS: the lock */
                if
                :: top == wt && split == ws && lock == FREE -> lock = THIEF; ok = 1
                :: else -> ok = 0
                fi
            };
            if
            :: ok ->
                k = n;
                do :: k > 1 -> k-- :: break od;             /* any amount in [1, n] */
                i = 0;
                do                                           /* the copy */
                :: i < k -> got[i] = slot[(wt + i) % C]; i++
                :: else -> break
                od;
                atomic { top = (wt + k) % M; lock = HANDED };  /* hand the lock over */
                i = 0;
                do
                :: i < k -> exec(got[i]); i++
                :: else -> break
                od
            :: else -> skip
            fi
        :: else -> skip
        fi
    :: else -> break
    od;
    atomic { thieves_done++ }
}

active proctype Owner()
{
    byte wt, ws, wl, n, r, m, i, t, ok;
    atomic {
        do
        :: pc < N -> pv[pc] = pc + 1; pc++
        :: else -> break
        od;
        run Thief();
        run Thief()
    };
    do
    :: pc > 0 -> t = pv[(ph + pc - 1) % N]; pc--; exec(t)   /* newest first */
    :: atomic { wt = top; ws = split; wl = lock };          /* rebalance */
        n = CNT(wt, ws);
        if
        :: wl == HANDED -> ok = 1                            /* a thief handed it over */
        :: wl == FREE && ((n == 0 && pc >= 2) || (n > 0 && pc == 0)) ->
            atomic {
                if
                :: top == wt && split == ws && lock == FREE -> lock = OWNER; ok = 1
                :: else -> ok = 0
                fi
            }
        :: else -> ok = 0
        fi;
        if
        :: ok && n == 0 ->                                   /* refill: half, the oldest */
            r = pc / 2;
            if :: r > C -> r = C :: else -> skip fi;
            i = 0;
            do
            :: i < r -> slot[(ws + i) % C] = pv[(ph + i) % N]; i++
            :: else -> break
            od;
            ph = (ph + r) % N;
            pc = pc - r;
            atomic { split = (ws + r) % M; if :: lock != THIEF -> lock = FREE :: else -> skip fi }
        :: ok && n > 0 && pc == 0 ->                         /* take back half, the newest */
            m = (n + 1) / 2;
            i = 0;
            do
            :: i < m -> pv[(ph + pc) % N] = slot[(ws + M - m + i) % C]; pc++; i++
            :: else -> break
            od;
            atomic { split = (ws + M - m) % M; if :: lock != THIEF -> lock = FREE :: else -> skip fi }
        :: ok && n > 0 && pc > 0 ->
            atomic { if :: lock != THIEF -> lock = FREE :: else -> skip fi }
        :: else -> skip
        fi
    :: pc == 0 && CNT(top, split) == 0 && thieves_done == 2 -> break
    od;
    i = 1;
    do
    :: i <= N -> assert(ran[i] == 1); i++
    :: else -> break
    od
}
