import { describe, expect, it } from 'vitest';
import { admitLink, type CrawlScope } from '../../../src/jobs/crawl/crawl-scope.js';
import { crawlBody } from '../../../src/contract/requests.js';

const scope = (extra: Partial<CrawlScope> = {}): CrawlScope => ({
  startUrl: 'https://docs.example.com/',
  allowSubdomains: false,
  includePatterns: [],
  excludePatterns: [],
  allowDomains: null,
  denyPatterns: [],
  ...extra,
});
const page = 'https://docs.example.com/guide/';

describe('crawl scope: documents', () => {
  it('skips links to documents by default, as before (and in jobs stored without the flag)', () => {
    expect(admitLink(scope(), '/manual.pdf', page)).toBeNull();
    expect(admitLink(scope(), 'notes.docx', page)).toBeNull();
    expect(admitLink(scope(), '/next', page)).toBe('https://docs.example.com/next');
    // Text files were never skipped as files: they are read as text.
    expect(admitLink(scope(), '/notes.txt', page)).toBe('https://docs.example.com/notes.txt');
  });

  it('follows same-site documents with include_documents, never other files or other sites', () => {
    const documents = scope({ includeDocuments: true });
    expect(admitLink(documents, '/manual.pdf', page)).toBe('https://docs.example.com/manual.pdf');
    expect(admitLink(documents, 'notes.docx', page)).toBe('https://docs.example.com/guide/notes.docx');
    expect(admitLink(documents, '/README.md', page)).toBe('https://docs.example.com/README.md');
    expect(admitLink(documents, '/logo.png', page)).toBeNull();
    expect(admitLink(documents, 'https://other.example.org/paper.pdf', page)).toBeNull();
  });

  it('the request field is optional, a boolean, and absent unless given', () => {
    expect(crawlBody.parse({ url: 'https://docs.example.com/' }).include_documents).toBeUndefined();
    expect(crawlBody.parse({ url: 'https://docs.example.com/', include_documents: true }).include_documents).toBe(true);
    expect(crawlBody.safeParse({ url: 'https://docs.example.com/', include_documents: 'yes' }).success).toBe(false);
  });
});
