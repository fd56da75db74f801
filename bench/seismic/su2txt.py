#!/usr/bin/env python3
"""Print traces of a Seismic Unix file (native little-endian, 240-byte headers) as a
gnuplot 'matrix' (one row per sample, one column per trace).
  su2txt.py FILE [FIRST_TRACE COUNT]"""
import struct
import sys

data = open(sys.argv[1], 'rb').read()
ns, = struct.unpack_from('<H', data, 114)
size = 240 + 4 * ns
ntr = len(data) // size
first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
count = int(sys.argv[3]) if len(sys.argv) > 3 else ntr - first
traces = [struct.unpack_from('<%df' % ns, data, (first + t) * size + 240) for t in range(count)]
for s in range(ns):
    print(' '.join('%.6g' % tr[s] for tr in traces))
