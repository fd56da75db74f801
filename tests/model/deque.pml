/* Promela model of the work-stealing deque between a rank's worker threads (src/deque.c,
 * docs/architecture.md "Threads inside a rank"): the Chase-Lev deque with sequentially
 * consistent top and bottom, including the growth of its buffer.
 *
 * One owner pushes N tasks (ids 1..N) and, interleaved in any order, takes from the
 * bottom; then it takes until the deque is empty. Two thieves each make TRIES steal
 * attempts: read top, read bottom, read the slot, compare-and-swap top. The buffer starts
 * with 2 slots and grows once to 4 (the owner copies [top, bottom) and switches; thieves
 * may still read the old one). Each Promela statement is one atomic step, which is the
 * sequentially consistent setting src/deque.c uses (every access to top and bottom is
 * memory_order_seq_cst). Checked: every task is taken exactly once, no thread ever reads
 * an empty slot as a task (assertions), no invalid end state.
 *
 *   spin -a deque.pml && gcc -O2 -DSAFETY -o pan pan.c && ./pan
 */
#ifndef N
#define N 4      /* tasks; the large buffer (4 slots) never has to grow again */
#endif
#ifndef TRIES
#define TRIES 2  /* steal attempts per thief */
#endif

byte top = 0, bottom = 0;
bit cur = 0;            /* 0: the 2-slot buffer, 1: the 4-slot one */
byte small[2], big[4];
byte taken[N + 1];
byte finished = 0;

inline rd(a, i, v) {
    if
    :: a == 0 -> v = small[i % 2]
    :: else -> v = big[i % 4]
    fi
}

inline got(v) {
    assert(v >= 1 && v <= N); /* a real task, not an unwritten slot */
    taken[v]++;
    assert(taken[v] == 1)     /* exactly once */
}

/* the owner's take; sets none when the deque was empty */
inline take() {
    b = bottom - 1;
    a = cur;
    bottom = b;               /* claim slot b before looking at top */
    t = top;
    if
    :: t > b -> bottom = b + 1; none = 1
    :: else ->
        none = 0;
        rd(a, b, x);
        if
        :: t < b -> atomic { got(x) }
        :: t == b ->          /* the last one: race the thieves on top */
            atomic {
                if
                :: top == t -> top = t + 1; got(x)
                :: else -> skip
                fi
            };
            bottom = b + 1
        fi
    fi
}

active proctype owner() {
    byte b, t, x, a, i, next = 1;
    bit none;
    do
    :: next <= N ->           /* push */
        b = bottom;
        t = top;
        a = cur;
        if
        :: a == 0 && b - t >= 2 -> /* full: copy [t, b) to the larger buffer, switch */
            i = t;
            do
            :: i < b -> big[i % 4] = small[i % 2]; i++
            :: else -> break
            od;
            cur = 1;
            a = 1
        :: else -> skip
        fi;
        if
        :: a == 0 -> small[b % 2] = next
        :: else -> big[b % 4] = next
        fi;
        bottom = b + 1;       /* publish */
        next++
    :: bottom > 0 -> take()
    :: next > N -> break
    od;
    do                        /* drain */
    :: bottom > 0 -> take(); if :: none -> break :: else -> skip fi
    :: bottom == 0 -> break
    od;
    finished++
}

active [2] proctype thief() {
    byte t, b, x, a, k = 0;
    do
    :: k < TRIES ->
        t = top;
        b = bottom;
        if
        :: t < b ->
            a = cur;
            rd(a, t, x);
            atomic {
                if
                :: top == t -> top = t + 1; got(x)
                :: else -> skip
                fi
            }
        :: else -> skip
        fi;
        k++
    :: else -> break
    od;
    finished++
}

active proctype check() {
    byte i = 1;
    finished == 3;
    do
    :: i <= N -> assert(taken[i] == 1); i++
    :: else -> break
    od
}
