import TurndownService from 'turndown';
import { strikethrough, taskListItems } from '@joplin/turndown-plugin-gfm';
import type { DomElement } from '../dom/dom.js';

/**
 * HTML of the main content to GitHub-flavoured markdown: ATX headings, fenced code with its language,
 * GFM tables, strikethrough and task lists. Links and images are already absolute (extract.ts).
 */

/**
 * The language a code block declares, as `data-lang` on <pre> or <code>: extract.ts copies it there from
 * classes like `language-js` before main-content extraction drops class attributes.
 */
function codeLanguage(pre: HTMLElement): string {
  for (const element of [pre.querySelector('code'), pre]) {
    const declared = element?.getAttribute('data-lang') ?? element?.getAttribute('data-language');
    if (declared) return declared.trim().toLowerCase();
  }
  return '';
}

const cellText = (markdown: string) => markdown.replace(/\s*\n+\s*/g, ' ').replace(/\|/g, '\\|').trim();

/**
 * A GFM table from the DOM (not from turndown's flattened content): the first row is the header,
 * ragged rows are padded. Tables that contain tables are layout, not data: their content passes through.
 */
function tableMarkdown(service: TurndownService, table: HTMLElement, content: string): string {
  if (table.querySelector('table')) return content;
  const rows = [...table.querySelectorAll('tr')].map((row) =>
    [...row.children].filter((cell) => cell.nodeName === 'TH' || cell.nodeName === 'TD').map((cell) => cellText(service.turndown(cell as unknown as TurndownService.Node))),
  );
  const filled = rows.filter((cells) => cells.some(Boolean));
  if (filled.length === 0) return '';
  const width = Math.max(...filled.map((cells) => cells.length));
  const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
  const [header, ...body] = filled;
  const caption = table.querySelector('caption')?.textContent?.trim();
  return `\n\n${caption ? `${caption}\n\n` : ''}${[line(header ?? []), line(Array(width).fill('---')), ...body.map(line)].join('\n')}\n\n`;
}

/** A card's lines as one: trimmed, heading marks dropped, joined by spaces. */
const oneLine = (markdown: string): string =>
  markdown
    .split('\n')
    .map((line) => line.trim().replace(/^#{1,6}\s+/, ''))
    .filter(Boolean)
    .join(' ');

const hasImageWithSource = (element: HTMLElement): boolean => [...element.querySelectorAll('img')].some((image) => image.getAttribute('src'));

function createService(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    strongDelimiter: '**',
    linkStyle: 'inlined',
  });
  service.use([strikethrough, taskListItems]);
  // Text such as "<The Palace>" would render as an HTML tag and vanish: escape a "<" that could open one
  // (also at the end of a text node: the parser splits text at entities, so the tag name may be in the next).
  const escapeMarkdown = service.escape.bind(service);
  service.escape = (text: string) => escapeMarkdown(text).replace(/<(?=[A-Za-z/!?]|$)/g, '\\<');
  service.addRule('table', {
    filter: 'table',
    replacement: (content, node) => tableMarkdown(service, node as HTMLElement, content),
  });
  // `- item` / `1. item` with continuation lines indented to the marker's width (CommonMark nesting).
  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const item = node as HTMLElement;
      const parent = item.parentNode as HTMLElement | null;
      let marker = '-';
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? '1');
        // childNodes, not children: turndown's own DOM (used for table cells) has no `children`.
        const position = Array.from(parent.childNodes).filter((n) => n.nodeName === 'LI').indexOf(item);
        marker = `${(Number.isFinite(start) ? start : 1) + position}.`;
      }
      // An item left empty (its only link had no text) would print a bare marker.
      if (!content.trim()) return '';
      const indent = ' '.repeat(marker.length + 1);
      const body = content.replace(/^(?:[ \t\u00a0]*\n)+/, '').replace(/\n+$/, '\n').replace(/\n/gm, `\n${indent}`);
      return `${marker} ${body.trimEnd()}${item.nextSibling ? '\n' : ''}`;
    },
  });
  // Controls go, not the forms around them: a <form> that reaches here holds content (main-content drops
  // the machinery ones, control-forms.ts), as a forum's post list or a comment thread wrapped in one.
  service.remove(['script', 'style', 'noscript', 'template', 'iframe', 'button', 'input', 'select', 'textarea']);
  // Fenced code for every <pre>, with or without an inner <code>, keeping the declared language.
  service.addRule('fencedPre', {
    filter: (node) => node.nodeName === 'PRE',
    replacement: (_content, node) => {
      const pre = node as HTMLElement;
      const code = (pre.textContent ?? '').replace(/\n+$/, '');
      if (!code.trim()) return '';
      const longestFence = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
      const fence = '`'.repeat(longestFence + 1);
      return `\n\n${fence}${codeLanguage(pre)}\n${code}\n${fence}\n\n`;
    },
  });
  // An ATX heading is one line: a heading around blocks or a <br> ("<h1><div>Economy</div></h1>") is
  // written with its lines joined, and one with no text at all (a spacer) is not written.
  service.addRule('headingsOnOneLine', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content, node) => {
      const text = oneLine(content);
      return text ? `\n\n${'#'.repeat(Number(node.nodeName.charAt(1)))} ${text}\n\n` : '';
    },
  });
  // A link around blocks (a shop card: picture, name, price) is written on one line: a markdown link
  // cannot span a blank line, and "[\n\n![…](…)\n\n](…)" renders as stray brackets. Turndown's own
  // link rule writes every link, a card's from its lines joined (their heading marks dropped).
  // Added before the rule for links around nothing, which turndown then asks first.
  const inlineLink = (service.options as { rules?: Record<string, TurndownService.Rule> }).rules?.inlineLink?.replacement;
  if (inlineLink) {
    service.addRule('linksOnOneLine', {
      filter: (node) => node.nodeName === 'A' && Boolean((node as HTMLElement).getAttribute('href')),
      replacement: (content, node, options) => inlineLink(content.includes('\n') ? oneLine(content) : content, node, options),
    });
  }
  // A link around nothing readable (an icon font, a card's empty overlay) prints as "[](…)": noise to a
  // reader or a model, and the address is still in `links`.
  service.addRule('linksWithContent', {
    filter: (node) => node.nodeName === 'A' && !(node.textContent ?? '').trim() && !hasImageWithSource(node as HTMLElement),
    replacement: () => '',
  });
  // Images without a source say nothing; with one, keep alt text for the reader.
  service.addRule('imagesWithSource', {
    filter: (node) => node.nodeName === 'IMG' && !(node as HTMLElement).getAttribute('src'),
    replacement: () => '',
  });
  return service;
}

const service = createService();

export function toMarkdown(root: DomElement): string {
  return service
    .turndown(root as unknown as HTMLElement)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
