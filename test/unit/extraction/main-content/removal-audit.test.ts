import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../../../src/extraction/extract.js';
import { recordingInto } from '../../../../src/extraction/main-content/index.js';
import { auditWords, missingCount, missingWords, RemovalRecorder, tallyRules, weighRemovals, type Removal } from '../../../../scripts/lib/removal-audit.js';

const removal = (rule: string, text: string): Removal => ({ rule, words: auditWords(text), firstWords: text });

describe('weighing removals against a truth (audit:removals)', () => {
  it('charges a word the truth holds and the output lacks to the first removal that held it, once', () => {
    const truth = auditWords('The river floods every spring. Contact the office.');
    const output = auditWords('The river floods every spring.');
    const [menu, footer] = weighRemovals(missingWords(truth, output), [removal('menus', 'Home Contact'), removal('site-footer', 'Contact the office today')]);
    // "contact" is missing once: the menu, removed first, lost it; the footer lost "the" and "office" only.
    expect([menu!.lost, menu!.cut]).toEqual([1, 1]);
    expect([footer!.lost, footer!.cut]).toEqual([2, 2]);
  });

  it('counts a word the output already holds as often as the truth as cut, whatever the rule', () => {
    const truth = auditWords('Spring spring');
    const [weighed] = weighRemovals(missingWords(truth, auditWords('spring Spring')), [removal('captions', 'Spring')]);
    expect([weighed!.lost, weighed!.cut]).toEqual([0, 1]);
  });

  it('counts the words missing from the output as a bag, case aside', () => {
    const missing = missingWords(auditWords('A b b C'), auditWords('a B'));
    expect(Object.fromEntries(missing)).toEqual({ a: 0, b: 1, c: 1 });
    expect(missingCount(missing)).toBe(2);
  });

  it('totals each rule over pages, most words lost first, and counts the pages it lost ten words or more on', () => {
    const truth = auditWords('one two three four five six seven eight nine ten eleven');
    const page = weighRemovals(missingWords(truth, []), [removal('landmarks', 'one two three four five six seven eight nine ten'), removal('furniture', 'eleven twelve')]);
    const other = weighRemovals(missingWords(auditWords('alpha'), []), [removal('furniture', 'alpha')]);
    const tallies = tallyRules(new Map([['0001', page], ['0002', other]]));
    expect(tallies.map((t) => [t.rule, t.blocks, t.words, t.lost, t.cut, t.pagesLosing])).toEqual([
      ['landmarks', 1, 10, 10, 0, 1],
      ['furniture', 2, 3, 2, 1, 0],
    ]);
  });
});

describe('recording removals of a real extraction', () => {
  it('names each removal by rule (chrome-names by group), leaves code out and reads the root kind', () => {
    const story = Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i} of the story tells of the river that floods the valley every spring, and of the town below it.</p>`).join('');
    const html = `<html><head><title>Floods</title><meta property="og:type" content="article"></head><body>
      <nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></nav>
      <main><article><h1>The river floods</h1><script>var tracking = "words in code";</script>${story}<div class="share-bar"><a href="/s">Share this story</a></div></article></main>
      <footer>Copyright the town paper, all rights reserved</footer></body></html>`;
    const recorder = new RemovalRecorder();
    const { text } = recordingInto(recorder, () => extractHtml(html, 'https://example.com/news/floods'));
    expect(text).toContain('floods the valley');
    const rules = recorder.removals.map((r) => r.rule);
    expect(rules).toEqual(expect.arrayContaining(['landmarks', 'share-bars (chrome-names)']));
    expect(recorder.removals.flatMap((r) => r.words)).not.toContain('tracking');
    expect(recorder.rootKind).toBe('article');
  });
});
