/* ctws: cyclic token-based work stealing (Assis et al., IEEE Access 2019, §III).
 *
 * One token circulates round-robin over the ranks with the list of remaining tasks per
 * rank. Both live in one RMA window per rank, the rank's mailbox:
 *
 *     [0]  token word   0 = empty, LADRO__TOK_STEAL, LADRO__TOK_FINISH
 *     [8]  steal-attempt counter (numbers the attempts globally, as in the paper's Table 1)
 *     [16] list         uint64 per rank: remaining tasks as last known
 *
 * updateList (Algorithm 3, line 5; here on_progress, called by ladro_progress at every
 * task iteration and by ladro_next): the holder updates its own entry and copies the list
 * to the next rank's mailbox with MPI_Put, then delivers the token into that mailbox.
 * getTask (Fig. 1; here on_idle): a rank without local tasks waits for the token; the
 * holder picks the rank with the most remaining tasks in its list, verifies the count with
 * a remote read, steals half; a victim found empty is corrected in the list and the search
 * restarts; a list of zeros turns the token into "finish". docs/policies/ctws.md maps
 * every step of the paper to the functions below.
 *
 * Outside paper=1 a rank waiting for its ring's token steals meanwhile as random does
 * (ladroi_random_step): with token holders alone stealing, three quarters of the idle
 * ranks wait, and the searches run at 0.53-0.65 of the best at 1 024 simulated ranks; with
 * the random round every cell of the defaults matrix is at 0.88 or more (bench/defaults/
 * README.md, "The policies by name"). The token's list still names its holder's victim.
 *
 * K tokens (one per 4 ranks by default; paper=1: the paper's single token) split the ring
 * into K rings of consecutive positions, each with a token of its own whose list has an entry per rank of its ring and
 * one per position tid, tid + K, tid + 2K, ... (its victims outside the ring): a rank only
 * ever receives its own ring's token, so every mailbox still sees one token. A position is
 * the rank itself, or under steal_guard=pace (spread rings) rank
 * r * m mod P. docs/policies/ctws.md, "More than one token" and "Heterogeneous ranks",
 * has the protocol and its proof. */
#include "../ladro_int.h"
#include "../coll.h"
#include "../config.h"
#include "../idle.h"
#include "../policy.h"
#include "../sw_math.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { LADRO__TOK_EMPTY = 0, LADRO__TOK_STEAL = 1, LADRO__TOK_FINISH = 2 };

#define LADRO__OFF_TOKEN 0u
#define LADRO__OFF_ATTEMPT 8u
#define LADRO__OFF_LIST 16u
#define LADRO__LOG_IDS 8       /* task ids kept per log entry */
#define LADRO__LOG_MAX 100000u /* log entries kept per rank */
#define LADRO__TAG_COUNT LADROI_TAG_POLICY /* a rank's initial count, to rank 0 */
#define LADRO__TAG_WAKE (LADROI_TAG_POLICY + 1) /* a pass's wake-up message (below) */
#define LADRO__TAG_WAKES (LADROI_TAG_POLICY + 2) /* at destroy: how many wake-ups were sent */

enum { LADRO__TERM_WAVES = 0, LADRO__TERM_TOKEN = 1 };

/* One steal attempt: a row of the paper's Table 1 (plus what the thief knew). */
typedef struct ladro__logent {
    uint64_t attempt;
    int32_t thief, victim;
    uint64_t listed;   /* victim's remaining tasks per the thief's list (the maximum) */
    uint32_t verified; /* victim's stealable tasks read remotely before the steal */
    uint32_t taken;    /* tasks stolen (0: a failed attempt) */
    uint32_t again;    /* of those, tasks that had been stolen before */
    uint32_t nids;
    uint64_t ids[LADRO__LOG_IDS];
} ladro__logent_t;

typedef struct ladro__ctws {
    ladroi_win_t win;
    /* What a pass puts, only while this rank holds the token (NULL otherwise): [0] the
     * attempt counter, [1 + r] the list entry of rank r. The list is O(P), the paper's;
     * only the holder keeps a copy, so a rank's memory is O(P) while it holds the token
     * and O(1) otherwise (plus its mailbox). */
    uint64_t *tok;
    uint64_t *list;      /* tok + 1: the holder's working copy of the list */
    uint64_t attempts;   /* the token's attempt counter, travels with it */
    /* This rank's ring (one per token, ctws_tokens): token tid of ntok, over the
     * positions [lo, lo + len) of the order `order` (ctws_ring: the ranks in their order,
     * or spread); its list: entry i < len is the rank at position lo + i, entry len + j
     * (ntok > 1) the rank at position tid + j * ntok, a victim outside the ring (0 for
     * ranks inside it). pos: this rank's position. */
    ladroi_sw_ring_t order;
    int pos, ntok, tid, lo, len, nlist;
    int nexpect;         /* the ring's first rank: the counts it waits for */
    int token;           /* LADRO__TOK_* held by this rank, EMPTY if none */
    bool started;
    /* initial list: the static distribution. Only the first holder (rank 0) needs it:
     * every other rank sends its count there once (O(1) per rank, P-1 messages into
     * rank 0), instead of an all-gather that gave every rank the O(P) list. */
    uint64_t mine;       /* this rank's count, sent to the first ranks of its lists */
    ladroi_req_t sent[2];
    int nrecv;           /* a ring's first rank: counts received */
    bool gathered;
    uint64_t finishes, rearms, passes;
    uint64_t interrupts; /* searches stopped at a message (resumed at the next call) */
    uint64_t wakes_in; /* wake-up messages received (from the previous rank) */
    double arrived;    /* when the token last arrived here (< 0: never) */
    bool token_term;  /* ctws_termination=token: the finish token ends the run */
    bool seen_finish; /* this rank saw (or made) the finish token */
    /* ctws_probe: ranks drawn at random and read when the list runs dry, before the
     * token turns to finish; `probed` of them read in the current search (a search
     * stopped at a message goes on where it was) */
    int probe, probed;
    /* steal log (ctws_log set: kept only then, up to LADRO__LOG_MAX entries per rank) */
    bool logging;
    ladro__logent_t *log;
    size_t nlog, caplog;
    uint64_t log_dropped;
} ladro__ctws_t;

