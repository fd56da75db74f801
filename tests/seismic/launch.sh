# Sourced by the seismic test scripts once they have read bin, work, mpiexec and npflag
# (the rest of "$@" is the launcher's flags): `launch NP COMMAND...` runs COMMAND on NP
# ranks (LADRO_EXPECT_NP makes the program check it), the work directory starts empty,
# and the kernel runs one OpenMP thread.
launch() { np=$1; shift; LADRO_EXPECT_NP=$np "$mpiexec" "$npflag" "$np" "$@"; }
rm -rf "$work" && mkdir -p "$work"
export OMP_NUM_THREADS=1
