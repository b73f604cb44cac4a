/**
 * Hand-made documents for the document tests: a minimal PDF writer (correct xref offsets, so readers
 * need no repair) and a stored (uncompressed) ZIP writer, enough for a real DOCX package.
 */
import { crc32 } from 'node:zlib';

/** A PDF of the given objects (bodies without `n 0 obj`), object 1 the catalog; `trailer` extra entries. */
export function buildPdf(objects: readonly string[], trailer = ''): Buffer {
  let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const stream = (content: string) => `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;

/** One page per entry of `pageTexts`, Helvetica 12 pt, one line per text. */
export function textPdf(pageTexts: readonly string[], trailer = ''): Buffer {
  const pages = pageTexts.length;
  // 1 catalog, 2 pages, 3 font, then per page: page object, content stream.
  const kids = Array.from({ length: pages }, (_, i) => `${4 + 2 * i} 0 R`).join(' ');
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  pageTexts.forEach((text, i) => {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`);
    objects.push(stream(`BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`));
  });
  return buildPdf(objects, trailer);
}

/** A password-protected PDF: the standard security handler with a user password that is not empty. */
export function encryptedPdf(): Buffer {
  const pdf = textPdf(['Secret text nobody may read']).toString('latin1');
  // /O and /U from a password this file never reveals; readers must ask for it (no empty-password fallback).
  const encrypt = '/Encrypt << /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <' + 'a1'.repeat(32) + '> /U <' + '5b'.repeat(32) + '> >> /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]';
  return Buffer.from(pdf.replace('/Root 1 0 R ', `/Root 1 0 R ${encrypt} `), 'latin1');
}

/** A ZIP archive with the files stored uncompressed. */
export function storedZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** A real .docx: a Title-styled heading, Heading 2, paragraphs and a bulleted list (numbering part included). */
export function sampleDocx(): Buffer {
  const para = (text: string, style?: string, list = false) =>
    `<w:p><w:pPr>${style ? `<w:pStyle w:val="${style}"/>` : ''}${list ? '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>' : ''}</w:pPr><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
  const body = [
    para('Quarterly Report', 'Heading1'),
    para('Revenue grew in every region this quarter, led by strong demand for the new product line.'),
    para('Highlights', 'Heading2'),
    para('First highlight of the quarter', undefined, true),
    para('Second highlight of the quarter', undefined, true),
  ].join('');
  return storedZip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/_rels/document.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/></Relationships>`,
    'word/styles.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="${W}"><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style><w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style></w:styles>`,
    'word/numbering.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="${W}"><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
  });
}

/**
 * A DOCX written by a library (`docx`, as an application would save one: styles part, numbering for bullets,
 * a table, an external hyperlink, document properties), not assembled by hand like `sampleDocx`.
 */
export async function libraryDocx(): Promise<Buffer> {
  const { Document, ExternalHyperlink, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } = await import('docx');
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const doc = new Document({
    creator: 'Pith tests',
    title: 'Annual Review',
    sections: [
      {
        children: [
          new Paragraph({ text: 'Annual Review', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('The review covers every team and links to the '),
              new ExternalHyperlink({ link: 'https://example.com/full-report', children: [new TextRun({ text: 'full report', style: 'Hyperlink' })] }),
              new TextRun('. '),
              new TextRun({ text: 'Growth was steady.', bold: true }),
            ],
          }),
          new Paragraph({ text: 'Results', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'Revenue rose in all regions', bullet: { level: 0 } }),
          new Paragraph({ text: 'Costs fell for the third year', bullet: { level: 0 } }),
          new Table({ rows: [new TableRow({ children: [cell('Region'), cell('Revenue')] }), new TableRow({ children: [cell('North'), cell('120')] })] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
