# Sourced by the sim tests that compare runs (a2ws_whole_ring.sh, steal_guard.sh), with SIM
# (ladro-sim) and DIR set: `run NAME ARGS...` writes `ladro-sim policy --quiet --json
# ARGS...` to $DIR/NAME.json, and ends the test (exit 1, ladro-sim's stderr shown) when
# ladro-sim fails.
run() {
    name=$1
    shift
    "$SIM" policy --quiet --json "$@" > "$DIR/$name.json" 2> "$DIR/err" ||
        { echo "$name: exit $?"; cat "$DIR/err"; exit 1; }
}
