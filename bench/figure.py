"""What the figure scripts of bench/ share (a2ws/gains_plot.py, ctws/idle_plot.py,
loadaware/phases_plot.py): a CSV of rows, gnuplot on a script, and their command line,
`SCRIPT RUN_DIR... CSV SVG` (measure the runs into the CSV, then draw the SVG from it) or
`SCRIPT --csv CSV SVG` (redraw from the kept CSV alone)."""
import csv, subprocess, sys


def write_csv(path, fields, rows):
    """rows: dicts keyed by fields, written in that order."""
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fields)
        w.writeheader()
        w.writerows(rows)


def gnuplot(script, svg):
    subprocess.run(["gnuplot"], input=script.encode(), check=True)
    print(svg)


def main(measure, draw, dirs, doc):
    """measure(*run_dirs, csv) takes `dirs` run directories; draw(csv, svg)."""
    a = sys.argv[1:]
    if len(a) == 3 and a[0] == "--csv":
        draw(a[1], a[2])
    elif len(a) == dirs + 2:
        measure(*a[:dirs], a[dirs])
        draw(a[dirs], a[dirs + 1])
    else:
        sys.exit(doc)
