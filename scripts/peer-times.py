#!/usr/bin/env python3
"""Times a peer extractor page by page on the pages bench:extract times Pith on (scripts/bench-extract.ts).

    .tools/peers/bin/python scripts/peer-times.py <peer-extract.py> <extractor> <pages.jsonl> <out.json>

pages.jsonl: one {"id", "url", "html"} a line, the HTML already decoded and the address Pith is given.
It then serves bench:extract, one command a line on stdin, one JSON line in reply on stdout:
- `warm`: the first ten pages once, untimed (as on Pith's side at the start of each round); replies {}.
- `time <start> <end>`: pages [start, end) timed one by one; replies {"ms": [one time a page]}.
- `done`: writes out.json, {"predictions": {id: {"text", "metadata"}}} (the last time each page ran), and exits.
bench:extract alternates a stretch of pages on Pith's side and the same stretch here, so a slow or quick
spell of a shared machine falls on both sides of the ratio rather than on one side's whole round.

What is timed per page is what peer-extract.py times: its own `run(html, url)` (rs-trafilatura-md:
rs_trafilatura.extract(html, url=url, output_markdown=True) — HTML parsing, main content, Markdown and
metadata), on a str already decoded. Reading, gunzip and decoding are not timed. The function is taken
from the peer script's own source (its statements before the page loop), so the two never drift; the
shared script itself writes no per-page times.
"""
import ast
import json
import sys
import time


def peer_run(path, extractor):
    """The peer script's `run(html, url)`: its top-level statements up to its page loop, executed here."""
    tree = ast.parse(open(path, encoding='utf-8').read(), path)
    head = []
    for node in tree.body:
        targets = getattr(node, 'targets', [])
        if any(isinstance(name, ast.Name) and name.id == 'predictions' for target in targets for name in ast.walk(target)):
            break
        head.append(node)
    namespace = {'__name__': 'peer_extract', '__file__': path}
    argv = sys.argv
    sys.argv = [path, extractor, '', '']  # the script reads which, folder, out from its arguments
    try:
        exec(compile(ast.Module(body=head, type_ignores=[]), path, 'exec'), namespace)
    finally:
        sys.argv = argv
    if not callable(namespace.get('run')):
        sys.exit(f'{path}: no run(html, url) defined before its page loop')
    return namespace['run']


def main():
    peer_script, extractor, pages_file, out_file = sys.argv[1:5]
    run = peer_run(peer_script, extractor)
    with open(pages_file, encoding='utf-8') as lines:
        pages = [json.loads(line) for line in lines]
    predictions = {}

    def reply(value):
        sys.stdout.write(json.dumps(value) + '\n')
        sys.stdout.flush()

    for line in sys.stdin:
        command = line.split()
        if not command:
            continue
        if command[0] == 'warm':
            for page in pages[:10]:
                try:
                    run(page['html'], page['url'])
                except Exception:
                    pass  # it still warmed what it ran
            reply({})
        elif command[0] == 'time':
            start, end = int(command[1]), int(command[2])
            ms = []
            for page in pages[start:end]:
                started = time.perf_counter()
                try:
                    text, meta = run(page['html'], page['url'])
                except Exception:
                    text, meta = '', {}  # as peer-extract.py scores a failure
                ms.append((time.perf_counter() - started) * 1000)
                predictions[page['id']] = {'text': text, 'metadata': meta}
            reply({'ms': ms})
        elif command[0] == 'done':
            with open(out_file, 'w', encoding='utf-8') as out:
                json.dump({'predictions': predictions}, out)
            return
        else:
            sys.exit(f'peer-times.py: unknown command {line.strip()!r}')


main()
