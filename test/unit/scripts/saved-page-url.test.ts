import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordedPageUrl, savedPageUrl } from '../../../scripts/lib/saved-page-url.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'pith-page-url-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the address a benchmark page is measured at', () => {
  it("reads the page's own canonical address, else a placeholder naming the file", () => {
    expect(savedPageUrl('<link rel="canonical" href="https://example.com/a">', '0001')).toBe('https://example.com/a');
    expect(savedPageUrl('<p>no address</p>', '0002')).toBe('https://page.invalid/0002');
  });

  it("reads the address a WCXB set records in the page's ground-truth file", () => {
    const set = path.join(scratch, 'wcxb');
    mkdirSync(path.join(set, 'ground-truth'), { recursive: true });
    writeFileSync(path.join(set, 'ground-truth', '0575.json'), JSON.stringify({ url: 'https://lobste.rs/s/dwip3v/rust_project_goals', ground_truth: {} }));
    writeFileSync(path.join(set, 'ground-truth', '0576.json'), JSON.stringify({ url: 'not an address', ground_truth: {} }));
    expect(recordedPageUrl(set, '0575')).toBe('https://lobste.rs/s/dwip3v/rust_project_goals');
    // A malformed or missing address is none: the caller falls back to the page's own.
    expect(recordedPageUrl(set, '0576')).toBeNull();
    expect(recordedPageUrl(set, '0577')).toBeNull();
  });

  it('reads the address scrapinghub records beside each article body', () => {
    const set = path.join(scratch, 'scrapinghub');
    mkdirSync(set, { recursive: true });
    writeFileSync(path.join(set, 'ground-truth.json'), JSON.stringify({ abc: { articleBody: 'Text.', url: 'https://news.example/story' } }));
    expect(recordedPageUrl(set, 'abc')).toBe('https://news.example/story');
    expect(recordedPageUrl(set, 'missing')).toBeNull();
  });
});
