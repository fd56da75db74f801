#!/usr/bin/env python3
"""Fail when a C function is longer than --max lines (from the first line of its signature
to its closing brace), in every .c file under the directories given.

    check_fnlen.py [--max N] DIR... [--self-test]

Functions are found as the project's style writes them: the opening brace alone on a line
at column 0, the closing brace at column 0; the signature is the run of lines above the
brace back to a blank line, a comment's end, a preprocessor line or a line ending in ';',
'}' or '{'. --self-test first proves on a sample that a long function is reported and a
short one is not."""
import os
import re
import sys
import tempfile


def functions(text):
    """(name, first line, length) of every function definition in text."""
    lines = text.split('\n')
    out = []
    i = 0
    while i < len(lines):
        if lines[i].rstrip() != '{':
            i += 1
            continue
        start = i
        while start > 0:
            prev = lines[start - 1].rstrip()
            if (not prev or prev.endswith((';', '}', '{', '*/')) or prev.startswith('#')
                    or prev.lstrip().startswith(('//', '*', '/*'))):
                break
            start -= 1
        end = i + 1
        while end < len(lines) and not lines[end].startswith('}'):
            end += 1
        sig = ' '.join(l.strip() for l in lines[start:i])
        m = re.search(r'([A-Za-z_]\w*)\s*\(', re.sub(r'__attribute__\s*\(\(.*?\)\)', '', sig))
        if m and start < i:
            out.append((m.group(1), start + 1, end - start + 1))
        i = end + 1
    return out


def scan(dirs, limit):
    """Every function over limit lines under dirs: a list of 'path:line: name N lines'."""
    bad = []
    nfiles = nfun = 0
    for d in dirs:
        for root, subdirs, files in os.walk(d):
            subdirs.sort()
            for f in sorted(files):
                if not f.endswith('.c'):
                    continue
                path = os.path.join(root, f)
                with open(path, encoding='utf-8', errors='replace') as fh:
                    found = functions(fh.read())
                nfiles += 1
                nfun += len(found)
                bad += ['%s:%d: %s is %d lines (at most %d)' % (path, line, name, n, limit)
                        for name, line, n in found if n > limit]
    return bad, nfiles, nfun


def self_test(limit):
    body = '\n'.join('    x += %d;' % k for k in range(limit))
    sample = ('/* a comment */\nstatic int ladro__short(int x)\n{\n    return x;\n}\n\n'
              'int ladro_long(int x,\n               int y)\n{\n' + body + '\n    return x;\n}\n'
              'static const int ladro__table[] = {\n' + ' 1,\n' * (limit + 5) + '};\n')
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, 'sample.c'), 'w') as fh:
            fh.write(sample)
        bad, _, nfun = scan([d], limit)
    want = 'ladro_long is %d lines' % (limit + 5)
    if nfun != 2 or len(bad) != 1 or want not in bad[0]:
        print('check_fnlen: self-test failed: found %d functions, reported %s (expected '
              'only "%s")' % (nfun, bad, want))
        return False
    return True


def main(argv):
    limit, dirs, selftest = 80, [], False
    args = iter(argv)
    for a in args:
        if a == '--max':
            v = next(args, '')
            if not v.isdigit() or int(v) < 1:
                print("check_fnlen: --max '%s': accepted: a positive integer" % v)
                return 2
            limit = int(v)
        elif a == '--self-test':
            selftest = True
        elif os.path.isdir(a):
            dirs.append(a)
        else:
            print("check_fnlen: '%s': accepted: --max N, --self-test or a directory" % a)
            return 2
    if not dirs:
        print('usage: check_fnlen.py [--max N] DIR... [--self-test]')
        return 2
    if selftest and not self_test(limit):
        return 1
    bad, nfiles, nfun = scan(dirs, limit)
    for b in bad:
        print(b)
    print('check_fnlen: %d functions in %d files, %d over %d lines' % (nfun, nfiles, len(bad),
                                                                       limit))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
