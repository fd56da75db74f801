#!/usr/bin/env bash
# mpirun with the settings ladro needs on one node (see docs/user-guide.md):
# root allowed, oversubscription, and Open MPI's vader single-copy off (its 64-bit
# atomics crash on RMA windows otherwise). Usage: scripts/mpirun.sh -np 8 prog args...
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_rmaps_base_oversubscribe=1
exec mpirun "$@"
