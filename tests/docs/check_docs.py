#!/usr/bin/env python3
"""Checks of the Markdown documentation, run by CTest.

  check_docs.py links ROOT   every relative link in ROOT/README.md, ROOT/docs/**/*.md and
                             ROOT/bench/**/README.md names an existing file, and an anchor
                             (#section) on a Markdown page names one of its headings
  check_docs.py sizes ROOT   docs/results.md <= 40 KB and each cell of its tables <= 300
                             characters, every other page of docs/ <= 30 KB, all Markdown
                             of docs/ together <= 200 KB (KB = 1000 bytes)

Each mode first checks itself on a small tree holding one fault of each kind it looks for
(it must report every one), then checks ROOT. Exit 0 when ROOT is clean, 1 with one line
per fault otherwise.
"""
import os
import re
import sys
import tempfile

RESULTS_MAX = 40_000
PAGE_MAX = 30_000
DOCS_MAX = 200_000
CELL_MAX = 300

LINK = re.compile(r'!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')
FENCE = re.compile(r'^\s*(```|~~~)')


def pages(root):
    out = []
    top = os.path.join(root, 'README.md')
    if os.path.isfile(top):
        out.append(top)
    for sub, only_readme in (('docs', False), ('bench', True)):
        for d, _, files in os.walk(os.path.join(root, sub)):
            for f in sorted(files):
                if f.endswith('.md') and (not only_readme or f == 'README.md'):
                    out.append(os.path.join(d, f))
    return out


def prose(text):
    """The lines outside fenced code blocks, with inline code removed."""
    inside = False
    for line in text.split('\n'):
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            yield re.sub(r'`[^`]*`', '', line)


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to '-'."""
    h = re.sub(r'`', '', heading.strip().lower())
    h = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', h)
    h = ''.join(c for c in h if c.isalnum() or c in ' -_')
    return h.replace(' ', '-')


def anchors(path, cache={}):
    if path not in cache:
        seen, out = {}, set()
        inside = False
        for line in open(path, encoding='utf-8').read().split('\n'):
            if FENCE.match(line):
                inside = not inside
                continue
            m = None if inside else re.match(r'^#{1,6}\s+(.*?)\s*#*\s*$', line)
            if m:
                s = slug(m.group(1))
                n = seen.get(s, 0)
                seen[s] = n + 1
                out.add(s if n == 0 else '%s-%d' % (s, n))
        cache[path] = out
    return cache[path]


def check_links(root):
    faults = []
    for page in pages(root):
        text = open(page, encoding='utf-8').read()
        for line in prose(text):
            for target in LINK.findall(line):
                if re.match(r'^[a-z][a-z0-9+.-]*:', target, re.I):
                    continue  # http:, https:, mailto:
                path, _, frag = target.partition('#')
                dest = page if path == '' else os.path.normpath(
                    os.path.join(os.path.dirname(page), path))
                rel = os.path.relpath(page, root)
                if not os.path.exists(dest):
                    faults.append('%s: link to %s: no such file' % (rel, target))
                elif frag and dest.endswith('.md') and frag.lower() not in anchors(dest):
                    faults.append('%s: link to %s: no heading "#%s" in %s'
                                  % (rel, target, frag, os.path.relpath(dest, root)))
    return faults


def check_sizes(root):
    faults = []
    total = 0
    docs = os.path.join(root, 'docs')
    for d, _, files in os.walk(docs):
        for f in sorted(files):
            if not f.endswith('.md'):
                continue
            p = os.path.join(d, f)
            n = os.path.getsize(p)
            total += n
            rel = os.path.relpath(p, root)
            limit = RESULTS_MAX if rel == os.path.join('docs', 'results.md') else PAGE_MAX
            if n > limit:
                faults.append('%s: %d bytes, over its budget of %d' % (rel, n, limit))
            if limit == RESULTS_MAX:
                for i, line in enumerate(open(p, encoding='utf-8').read().split('\n'), 1):
                    if not line.startswith('|'):
                        continue
                    for cell in line.strip().strip('|').split('|'):
                        if len(cell.strip()) > CELL_MAX:
                            faults.append('%s:%d: a table cell of %d characters, over %d'
                                          % (rel, i, len(cell.strip()), CELL_MAX))
    if total > DOCS_MAX:
        faults.append('docs/: %d bytes of Markdown, over the budget of %d' % (total, DOCS_MAX))
    return faults


def selftest(mode):
    with tempfile.TemporaryDirectory() as t:
        os.makedirs(os.path.join(t, 'docs', 'sub'))
        w = lambda p, s: open(os.path.join(t, p), 'w', encoding='utf-8').write(s)
        if mode == 'links':
            w('README.md', '# Top\n[ok](docs/a.md#the-part) [bad](docs/none.md)\n'
                           '```\n[not a link](nowhere.md)\n```\n')
            w('docs/a.md', '# A\n## The part\n[anchor](sub/b.md#missing) [up](../README.md#top)\n')
            w('docs/sub/b.md', '# B\n[web](https://example.org/x) [self](#b)\n')
            want = ['README.md: link to docs/none.md',
                    'docs/a.md: link to sub/b.md#missing']
            got = check_links(t)
        else:
            w('docs/results.md', '| a | %s |\n' % ('y' * (CELL_MAX + 1)) + 'x' * RESULTS_MAX)
            w('docs/a.md', 'x' * (PAGE_MAX + 1))
            for i in range(7):
                w('docs/sub/p%d.md' % i, 'x' * PAGE_MAX)
            want = ['docs/results.md: ', 'docs/results.md:1: a table cell', 'docs/a.md:', 'docs/:']
            got = check_sizes(t)
        missed = [x for x in want if not any(g.startswith(x) for g in got)]
        if missed or len(got) != len(want):
            print('check_docs.py %s: self-test failed: expected faults %s, got %s'
                  % (mode, want, got))
            return False
    return True


def main(argv):
    if len(argv) != 3 or argv[1] not in ('links', 'sizes'):
        print('usage: check_docs.py links|sizes ROOT', file=sys.stderr)
        return 2
    mode, root = argv[1], argv[2]
    if not selftest(mode):
        return 1
    faults = check_links(root) if mode == 'links' else check_sizes(root)
    for f in faults:
        print(f)
    if not faults:
        print('check_docs.py %s: %s clean' % (mode, root))
    return 1 if faults else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