typedef struct ladro__ctws_opts {
    char ctws_log[LADRO_PATH_MAX];
    int ctws_termination;
    char ctws_tokens[16];
    int ctws_probe;
    int ctws_ring;
} ladro__ctws_opts_t;

#define LADRO__TOKENS_MAX 65536u
#define LADRO__AUTO_RING 4 /* ctws_tokens=auto: a token per 4 ranks (docs/policies/ctws.md) */

static int ladro__ctws_check_tokens(const char *v, char *err, size_t errlen)
{
    uint64_t k;
    if (strcmp(v, "auto") != 0 && ladroi_parse_u64(v, 1, LADRO__TOKENS_MAX, &k) != 0)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "ctws_tokens='%.*s%s': accepted: "
                              "auto or an integer in [1, %u]", LADROI_SHOW(v),
                              LADRO__TOKENS_MAX);
    return 0;
}

static const char *const ladro__ctws_term_names[] = {"waves", "token", NULL};

/* Counters: the token's laps as each rank sees them (arrival to next arrival). */
enum { LADRO__C_LAPS, LADRO__C_LAP, LADRO__C_LAP_MAX, LADRO__C_PROBES };
static const ladroi_counter_t ladro__ctws_counters[] = {
    {"token_laps", LADROI_SUM, "token arrivals at a rank that had seen it before"},
    {"token_lap_s", LADROI_SUM, "summed time between two arrivals of the token at a rank"},
    {"token_lap_max_s", LADROI_MAX, "longest time between two arrivals of the token at a "
                                    "rank"},
    {"ctws_probes", LADROI_SUM, "steals from a rank drawn at random when the list ran dry "
                                "(ctws_probe)"},
};

static const ladroi_opt_t ladro__ctws_opts[] = {
    {.key = "ctws_log", .type = LADROI_OPT_STR,
     LADROI_OPT_FIELD(ladro__ctws_opts_t, ctws_log), .def = "",
     .accepted = "empty (off) or a file path shorter than 256 characters",
     .doc = "write the steal log (attempt, thief, victim, stolen task ids; the paper's "
            "Table 1) there as CSV at `ladro_destroy`"},
    {.key = "ctws_termination", .type = LADROI_OPT_ENUM,
     LADROI_OPT_FIELD(ladro__ctws_opts_t, ctws_termination), .names = ladro__ctws_term_names,
     .def = "waves", .paper = "token", .fixed = true, .accepted = "waves, token",
     .doc = "`waves`: the runtime's termination waves end the run; `token`: the paper's "
            "finish token (no spawning, results, threads or watchdog)"},
    {.key = "ctws_tokens", .type = LADROI_OPT_STR,
     LADROI_OPT_FIELD(ladro__ctws_opts_t, ctws_tokens), .check = ladro__ctws_check_tokens,
     .def = "auto", .paper = "1", .fixed = true, .accepted = "auto or an integer in [1, 65536]",
     .doc = "tokens, each on a ring of consecutive ranks (1: the paper's single token; "
            "auto: one per 4 ranks; at most one per 2 ranks)"},
    {.key = "ctws_probe", .type = LADROI_OPT_INT,
     LADROI_OPT_FIELD(ladro__ctws_opts_t, ctws_probe), .max = 64, .def = "16",
     .paper = "0", .fixed = true, .accepted = "an integer in [0, 64]",
     .doc = "ranks a holder whose list ran dry reads, drawn at random, before its token "
            "turns to finish (0: the paper's, none; docs/policies/ctws.md)"},
    LADROI_OPT_ORDER("ctws_ring", ladro__ctws_opts_t, ctws_ring,
                     "the rings' order: `rank`, consecutive ranks (the paper's); `spread`, "
                     "rank r at position r * m mod P, as smallworld's `sw_ring`"),
};

/* Ring t of K over P ranks: [lo(t), lo(t + 1)), sizes differing by one at most. */
static int ladro__ring_lo(int t, int size, int k)
{
    return (int)((int64_t)t * size / k);
}

static int ladro__ring_of(int r, int size, int k)
{
    int t = (int)((int64_t)r * k / size);
    while (t + 1 < k && ladro__ring_lo(t + 1, size, k) <= r)
        t++;
    while (ladro__ring_lo(t, size, k) > r)
        t--;
    return t;
}

/* The rank of list entry i, and the entry of rank m (m in the list). */
static int ladro__ctws_rank_of(const ladro__ctws_t *s, int i)
{
    return ladroi_sw_at(&s->order, i < s->len ? s->lo + i : s->tid + (i - s->len) * s->ntok);
}

