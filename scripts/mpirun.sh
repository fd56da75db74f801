#!/usr/bin/env bash
# mpirun with the settings of this single-node machine (see docs/user-guide.md): root
# allowed, and more ranks than cores. (What Open MPI needs for ladro's one-sided
# operations, libladro sets itself before MPI_Init.) Usage: scripts/mpirun.sh -np 8 prog args...
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
exec mpirun "$@"
