/* ctws's token termination (src/policy/ctws.c, the paper's: paper=1) for spin.
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
 * (no invalid end state: nobody waits for a token that never comes).
 *
 * K tokens (ctws's default: one per 4 ranks): ring t is the ranks [t*P/K, (t+1)*P/K),
 * its token circulates on it only, and its list has the ring's ranks and the ranks k with k % K == t (its
 * victims outside the ring); a holder searches its own token's list. A search may stop
 * after a failed attempt, the holder keeping the token and its list (the search stopped
 * at a message, resumed at the next idle call).
 *
 * PROBE > 0 (ctws's default: 16): a holder whose list is all zeros first tries up to PROBE
 * ranks of its choice (the code draws them at random; the model tries every choice), each
 * verified and half taken as a listed victim is, before its token turns to FINISH; a
 * failed probe may stop the search at a message too, and the count of probes made starts
 * anew when the holder passes the token. */
#ifndef P
#define P 3
#endif
#ifndef T
#define T 4
#endif
#ifndef PLACE
#define PLACE 0
#endif
#ifndef K
#define K 1
#endif
#ifndef PROBE
#define PROBE 0
#endif

#define LO(t) ((t) * P / K)
#define TOK(r) ring[r]
#define L(t, k) list[(t) * P + (k)]
/* k is in token t's list: in its ring, or (K > 1) one of its victims outside it */
#define INSET(t, k) (((k) >= LO(t) && (k) < LO((t) + 1)) || (K > 1 && (k) % K == (t)))

byte q[P];        /* queued tasks per rank */
byte list[K * P]; /* each token's list: remaining tasks per rank, as last known */
byte ring[P];     /* the token (ring) of each rank */
byte runs = 0;    /* tasks run, all ranks */
byte holder[K];   /* who holds each token */
bool finish[K];   /* the token is FINISH */
byte ended = 0;

inline pass(r) {
    atomic {
        L(TOK(r), r) = q[r];
        probed = 0;
        holder[TOK(r)] = (r + 1 < LO(TOK(r) + 1) -> r + 1 : LO(TOK(r)))
    }
}

proctype Rank(byte r)
{
    bool seen = false; /* saw (or made) the FINISH token */
    byte v, k, n, most;
    byte probed = 0;   /* probes made in this search */
top:
    do
    :: atomic { q[r] > 0 -> q[r]--; runs++ }         /* pop and run one task */
       /* updateList after the task: a holder with work passes the token on */
       if
       :: atomic { holder[TOK(r)] == r && q[r] > 0 -> seen = seen || finish[TOK(r)]; pass(r) }
       :: else -> skip
       fi
    :: atomic { q[r] == 0 && holder[TOK(r)] != r && seen -> ended++; break } /* finished */
    :: atomic { q[r] == 0 && holder[TOK(r)] == r } ->
       seen = seen || finish[TOK(r)];
       if
       :: !finish[TOK(r)] ->
          /* the search: the most remaining tasks per the list, verified, half taken */
          do
          :: most = 0; v = P; k = 0;
             do
             :: k < P -> if :: k != r && INSET(TOK(r), k) && L(TOK(r), k) > most ->
                                 most = L(TOK(r), k); v = k
                            :: else -> skip fi; k++
             :: k == P -> break
             od;
             if
             :: v == P && probed < PROBE ->            /* the list ran dry: a probe */
                probed++;
                select (v : 0 .. P - 1);
                if :: v == r -> v = (r + 1) % P :: else -> skip fi;
                n = q[v];
                atomic { k = (q[v] + 1) / 2; q[v] = q[v] - k; q[r] = q[r] + k } /* probe */;
                if
                :: k == 0 ->
                   if
                   :: skip
                   :: goto top                      /* a message came: resume later */
                   fi
                :: else ->
                   if :: INSET(TOK(r), v) -> L(TOK(r), v) = (n > k -> n - k : 0)
                      :: else -> skip fi;
                   break
                fi
             :: v == P && probed >= PROBE ->
                finish[TOK(r)] = true; seen = true; break /* list of zeros */
             :: v < P ->
                n = q[v];                           /* the verification (may go stale) */
                atomic { k = (q[v] + 1) / 2; q[v] = q[v] - k; q[r] = q[r] + k };
                if
                :: k == 0 -> L(TOK(r), v) = 0       /* wrong entry: search again */
                   if
                   :: skip
                   :: goto top                      /* a message came: resume later */
                   fi
                :: else -> L(TOK(r), v) = (n > k -> n - k : 0); break
                fi
             fi
          od
       :: else -> skip
       fi;
       pass(r)
    od
}

init {
    byte i = 0, t;
    do
    :: i < T -> if :: PLACE == 0 -> q[0]++ :: else -> q[i % P]++ fi; i++
    :: i == T -> break
    od;
    i = 0;
    do
    :: i < P ->                        /* rings; the initial lists: the static distribution */
       t = 0;
       do
       :: t + 1 < K && LO(t + 1) <= i -> t++
       :: else -> break
       od;
       ring[i] = t;
       t = 0;
       do
       :: t < K -> if :: INSET(t, i) -> L(t, i) = q[i] :: else -> skip fi; t++
       :: t == K -> break
       od;
       i++
    :: i == P -> break
    od;
    i = 0;
    do
    :: i < K -> holder[i] = LO(i); i++ /* each token starts on its ring's first rank */
    :: i == K -> break
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
