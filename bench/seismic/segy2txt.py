#!/usr/bin/env python3
"""Print traces of a SEG-Y file (big-endian, format 5 IEEE or 1 IBM float, fixed-length
traces) as a gnuplot 'matrix' (one row per sample, one column per trace).
  segy2txt.py FILE [FIRST_TRACE COUNT]"""
import struct
import sys


def ibm2float(u):
    """IBM System/360 single precision: sign, base-16 exponent biased by 64, 24-bit fraction."""
    if u & 0x7fffffff == 0:
        return 0.0
    sign = -1.0 if u >> 31 else 1.0
    return sign * (u & 0xffffff) / float(1 << 24) * 16.0 ** (((u >> 24) & 0x7f) - 64)


data = open(sys.argv[1], 'rb').read()
ns, = struct.unpack_from('>h', data, 3220)
fmt, = struct.unpack_from('>h', data, 3224)
ext, = struct.unpack_from('>h', data, 3504)
if fmt not in (1, 5):
    sys.exit('%s: sample format %d; this reader takes 1 (IBM) or 5 (IEEE)' % (sys.argv[1], fmt))
trace0 = 3600 + 3200 * max(ext, 0)
size = 240 + 4 * ns
ntr = (len(data) - trace0) // size
first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
count = int(sys.argv[3]) if len(sys.argv) > 3 else ntr - first
traces = []
for t in range(count):
    off = trace0 + (first + t) * size + 240
    if fmt == 5:
        traces.append(struct.unpack_from('>%df' % ns, data, off))
    else:
        traces.append([ibm2float(u) for u in struct.unpack_from('>%dI' % ns, data, off)])
for s in range(ns):
    print(' '.join('%.6g' % tr[s] for tr in traces))