static int ladro__ctws_entry(const ladro__ctws_t *s, int m)
{
    int q = ladroi_sw_pos(&s->order, m);
    return q >= s->lo && q < s->lo + s->len ? q - s->lo : s->len + (q - s->tid) / s->ntok;
}

/* The ring's next and previous rank. */
static int ladro__ctws_next(const ladro__ctws_t *s)
{
    return ladroi_sw_at(&s->order, s->lo + (s->pos - s->lo + 1) % s->len);
}

static int ladro__ctws_prev(const ladro__ctws_t *s)
{
    return ladroi_sw_at(&s->order, s->lo + (s->pos - s->lo + s->len - 1) % s->len);
}

/* The rings: ctws_tokens resolved (auto: ceil(P / 4); at most P / 2, so that every ring
 * has two ranks), the order of positions, this rank's ring and its token's list. */
static void ladro__ctws_rings(ladro_t *lb, ladro__ctws_t *s, const char *tokens, bool spread)
{
    int p = lb->size;
    ladroi_sw_ring_init(&s->order, p, spread);
    s->pos = ladroi_sw_pos(&s->order, lb->rank);
    uint64_t k = 1;
    if (strcmp(tokens, "auto") == 0)
        k = ((uint64_t)p + LADRO__AUTO_RING - 1) / LADRO__AUTO_RING;
    else
        (void)ladroi_parse_u64(tokens, 1, LADRO__TOKENS_MAX, &k); /* checked when set */
    if (k > (uint64_t)p / 2)
        k = (uint64_t)p / 2;
    s->ntok = k < 1 ? 1 : (int)k;
    s->tid = ladro__ring_of(s->pos, p, s->ntok);
    s->lo = ladro__ring_lo(s->tid, p, s->ntok);
    s->len = ladro__ring_lo(s->tid + 1, p, s->ntok) - s->lo;
    int nstride = s->ntok > 1 ? (p - s->tid + s->ntok - 1) / s->ntok : 0;
    s->nlist = s->len + nstride;
    if (s->pos != s->lo)
        return;
    s->nexpect = s->len - 1; /* the ring's other ranks, then the victims outside it */
    for (int j = 0; j < nstride; j++) {
        int m = s->tid + j * s->ntok;
        s->nexpect += m < s->lo || m >= s->lo + s->len;
    }
}

static int ladro__ctws_init(ladro_t *lb, void **state)
{
    ladro__ctws_t *s = calloc(1, sizeof *s);
    if (!s)
        return ladroi_fail(lb, LADRO_ENOMEM, "ctws: out of memory");
    *state = s;
    const ladro__ctws_opts_t *o = lb->popts;
    ladro__ctws_rings(lb, s, o->ctws_tokens, ladroi_order_spread(lb, o->ctws_ring));
    /* Every mailbox has room for the longest list (the same size everywhere). */
    size_t ring = ((size_t)lb->size + (size_t)s->ntok - 1) / (size_t)s->ntok;
    size_t room = s->ntok > 1 ? 2 * ring : (size_t)lb->size;
    int rc = ladroi_win_alloc(lb, LADRO__OFF_LIST + 8 * room, &s->win);
    if (rc)
        return rc;
    if (s->pos == s->lo) /* Algorithm 3, line 1: the token starts on one rank (per ring) */
        s->token = LADRO__TOK_STEAL;
    s->arrived = -1;
    s->probe = o->ctws_probe;
    s->logging = o->ctws_log[0] != '\0';
    s->token_term = o->ctws_termination == LADRO__TERM_TOKEN &&
                    lb->size > 1; /* one rank: no token moves */
    /* The finish token knows queued tasks only: results in flight and the watchdog's
     * and progress's waves need the runtime's termination. */
    if (s->token_term && lb->cfg.result_bytes > 0)
        return ladroi_fail(lb, LADRO_EINVAL, "paper=1 (ctws's finish token): result_bytes "
                           "must be 0 (results in flight need the runtime's termination: "
                           "run without paper=1)");
    if (s->token_term && lb->hub) /* the token sees queues, not workers */
        return ladroi_fail(lb, LADRO_EINVAL, "paper=1 (ctws's finish token): threads must "
                           "be 1 (tasks running on worker threads are invisible to the finish "
                           "token: run without paper=1)");
    if (s->token_term && lb->cfg.steal_guard != LADRO_STEAL_GUARD_OFF)
        return ladroi_fail(lb, LADRO_EINVAL, "ctws's finish token: steal_guard must be "
                           "off (a guarded slow rank idles with its tasks left to thieves, "
                           "which the finish token does not know of)");
    if (s->token_term && (lb->cfg.watchdog > 0 || lb->cfg.progress > 0))
        return ladroi_fail(lb, LADRO_EINVAL, "paper=1 (ctws's finish token): watchdog and "
                           "progress must be 0 (they run on the termination waves: run "
                           "without paper=1)");
    return LADRO_OK;
}

/* The holder's copy of counter + list (zeroed when new). */
static int ladro__ctws_hold(ladro_t *lb, ladro__ctws_t *s)
{
    if (!s->tok && !(s->tok = calloc((size_t)s->nlist + 1, sizeof *s->tok)))
        return ladroi_fail(lb, LADRO_ENOMEM, "ctws: out of memory for a %d-rank list",
                           s->nlist);
    s->list = s->tok + 1;
    return LADRO_OK;
}

static void ladro__ctws_release(ladro__ctws_t *s)
{
    free(s->tok);
    s->tok = s->list = NULL;
}

