#!/usr/bin/env python3
"""Check ladro trace files and ladro-gantt SVG:
trace_check.py KIND FILE NRANKS NTASKS [THREADS]   (THREADS > 1: a row per worker)

paje: every event's id is defined and has the defined number of fields; times never go
      back; containers exist before use; states nest per container and every pushed
      state (task bar) is popped; every link start has its end.
json: parses; one thread_name per rank; NTASKS task events, each id once, dur >= 0.
csv:  header; NTASKS task rows, each id once; spans have start <= end.
svg:  well-formed XML; one g.row per rank; NTASKS task bars.
With THREADS T > 1: paje has a worker container per worker in its rank's, json a
thread_name per rank and per worker, csv names a worker in [0, T) for every task and
at least two workers ran some, svg has a row per rank and per worker. In every case the
tasks of one row (a rank's, or a worker's) never overlap in time."""
import csv, json, shlex, sys
import xml.etree.ElementTree as ET

kind, path, nranks, ntasks = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
threads = int(sys.argv[5]) if len(sys.argv) > 5 else 1
nw = threads if threads > 1 else 0  # worker rows per rank

def fail(msg):
    sys.exit(f"trace_check {kind} {path}: {msg}")

if kind == "paje":
    defs, cur, stacks, links, containers = {}, None, {}, {}, set()
    last_t, tasks, ids = -1.0, 0, {}
    for ln, line in enumerate(open(path), 1):
        line = line.rstrip("\n")
        if line.startswith("%EventDef"):
            _, name, eid = line.split()
            cur = (eid, name, [])
            continue
        if line.startswith("%EndEventDef"):
            defs[cur[0]] = (cur[1], cur[2]); cur = None; continue
        if line.startswith("%"):
            if cur is None: fail(f"line {ln}: field outside an EventDef")
            cur[2].append(line[1:].split()[0]); continue
        f = shlex.split(line)
        if not f: continue
        if f[0] not in defs: fail(f"line {ln}: undefined event id {f[0]}")
        name, fields = defs[f[0]]
        if len(f) - 1 != len(fields): fail(f"line {ln}: {name} has {len(f)-1} fields, defined {len(fields)}")
        rec = dict(zip(fields, f[1:]))
        if "Time" in rec:
            t = float(rec["Time"])
            if t < last_t - 1e-12: fail(f"line {ln}: time goes back ({t} < {last_t})")
            last_t = t
        if name == "PajeCreateContainer":
            containers.add(rec["Alias"]); stacks[rec["Alias"]] = []
        elif name in ("PajePushState", "PajePopState", "PajeNewEvent"):
            c = rec["Container"]
            if c not in containers: fail(f"line {ln}: container {c} used before creation")
            if name == "PajePushState":
                stacks[c].append(rec["Value"])
                if rec["Value"].startswith(("t", "wt")): tasks += 1
            elif name == "PajePopState":
                if not stacks[c]: fail(f"line {ln}: pop on an empty stack of {c}")
                stacks[c].pop()
        elif name == "PajeStartLink":
            links[rec["Key"]] = rec["StartContainer"]
        elif name == "PajeEndLink":
            if rec["Key"] not in links: fail(f"line {ln}: link end without start")
            links.pop(rec["Key"])
        elif name == "PajeDestroyContainer":
            if stacks.get(rec["Name"]): fail(f"line {ln}: {rec['Name']} destroyed with open states {stacks[rec['Name']]}")
    if links: fail(f"{len(links)} links never ended")
    open_states = {c: s for c, s in stacks.items() if s}
    if open_states: fail(f"states never closed: {open_states}")
    import re
    if sum(1 for c in containers if re.fullmatch(r"r\d+", c)) != nranks: fail("rank containers != ranks")
    if sum(1 for c in containers if re.fullmatch(r"r\d+w\d+", c)) != nranks * nw:
        fail(f"worker containers != {nranks} x {nw}")
    if tasks > ntasks: fail(f"{tasks} task bars > {ntasks} tasks")
    # zero-length tasks are not drawn; with --work-ms > 0 every task has a bar
    if tasks != ntasks: fail(f"{tasks} task bars, expected {ntasks}")
