/* ctws's token termination (src/policy/ctws.c, ctws_termination=token) for spin.
 *
 * P ranks, T tasks placed by PLACE (0: all on rank 0, 1: round-robin). q[r] is rank r's
 * queue; a pop, and a theft of half the victim's queue, are each one atomic step: the
 * pool's claim is linearisable (tests/model/pool.pml verifies it), so the model takes
 * it as given and checks what the token adds. One token circulates round-robin with the
 * list; its holder, when idle, steals from the rank with the most tasks per the list,
 * verifies the count first (a read that may be stale by the claim: the claim takes half
 * of what is there then, possibly nothing), corrects the entry, and turns the token to
 * FINISH when the list is all zeros. A busy holder updates its own entry and passes the
 * token at its next progress call. A rank that saw FINISH and passed it on ends once
 * idle (ladro__ctws_finished). Checked over every interleaving: every task runs exactly
 * once (the count of runs equals T at the end, q never negative), and every rank ends
 * (no invalid end state: nobody waits for a token that never comes). */
#ifndef P
#define P 3
#endif
#ifndef T
#define T 4
#endif
#ifndef PLACE
#define PLACE 0
#endif

byte q[P];        /* queued tasks per rank */
byte list[P];     /* the token's list: remaining tasks per rank, as last known */
byte runs = 0;    /* tasks run, all ranks */
byte holder = 0;  /* who holds the token (P: in transit to nobody; never here) */
bool finish = false; /* the token is FINISH */
byte ended = 0;

inline pass(r) {
    atomic { list[r] = q[r]; holder = (r + 1) % P; }
}

proctype Rank(byte r)
{
    bool seen = false; /* saw (or made) the FINISH token */
    byte v, k, n, most;
    do
    :: atomic { q[r] > 0 -> q[r]--; runs++ }         /* pop and run one task */
       /* updateList after the task: a holder with work passes the token on */
       if
       :: atomic { holder == r && q[r] > 0 -> seen = seen || finish; pass(r) }
       :: else -> skip
       fi
    :: atomic { q[r] == 0 && holder != r && seen -> ended++; break } /* finished */
    :: atomic { q[r] == 0 && holder == r } ->
       seen = seen || finish;
       if
       :: !finish ->
          /* the search: the most remaining tasks per the list, verified, half taken */
          do
          :: most = 0; v = P; k = 0;
             do
             :: k < P -> if :: k != r && list[k] > most -> most = list[k]; v = k
                            :: else -> skip fi; k++
             :: k == P -> break
             od;
             if
             :: v == P -> finish = true; seen = true; break /* list of zeros */
             :: else ->
                n = q[v];                           /* the verification (may go stale) */
                atomic { k = (q[v] + 1) / 2; q[v] = q[v] - k; q[r] = q[r] + k };
                if
                :: k == 0 -> list[v] = 0            /* wrong entry: search again */
                :: else -> list[v] = (n > k -> n - k : 0); break
                fi
             fi
          od
       :: else -> skip
       fi;
       pass(r)
    od
}

init {
    byte i = 0;
    do
    :: i < T -> if :: PLACE == 0 -> q[0]++ :: else -> q[i % P]++ fi; i++
    :: i == T -> break
    od;
    i = 0;
    do
    :: i < P -> list[i] = q[i]; i++   /* the initial list: the static distribution */
    :: i == P -> break
    od;
    atomic {
        i = 0;
        do
        :: i < P -> run Rank(i); i++
        :: i == P -> break
        od
    }
    (ended == P);
    assert(runs == T);
    i = 0;
    do
    :: i < P -> assert(q[i] == 0); i++
    :: i == P -> break
    od
}
