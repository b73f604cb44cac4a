#!/usr/bin/env python3
"""Times a peer extractor page by page on the pages bench:extract times Pith on (scripts/bench-extract.ts).

    .tools/peers/bin/python scripts/peer-times.py <peer-extract.py> <extractor> <pages.jsonl> <out.json> [label]

pages.jsonl: one {"id", "url", "html"} a line, the HTML already decoded and the address Pith is given.
out.json: {"ms": [one time a page, in the file's order], "predictions": {id: {"text", "metadata"}}}.
Progress on stderr.

What is timed per page is what peer-extract.py times: its own `run(html, url)` (rs-trafilatura-md:
rs_trafilatura.extract(html, url=url, output_markdown=True) — HTML parsing, main content, Markdown and
metadata), on a str already decoded. Reading, gunzip and decoding are not timed. The function is taken
from the peer script's own source (its statements before the page loop), so the two never drift; the
shared script itself writes no per-page times. The first ten pages run once untimed, as on Pith's side.
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
    label = sys.argv[5] if len(sys.argv) > 5 else extractor
    run = peer_run(peer_script, extractor)
    with open(pages_file, encoding='utf-8') as lines:
        pages = [json.loads(line) for line in lines]
    for page in pages[:10]:
        try:
            run(page['html'], page['url'])
        except Exception:
            pass  # it still warmed what it ran
    ms, predictions = [], {}
    for done, page in enumerate(pages, 1):
        started = time.perf_counter()
        try:
            text, meta = run(page['html'], page['url'])
        except Exception:
            text, meta = '', {}  # as peer-extract.py scores a failure
        ms.append((time.perf_counter() - started) * 1000)
        predictions[page['id']] = {'text': text, 'metadata': meta}
        if done % 50 == 0 or done == len(pages):
            sys.stderr.write(f'\r  {label}: {done}/{len(pages)}   ' + ('\n' if done == len(pages) else ''))
    with open(out_file, 'w', encoding='utf-8') as out:
        json.dump({'ms': ms, 'predictions': predictions}, out)


main()
