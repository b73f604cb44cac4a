import { describe, expect, it } from 'vitest';
import { sniffBody } from '../../../../src/extraction/documents/sniff.js';
import { sampleDocx } from '../../../support/documents.js';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe('sniffBody', () => {
  it('picks the path from the Content-Type', () => {
    expect(sniffBody('text/html; charset=utf-8', bytes('<p>x'))).toEqual({ kind: 'html', type: 'text/html' });
    expect(sniffBody('application/xhtml+xml', bytes('<html/>')).kind).toBe('html');
    expect(sniffBody('text/plain', bytes('x')).kind).toBe('text');
    expect(sniffBody('text/markdown; charset=utf-8', bytes('# x')).kind).toBe('markdown');
    expect(sniffBody('application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes('PK')).kind).toBe('docx');
  });

  it('trusts %PDF- over any label, and a missing type is HTML as before', () => {
    expect(sniffBody('text/html', bytes('%PDF-1.7\n')).kind).toBe('pdf');
    expect(sniffBody('application/octet-stream', bytes('\ufeff %PDF-1.4')).kind).toBe('pdf');
    expect(sniffBody('', bytes('<p>hello')).kind).toBe('html');
    expect(sniffBody('application/octet-stream', new Uint8Array(sampleDocx())).kind).toBe('docx');
  });

  it('other types have no path and keep their name for the message', () => {
    expect(sniffBody('image/png', bytes('\x89PNG'))).toEqual({ kind: null, type: 'image/png' });
    expect(sniffBody('application/octet-stream', bytes('random')).kind).toBeNull();
  });
});