/* ctws_termination=token: the paper's end of the run. A rank that saw the finish token
 * and passed it on ends once idle: its own tasks are done, no task can be created (pushes
 * from tasks are refused below) and it will never steal again. */
static bool ladro__ctws_finished(const ladro_t *lb, const void *state)
{
    (void)lb;
    const ladro__ctws_t *s = state;
    return s->token_term && s->seen_finish && !s->token;
}

static bool ladro__ctws_gate(const ladro_t *lb, const void *state)
{
    (void)lb;
    return ((const ladro__ctws_t *)state)->token_term; /* the token ends the run, not waves */
}

static int ladro__ctws_spawn(ladro_t *lb, void *state)
{
    if (!((ladro__ctws_t *)state)->token_term)
        return LADRO_OK;
    return ladroi_fail(lb, LADRO_ENOTSUP, "paper=1 (ctws's finish token): a task pushed a "
                       "task, but the paper's finish token assumes every task exists at the "
                       "start: run spawning workloads without paper=1");
}

static void ladro__ctws_fini(ladro_t *lb, void *state)
{
    ladro__ctws_t *s = state;
    /* Every rank sent its counts at its first ladro_next and, on the clean path, all are
     * past ladro_destroy's barrier here: a ring's first rank takes what it has not
     * received yet. */
    bool clean = lb->wd_state != LADROI_WD_LOCAL;
    if (s->started && s->pos == s->lo && !s->gathered && clean) {
        uint64_t v;
        while (s->nrecv < s->nexpect &&
               ladroi_net_recv(lb, lb->comm, &v, sizeof v, LADROI_ANY, LADRO__TAG_COUNT,
                               NULL) == 0)
            s->nrecv++;
    }
    for (int i = 0; i < 2; i++) {
        if (!s->sent[i].active)
            continue;
        if (clean)
            ladroi_net_wait(lb, &s->sent[i]);
        else
            ladroi_net_req_free(&s->sent[i]);
    }
    ladroi_win_free(&s->win);
    ladro__ctws_release(s);
    free(s->log);
    free(s);
}

/* The paper initialises every rank's list with the static distribution; ladro learns it
 * from the seeds: each rank tells the first holder of its ring (rank 0 with one token)
 * its count at its first ladro_next, and with more tokens also the first holder of the
 * token whose list has it as a victim outside that token's ring. */
static int ladro__ctws_start(ladro_t *lb, void *state)
{
    ladro__ctws_t *s = state;
    s->started = true;
    s->mine = ladroi_pool_local_count(&lb->pool);
    int rc = LADRO_OK, other = s->ntok > 1 ? s->pos % s->ntok : s->tid;
    if (lb->size > 1 && other != s->tid) /* another token's list has this rank */
        rc = ladroi_net_isend(lb, lb->comm, &s->mine, sizeof s->mine,
                              ladroi_sw_at(&s->order, ladro__ring_lo(other, lb->size, s->ntok)),
                              LADRO__TAG_COUNT, &s->sent[1]);
    if (rc)
        return rc;
    if (s->pos != s->lo) {
        s->gathered = true; /* only the first holders wait for their lists */
        return ladroi_net_isend(lb, lb->comm, &s->mine, sizeof s->mine,
                                ladroi_sw_at(&s->order, s->lo), LADRO__TAG_COUNT, &s->sent[0]);
    }
    if ((rc = ladro__ctws_hold(lb, s)) != 0)
        return rc;
    s->list[0] = s->mine;
    s->gathered = s->nexpect == 0;
    return LADRO_OK;
}

/* A ring's first rank: take the counts that arrived; 1 once all are in. */
static int ladro__ctws_gathered(ladro_t *lb, ladro__ctws_t *s)
{
    while (!s->gathered) {
        bool found;
        ladroi_msg_t m;
        uint64_t v;
        int rc = ladroi_net_iprobe(lb, lb->comm, LADROI_ANY, LADRO__TAG_COUNT, &found, &m);
        if (rc || !found)
            return rc;
        if ((rc = ladroi_net_recv(lb, lb->comm, &v, sizeof v, m.source, LADRO__TAG_COUNT,
                                  NULL)) != 0)
            return rc;
        s->list[ladro__ctws_entry(s, m.source)] = v;
        s->gathered = ++s->nrecv == s->nexpect;
    }
    return 1;
}