elif kind == "json":
    d = json.load(open(path))
    ev = d["traceEvents"]
    names = [e for e in ev if e.get("name") == "thread_name"]
    if len(names) != nranks * (nw + 1): fail(f"{len(names)} thread names, expected {nranks * (nw + 1)}")
    spans = {}
    for e in ev:
        if e.get("ph") == "X" and e["name"].startswith("task "):
            spans.setdefault(e["tid"], []).append((e["ts"], e["ts"] + e["dur"]))
    for tid, s in spans.items():
        s.sort()
        # a task may start at the instant the previous one ended; ts and dur are each
        # rounded to 1 ns, so its end (ts + dur) may read up to 1.5 ns past that start
        if any(b[0] < a[1] - 2e-3 for a, b in zip(s, s[1:])): fail(f"tasks overlap on row {tid}")
    ids = [e["args"]["id"] for e in ev if e.get("ph") == "X" and e["name"].startswith("task ")]
    if sorted(ids) != list(range(ntasks)): fail(f"task ids are not 0..{ntasks-1} once each")
    if any(e["dur"] < 0 for e in ev if e.get("ph") == "X"): fail("negative duration")
elif kind == "csv":
    rows = list(csv.DictReader(l for l in open(path) if not l.startswith("#")))
    ids = sorted(int(r["task_id"]) for r in rows if r["kind"] == "task")
    if ids != list(range(ntasks)): fail(f"task ids are not 0..{ntasks-1} once each")
    if any(float(r["start"]) > float(r["end"]) for r in rows): fail("span ends before it starts")
    if {int(r["rank"]) for r in rows if r["kind"] == "done"} != set(range(nranks)):
        fail("not every rank recorded its termination")
    tasks = [r for r in rows if r["kind"] == "task"]
    workers = [int(r["worker"]) for r in tasks]
    if nw and any(not 0 <= w < nw for w in workers): fail(f"a task's worker is not in [0, {nw})")
    if nw and len(set(workers)) < 2: fail(f"tasks ran on {len(set(workers))} worker, expected >= 2")
    if not nw and any(w != -1 for w in workers): fail("worker named with one thread per rank")
    spans = {}
    for r in tasks:
        spans.setdefault((r["rank"], r["worker"]), []).append((float(r["start"]), float(r["end"])))
    for row, s in spans.items():
        s.sort()
        if any(b[0] < a[1] - 1e-9 for a, b in zip(s, s[1:])): fail(f"tasks overlap on row {row}")
elif kind == "svg":
    root = ET.parse(path).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    rows = [g for g in root.iter(ns + "g") if g.get("class") == "row"]
    if len(rows) != nranks * (nw + 1): fail(f"{len(rows)} rows, expected {nranks * (nw + 1)}")
    if sorted((int(g.get("data-rank")), int(g.get("data-worker"))) for g in rows) != \
            [(r, w) for r in range(nranks) for w in range(-1, nw)]:
        fail("rows are not every rank followed by its workers")
    bars = [r for r in root.iter(ns + "rect") if r.get("class") == "task"]
    if len(bars) != ntasks: fail(f"{len(bars)} task bars, expected {ntasks}")
    if len(sys.argv) > 6:  # drawn from this trace: its steals, as arrows (or marks) and ticks
        src = sys.argv[6]
        if src.endswith(".csv"):
            st = [r for r in csv.DictReader(l for l in open(src) if not l.startswith("#"))
                  if r["kind"] == "steal"]
            ok = sum(int(r["count"]) > 0 for r in st); failed = len(st) - ok
        elif src.endswith(".json"):
            st = [e for e in json.load(open(src))["traceEvents"] if e.get("cat") == "steal"]
            ok = sum(e["args"]["tasks"] > 0 for e in st); failed = len(st) - ok
        else:  # paje: a steal state per attempt, a link per successful one
            lines = [l.split() for l in open(src) if not l.startswith("%")]
            ok = sum(f[0] == "8" for f in lines if f)
            failed = sum(f[0] == "5" and f[-1] == "steal" for f in lines if f) - ok
        drawn = sum(e.get("class") == "steal" for e in root.iter())
        ticks = sum(e.get("class") == "failed" for e in root.iter())
        if (drawn, ticks) != (ok, failed):
            fail(f"{drawn} steals and {ticks} failed drawn, the trace {src} has {ok} and {failed}")
else:
    fail("unknown kind")
print(f"ok: {kind} {path}")
