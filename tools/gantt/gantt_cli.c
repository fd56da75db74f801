/* ladro-gantt's command line: one table (src/opts.h). */
#include "gantt.h"

#include "opts.h"

int gantt_parse(int argc, char **argv, gantt_opts_t *o)
{
    o->width = 1100;
    o->max_arrows = 300;
    const ladroi_opt_t opts[] = {
        {"-o", 0, LADROI_OPT_STR, &o->out, .arg = "OUT.svg",
         .help = "output (default: TRACE with .svg instead of its extension)"},
        {"--title", 0, LADROI_OPT_STR, &o->title, .arg = "TEXT",
         .help = "chart title (default: the trace's file name)"},
        {"--width", 0, LADROI_OPT_DOUBLE, &o->width, 400, 20000, .arg = "PX",
         .help = "drawing width in pixels, 400..20000 (default 1100)",
         .accepted = "accepted: pixels in [400, 20000]"},
        {"--max-arrows", 0, LADROI_OPT_INT, &o->max_arrows, 0, 1000000, .arg = "N",
         .help = "draw steal arrows up to N steals, marks beyond (default 300)"},
        {"--help", 'h', LADROI_OPT_HELP, .help = "this text"},
        {0},
    };
    const char *pos[1];
    int npos = 0;
    const ladroi_cli_t cli = {
        .prog = "ladro-gantt",
        .usage = "usage: ladro-gantt TRACE [-o OUT.svg] [--title TEXT] [--width PX]\n"
                 "                  [--max-arrows N]\n"
                 "  TRACE               a trace written with LADRO_TRACE: .csv, .paje/.trace\n"
                 "                      (Paje: no task ids) or .json (Chrome trace)\n",
        .opts = opts,
        .pos = pos,
        .maxpos = 1,
        .npos = &npos,
        .too_many = "only one trace file is accepted",
    };
    int rc = ladroi_cli_parse(&cli, argc, argv, NULL, 0);
    if (rc)
        return rc;
    if (npos == 0)
        return ladroi_cli_fail(&cli, NULL, 0, "no trace file given (usage: ladro-gantt "
                               "TRACE [-o OUT.svg])");
    o->in = pos[0];
    return 0;
}