/* Fig. 1, "has the token?": read the mailbox; a delivered token brings the list. */
static int ladro__ctws_receive(ladro_t *lb, ladro__ctws_t *s)
{
    /* Consume the passes' wake-up messages (they only end an idle pause early). */
    bool wake = true;
    int rc;
    while (wake) {
        if ((rc = ladroi_net_iprobe(lb, lb->comm, LADROI_ANY, LADRO__TAG_WAKE, &wake, NULL)))
            return rc;
        if (wake && (rc = ladroi_net_recv(lb, lb->comm, NULL, 0, LADROI_ANY, LADRO__TAG_WAKE,
                                          NULL)))
            return rc;
        s->wakes_in += wake;
    }
    if (s->token)
        return LADRO_OK;
    uint64_t tok, seen;
    rc = ladroi_rma_fetch_u64(lb, &s->win, lb->rank, LADRO__OFF_TOKEN, &tok);
    if (rc || tok == LADRO__TOK_EMPTY)
        return rc;
    /* The sender completed the list's put before delivering the token, so the list read
     * after seeing the token is the one that came with it. */
    if ((rc = ladro__ctws_hold(lb, s)) != 0)
        return rc;
    rc = ladroi_rma_get(lb, &s->win, lb->rank, LADRO__OFF_ATTEMPT, &s->attempts,
                        sizeof s->attempts);
    if (rc == 0)
        rc = ladroi_rma_get(lb, &s->win, lb->rank, LADRO__OFF_LIST, s->list,
                            (size_t)s->nlist * sizeof *s->list);
    if (rc == 0)
        rc = ladroi_rma_cas_u64(lb, &s->win, lb->rank, LADRO__OFF_TOKEN, tok,
                                LADRO__TOK_EMPTY, &seen);
    if (rc)
        return rc;
    if (seen != tok)
        return ladroi_fail(lb, LADRO_ESTATE, "ctws: rank %d's token mailbox changed while "
                           "it held the token (two tokens)", lb->rank);
    s->token = (int)tok;
    s->seen_finish |= tok == LADRO__TOK_FINISH;
    double now = ladroi_net_now();
    if (s->arrived >= 0) {
        double lap = now - s->arrived;
        LADROI_COUNT(lb, LADRO__C_LAPS, 1);
        LADROI_COUNT(lb, LADRO__C_LAP, lap);
        if (lap > lb->st.counters[LADRO__C_LAP_MAX])
            lb->st.counters[LADRO__C_LAP_MAX] = lap;
    }
    s->arrived = now;
    return LADRO_OK;
}

/* updateList (Algorithm 3, line 5): update this rank's entry, copy the list to the next
 * rank (MPI_Put) and hand the token over with it, round-robin (on the ring). */
static int ladro__ctws_pass(ladro_t *lb, ladro__ctws_t *s)
{
    int next = ladro__ctws_next(s);
    uint64_t seen, tok = (uint64_t)s->token;
    s->list[s->pos - s->lo] = ladroi_pool_local_count(&lb->pool);
    /* The counter and the list are contiguous in the mailbox: one put, then the token.
     * Each rma call is flushed, so the list is in place before the token is seen. */
    s->tok[0] = s->attempts;
    int rc = ladroi_rma_put(lb, &s->win, next, LADRO__OFF_ATTEMPT, s->tok,
                            8 + (size_t)s->nlist * 8);
    if (rc)
        return rc;
    /* The paper puts the token word; a compare-and-swap into the empty mailbox makes the
     * write atomic with the receiver's polling read and checks that one token exists. */
    rc = ladroi_rma_cas_u64(lb, &s->win, next, LADRO__OFF_TOKEN, LADRO__TOK_EMPTY, tok, &seen);
    if (rc)
        return rc;
    if (seen != LADRO__TOK_EMPTY)
        return ladroi_fail(lb, LADRO_ESTATE, "ctws: rank %d's token mailbox was not empty "
                           "(%" PRIu64 ") when rank %d passed the token %" PRIu64 " (two tokens; "
                           "pass %" PRIu64 ")", next, seen, lb->rank, tok, s->passes + 1);
    s->token = LADRO__TOK_EMPTY;
    s->probed = 0; /* the next search of this rank starts anew */
    ladro__ctws_release(s); /* the list lives on in the next rank's mailbox */
    s->passes++;
    lb->st.info_msgs++;
    LADROI_TRACE_MSG(lb, next, LADROI_MSG_TOKEN);
    /* One-sided writes wake nobody: an empty message ends the next rank's idle pause, so
     * the token does not wait for it (src/idle.c). */
    return ladroi_net_send(lb, lb->comm, NULL, 0, next, LADRO__TAG_WAKE);
}

static void ladro__ctws_log(ladro_t *lb, ladro__ctws_t *s, int victim, uint64_t listed,
                            uint32_t verified, uint32_t taken)
{
    if (s->nlog == s->caplog) {
        size_t ncap = s->caplog ? 2 * s->caplog : 64;
        ladro__logent_t *n = NULL;
        if (ncap <= LADRO__LOG_MAX)
            n = realloc(s->log, ncap * sizeof *n);
        if (!n) { /* bounded (or no memory): count what is not logged */
            s->log_dropped++;
            return;
        }
        s->log = n;
        s->caplog = ncap;
    }
    ladro__logent_t *e = &s->log[s->nlog++];
    memset(e, 0, sizeof *e);
    /* Token tid's n-th attempt: one token numbers them 1, 2, ... (the paper's); K tokens
     * interleave, tid + 1, tid + 1 + K, ... (unique, in order per token only). */
    e->attempt = (s->attempts - 1) * (uint64_t)s->ntok + (uint64_t)s->tid + 1;
    e->thief = lb->rank;
    e->victim = victim;
    e->listed = listed;
    e->verified = verified;
    e->taken = taken;
    /* The stolen records are the newest private ones (the thief had none before). */
    for (uint32_t i = 0; i < taken; i++) {
        const unsigned char *r = ladroi_pool_newest(&lb->pool, taken - 1 - i);
        ladroi_rec_hdr_t h;
        if (!r)
            break;
        memcpy(&h, r, sizeof h);
        if (LADROI_MOVES(h) >= 2)
            e->again++;
        if (e->nids < LADRO__LOG_IDS)
            e->ids[e->nids++] = h.id;
    }
}

/* Whether rank m has an entry in this token's list: its ring, or a victim outside it. */
static bool ladro__ctws_listed(const ladro__ctws_t *s, int m)
{
    int q = ladroi_sw_pos(&s->order, m);
    if (q >= s->lo && q < s->lo + s->len)
        return true;
    return s->ntok > 1 && q >= s->tid && (q - s->tid) % s->ntok == 0;
}

/* One attempt on `victim`: verify its count, take half. *n what the verification read,
 * *got what came (0: failed), *declined when steal_guard=pace held this rank back.
 * Counted and, with ctws_log, logged (`listed`: its entry in the list). */
static int ladro__ctws_attempt(ladro_t *lb, ladro__ctws_t *s, int victim, uint64_t listed,
                               uint32_t *n, uint32_t *got, bool *declined)
{
    s->attempts++;
    lb->st.steals_tried++;
    double t0 = ladroi_net_now();
    *n = *got = 0;
    /* Verify the victim's real count (the paper's MPI_Get of its list entry). */
    int rc = ladroi_pool_peek(lb, &lb->pool, victim, n);
    /* Take half (LADROI_STEAL_FRACTION; one task in a search: ladroi_take_cap) with the
     * pool's one atomic claim; see ctws.md for why the claim gives the guarantee of the
     * paper's exclusive lock. */
    if (rc == 0 && *n > 0)
        rc = ladroi_guard_steal(lb, victim, LADROI_STEAL_FRACTION, ladroi_take_cap(lb), got);
    lb->st.steal_time_s += ladroi_net_now() - t0;
    if (rc < 0)
        return rc;
    /* steal_guard=pace held this slow holder back: the victim's tasks are there, for
     * faster thieves, so its entry stays (not a failed attempt, not logged). */
    *declined = rc == LADROI_STEAL_DECLINED;
    if (*declined)
        return LADRO_OK;
    if (s->logging)
        ladro__ctws_log(lb, s, victim, listed, *n, *got);
    if (*got == 0) {
        lb->st.steals_failed++;
        return LADRO_OK;
    }
    lb->st.steals_ok++;
    lb->st.tasks_stolen += *got;
    lb->st.bytes_stolen += (uint64_t)*got * lb->pool.rec_bytes;
    return LADRO_OK;
}

/* After a failed attempt: 1 when a message came (the search returns to the core, which
 * serves it, and goes on at the next on_idle call), 0 to go on, or an error. A list of P
 * stale entries costs P remote reads, and a termination wave must not wait for them
 * (ladroi_idle_yield, src/idle.c: the core then serves the message without its pause). */
static int ladro__ctws_yield(ladro_t *lb, ladro__ctws_t *s)
{
    bool yield = false;
    int rc = ladroi_idle_yield(lb, &yield);
    if (rc)
        return rc;
    if (yield)
        s->interrupts++;
    return yield;
}

/* What a holder's search (ladro__ctws_steal, ladro__ctws_probe) ended with (errors are
 * negative): nothing anywhere (the token turns to finish), tasks stolen, a message came
 * (the holder keeps the token and goes on at its next idle call), or steal_guard=pace
 * declined (the token goes on, still a steal token). */
enum { LADRO__S_NONE = 0, LADRO__S_STOLE = 1, LADRO__S_MESSAGE = 2, LADRO__S_DECLINED = 3 };

/* ctws_probe (not in the paper): the list ran dry, but tasks that other tokens moved, or
 * that a failed verification zeroed, may be anywhere. Read up to `probe` ranks drawn
 * uniformly among the others, taking half from the first that has stealable tasks.
 * Returns LADRO__S_STOLE, LADRO__S_NONE (the token turns to finish, or stays finish),
 * LADRO__S_MESSAGE, LADRO__S_DECLINED or an error. */
static int ladro__ctws_probe(ladro_t *lb, ladro__ctws_t *s)
{
    while (s->probed < s->probe) {
        s->probed++;
        int victim = ladroi_rng_other(&lb->rng, lb->rank, lb->size);
        uint32_t n, got;
        bool declined;
        int rc = ladro__ctws_attempt(lb, s, victim, 0, &n, &got, &declined);
        if (rc < 0)
            return rc;
        if (declined)
            return LADRO__S_DECLINED;
        if (got > 0) {
            LADROI_COUNT(lb, LADRO__C_PROBES, 1);
            if (ladro__ctws_listed(s, victim)) /* what it has left, for the next holders */
                s->list[ladro__ctws_entry(s, victim)] = n > got ? n - got : 0;
            return LADRO__S_STOLE;
        }
        if ((rc = ladro__ctws_yield(lb, s)) != 0)
            return rc < 0 ? rc : LADRO__S_MESSAGE;
    }
    return LADRO__S_NONE;
}

/* getTask's stealing part (Fig. 1), run by the token holder only. Returns LADRO__S_STOLE
 * when tasks were stolen, LADRO__S_NONE when the list ran out and the probes (ctws_probe)
 * found nothing (the token is then "finish"), LADRO__S_DECLINED when steal_guard=pace held
 * this rank back (the entries stay), LADRO__S_MESSAGE when a message
 * came after a failed attempt: the holder keeps the token and its corrected list,
 * returns to the core, which serves the message (a termination wave), and the next
 * on_idle call goes on with the search where it stopped. In a run without messages
 * the search is the paper's, victim for victim. */
static int ladro__ctws_steal(ladro_t *lb, ladro__ctws_t *s)
{
    int own = s->pos - s->lo;
    for (;;) {
        /* Victim: the most remaining tasks per the list (ties: first after this rank). */
        int victim = -1, at = -1;
        uint64_t most = 0;
        for (int k = 1; k < s->nlist; k++) {
            int i = (own + k) % s->nlist;
            if (s->list[i] > most) {
                most = s->list[i];
                at = i;
            }
        }
        if (at >= 0)
            victim = ladro__ctws_rank_of(s, at);
        if (victim < 0 && s->probed < s->probe) {
            int rc = ladro__ctws_probe(lb, s);
            if (rc != LADRO__S_NONE)
                return rc;
        }
        if (victim < 0) { /* no tasks left to steal anywhere: set the token to finish */
            s->token = LADRO__TOK_FINISH;
            s->seen_finish = true;
            s->finishes++;
            return LADRO__S_NONE;
        }
        uint32_t n, got;
        bool declined;
        int rc = ladro__ctws_attempt(lb, s, victim, most, &n, &got, &declined);
        if (rc < 0)
            return rc;
        if (declined) /* the most listed is too little for this slow rank: pass the token */
            return LADRO__S_DECLINED;
        if (got == 0) { /* the list was wrong: refresh the victim's entry and search again */
            s->list[at] = 0;
            if ((rc = ladro__ctws_yield(lb, s)) != 0) /* ... unless a message came */
                return rc < 0 ? rc : LADRO__S_MESSAGE;
            continue;
        }
        s->list[at] = n > got ? n - got : 0;
        return LADRO__S_STOLE;
    }
}

/* updateList, from ladro_progress (every task iteration) and ladro_next. */
static int ladro__ctws_progress(ladro_t *lb, void *state)
{
    ladro__ctws_t *s = state;
    if (!s->started || lb->size < 2)
        return LADRO_OK;
    int rc = ladro__ctws_gathered(lb, s);
    if (rc <= 0)
        return rc; /* the first holder keeps the token until it has the initial list */
    if ((rc = ladro__ctws_receive(lb, s)) != 0 || !s->token)
        return rc;
    uint64_t local = ladroi_pool_local_count(&lb->pool);
    if (!lb->in_task && local == 0)
        return LADRO_OK; /* about to be idle: getTask (on_idle) steals with this token */
    if (s->token == LADRO__TOK_FINISH && !s->token_term) {
        /* The paper's tasks are all known at the start; ladro's tasks may spawn more.
         * A holder that has stealable tasks again re-arms the token. */
        uint32_t pub = 0;
        if ((rc = ladroi_pool_peek(lb, &lb->pool, lb->rank, &pub)) != 0)
            return rc;
        if (pub > 0) {
            s->token = LADRO__TOK_STEAL;
            s->rearms++;
        }
    }
    return ladro__ctws_pass(lb, s);
}

/* getTask (Fig. 1) for a rank without local tasks. */
static int ladro__ctws_idle(ladro_t *lb, void *state)
{
    ladro__ctws_t *s = state;
    if (lb->size < 2)
        return 0;
    int rc = ladro__ctws_gathered(lb, s);
    if (rc <= 0)
        return rc;
    if ((rc = ladro__ctws_receive(lb, s)) != 0)
        return rc;
    if (!s->token && lb->cfg.paper)
        return 0; /* wait for the token (the core backs off, serving progress) */
    if (!s->token) /* meanwhile, random's round (above) */
        return ladroi_idle_round(lb, LADROI_ROUND_DRAWS, ladroi_random_step, NULL);
    int got = LADRO__S_NONE;
    if (s->token == LADRO__TOK_STEAL && (got = ladro__ctws_steal(lb, s)) < 0)
        return got;
    if (s->token == LADRO__TOK_FINISH && !s->token_term && s->ntok > 1 && s->probe > 0) {
        /* Several tokens: a finish token says only that this ring's list and its probes
         * found nothing; tasks may remain where other tokens reach. An idle holder probes
         * again at every pass and re-arms the token when it finds some. */
        if ((got = ladro__ctws_probe(lb, s)) < 0)
            return got;
        if (got == LADRO__S_STOLE) {
            s->token = LADRO__TOK_STEAL;
            s->rearms++;
        }
    }
    if (got == LADRO__S_MESSAGE)
        return 0; /* a message came: the core serves it; the search goes on next call */
    /* Stolen tasks become stealable at once (all but chunk), so the entry this rank
     * puts in the list is what the next holder will find when it verifies. */
    bool stole = got == LADRO__S_STOLE;
    if (stole && (rc = ladroi_pool_release(lb, &lb->pool, lb->cfg.chunk)) != 0)
        return rc;
    /* Forward the token: after a theft it goes on at once (the paper's first updateList
     * of the stolen task); a finish token is forwarded so every rank learns it, and
     * keeps circulating so that spawned work can re-arm it. */
    if ((rc = ladro__ctws_pass(lb, s)) != 0)
        return rc;
    return stole; /* 1: tasks to run */
}

/* The steal log as CSV (the paper's Table 1), gathered on rank 0 at ladro_destroy. */
static int ladro__ctws_cmp(const void *a, const void *b)
{
    const ladro__logent_t *x = a, *y = b;
    return x->attempt < y->attempt ? -1 : x->attempt > y->attempt;
}

/* The passes' wake-up messages still in flight must not outlive the handle: an MPI may
 * give a later handle's communicator the same context, where a message of another
 * policy with the same tag would match them (MPICH does: smallworld's set-up after a
 * ctws handle waited for ever). Each rank tells the next how many it sent and takes the
 * rest of those from the previous one. Collective. */
static int ladro__ctws_drain(ladro_t *lb, ladro__ctws_t *s)
{
    if (lb->size < 2)
        return LADRO_OK;
    int next = ladro__ctws_next(s), prev = ladro__ctws_prev(s);
    uint64_t sent = s->passes, expect = 0;
    ladroi_req_t r = {0};
    int rc = ladroi_net_isend(lb, lb->comm, &sent, sizeof sent, next, LADRO__TAG_WAKES, &r);
    if (rc == 0)
        rc = ladroi_net_recv(lb, lb->comm, &expect, sizeof expect, prev, LADRO__TAG_WAKES,
                             NULL);
    while (rc == 0 && s->wakes_in < expect) {
        rc = ladroi_net_recv(lb, lb->comm, NULL, 0, prev, LADRO__TAG_WAKE, NULL);
        s->wakes_in++;
    }
    int rc2 = r.active ? ladroi_net_wait(lb, &r) : LADRO_OK;
    return rc ? rc : rc2;
}

static int ladro__ctws_destroy(ladro_t *lb, void *state)
{
    ladro__ctws_t *s = state;
    const char *path = ((const ladro__ctws_opts_t *)lb->popts)->ctws_log;
    int rc = ladro__ctws_drain(lb, s);
    if (rc || !path[0])
        return rc;
    uint64_t dropped = s->log_dropped;
    void *gathered;
    size_t bytes;
    rc = ladroi_net_allreduce_u64(lb, lb->comm, &dropped, 1, LADROI_NET_SUM);
    if (rc == 0)
        rc = ladroi_net_gatherv(lb, lb->comm, s->log, s->nlog * sizeof(ladro__logent_t), 0,
                                &gathered, &bytes);
    if (rc && rc != LADRO_ENOMEM)
        return rc;
    ladro__logent_t *all = rc ? NULL : gathered;
    size_t total = rc ? 0 : bytes;
    rc = LADRO_OK;
    if (lb->rank == 0) {
        FILE *f = all ? fopen(path, "w") : NULL;
        if (!f) {
            rc = ladroi_fail(lb, all ? LADRO_EIO : LADRO_ENOMEM, "ctws_log: cannot write "
                             "'%s'", path);
        } else {
            size_t m = total / sizeof(ladro__logent_t);
            qsort(all, m, sizeof *all, ladro__ctws_cmp);
            fprintf(f, "attempt,thief,victim,listed,verified,taken,stolen_before,task_ids\n");
            for (size_t i = 0; i < m; i++) {
                const ladro__logent_t *e = &all[i];
                fprintf(f, "%" PRIu64 ",%d,%d,%" PRIu64 ",%u,%u,%u,", e->attempt,
                        (int)e->thief, (int)e->victim, e->listed, e->verified, e->taken,
                        e->again);
                for (uint32_t k = 0; k < e->nids; k++)
                    fprintf(f, "%s%" PRIu64, k ? " " : "", e->ids[k]);
                if (e->taken > e->nids)
                    fprintf(f, " +%u", e->taken - e->nids);
                fprintf(f, "\n");
            }
            if (dropped)
                fprintf(f, "# %" PRIu64 " attempts not logged (at most %u per rank)\n",
                        dropped, LADRO__LOG_MAX);
            if (fclose(f) != 0)
                rc = ladroi_fail(lb, LADRO_EIO, "ctws_log: error writing '%s'",
                                 path);
        }
    }
    free(all);
    return rc;
}

static void ladro__ctws_dump(const ladro_t *lb, const void *state, FILE *out)
{
    const ladro__ctws_t *s = state;
    (void)lb;
    fprintf(out, "  ctws: token %d of %d (ring positions %d-%d, this rank's %d%s) %s, %" PRIu64
            " attempts numbered so far, %" PRIu64 " passes, %" PRIu64 " finish, %" PRIu64
            " re-armed, %" PRIu64 " searches stopped at a message, %d of %d probes read in "
            "this search, initial list %s\n", s->tid, s->ntok, s->lo, s->lo + s->len - 1,
            s->pos, s->order.mult != 1 ? ", spread" : "",
            s->token == LADRO__TOK_STEAL    ? "held (steal)"
            : s->token == LADRO__TOK_FINISH ? "held (finish)"
                                            : "not here",
            s->attempts, s->passes, s->finishes, s->rearms, s->interrupts, s->probed,
            s->probe, s->gathered ? "known" : "pending");
    if (s->token && s->list) {
        fprintf(out, "  ctws list:");
        for (int i = 0; i < s->nlist && i < 16; i++)
            fprintf(out, " %d:%" PRIu64, ladro__ctws_rank_of(s, i), s->list[i]);
        fprintf(out, s->nlist > 16 ? " ...\n" : "\n");
    }
}

LADROI_POLICY_DEFINE(ctws, ladro__ctws, ladro__ctws_opts_t, true,
                     "cyclic tokens: a holder steals from the max of its list, the others at random (paper=1: only the holder)",
                     .on_progress = ladro__ctws_progress, .on_start = ladro__ctws_start,
                     .on_destroy = ladro__ctws_destroy, .finished = ladro__ctws_finished,
                     .gate_waves = ladro__ctws_gate, .on_spawn = ladro__ctws_spawn,
                     .guard = true, .guard_auto = true,
                     LADROI_POLICY_COUNTERS(ladro__ctws_counters));
