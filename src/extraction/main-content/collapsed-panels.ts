/**
 * Accordion and tab panels: sections of an article (FAQ answers, "Step 1 … Step 5", spec tabs) that
 * the page ships collapsed — display:none, `hidden` or aria-hidden until the reader opens them. They
 * are the article's text, which readers open and annotators keep, not hidden chrome; menus and modals
 * that hide the same way are recognised by their own names and roles elsewhere.
 */
import { collapsedLength } from '../dom/dom-walk.js';
import { wordCount } from '../dom/text.js';
import { HIDDEN_STYLE } from './page-chrome.js';
import { elementNames, wholeWords } from '../dom/element-names.js';
import { THRESHOLDS } from './thresholds.js';
import { retag } from '../dom/retag.js';

/** ARIA roles of a disclosure's content: the panel of a tab, the region an accordion header controls. */
const PANEL_ROLES = new Set(['region', 'tabpanel']);

/** class/id words of collapsed content ("accordion-content", "collapse", "tab-pane", "faq-answer"). */
const PANEL_WORDS = wholeWords([
  'accordion', 'accordion-content', 'accordion-body', 'accordion-panel', 'collapse', 'collapsible', 'collapsible-content', 'tab-pane',
  'tab-content', 'tabpanel', 'faq-answer', 'answer', 'panel-body', 'expandable', 'toggle-content', 'spoiler',
]);

/** What the page's disclosure buttons open: the ids they name, and the blocks right after those that name none. */
export interface Disclosures {
  ids: Set<string>;
  following: Set<Element>;
}

export const newDisclosures = (): Disclosures => ({ ids: new Set(), following: new Set() });

/**
 * Notes what `element` opens, if it is a disclosure button or tab. WAI-ARIA's accordion and tabs patterns
 * name the panel (`<button aria-expanded="false" aria-controls="panel-2">`): a hidden element so named is a
 * collapsed panel whatever its class (styled-components' "StyledPanel-sc-1piryze-0", BEM's "tab__content"):
 * WCXB dev +0.0002 on 8 pages (a service page's accordion of offerings 0.81 -> 0.93).
 * Its disclosure pattern needs no name: the panel is what follows the button, or the heading holding it
 * (`<h3><button aria-expanded="false">Cushioning</button></h3><div hidden>…`, Runner's World's buying
 * guide, 1821 0.84 -> 0.92; Apple's gallery captions, 3063 0.88 -> 0.91; WCXB dev +0.00007, no page down,
 * scrapinghub unchanged). A menu's toggle opens a menu, not a panel: buttons in navigation are skipped.
 */
export function addDisclosure(element: Element, into: Disclosures): void {
  const controls = element.getAttribute('aria-controls');
  if (controls !== null) {
    for (const id of controls.split(/\s+/)) if (id) into.ids.add(id);
    return;
  }
  if (element.tagName !== 'BUTTON' || !element.hasAttribute('aria-expanded') || element.closest(NAVIGATION)) return;
  // Up through the label's own wrappers (a heading), never past a block with text of its own.
  let label = element;
  while (!label.nextElementSibling && label.parentElement && collapsedLength(label.parentElement) <= THRESHOLDS.DISCLOSURE_LABEL_MAX_TEXT) label = label.parentElement;
  if (label.nextElementSibling) into.following.add(label.nextElementSibling);
}

const NAVIGATION = 'nav, header, [role="navigation"]';

/** A panel by its role, by its names, as what a disclosure button opens (`disclosed`), or as the answer under a question. */
export function isCollapsedPanel(element: Element, disclosed: Disclosures): boolean {
  return isMarkedPanel(element, elementNames(element), disclosed) || answersQuestion(element);
}

/** A panel by what its markup says: its role, its names, or a disclosure button that opens it. */
function isMarkedPanel(element: Element, names: string, disclosed: Disclosures): boolean {
  const role = element.getAttribute('role');
  if (role !== null && PANEL_ROLES.has(role)) return true;
  if (PANEL_WORDS.test(names)) return true;
  const id = element.getAttribute('id');
  if (id !== null && disclosed.ids.has(id)) return true;
  return disclosed.following.has(element);
}

/** A class token saying a block is hidden now ("kt-accordion-panel-hidden", "is-hidden"); "overflow-hidden" only clips. */
const HIDDEN_STATE_TOKEN = /^(?!.*overflow).*hidden/i;

/**
 * Takes the closed state out of a marked panel's class: `class="kt-accordion-panel kt-accordion-panel-hidden"`
 * (Kadence Blocks' accordion) is open once a reader clicks, but Readability weighs "hidden" in a class as
 * chrome and dropped every panel, the prices and features of a software round-up (4253: 0.72 -> 0.99). The
 * state says nothing of the panel's worth, as an embed's names say nothing of its (boilerplate.ts). Only
 * panels the markup marks: a standfirst `<h2 class="hidden-xs">` under a headline that asks a question is
 * no answer (scrapinghub 076f4f33). Layout clipping stays: dropping Tailwind's `overflow-hidden` from Radix
 * accordions kept iFixit's spec tables, which its annotators leave out (3 pages, 0.03-0.05 down).
 * WCXB dev +0.00019 (that page); scrapinghub unchanged.
 */
export function dropHiddenState(element: Element, names: string, disclosed: Disclosures): void {
  const className = element.getAttribute('class');
  if (className === null || !/hidden/i.test(className) || !isMarkedPanel(element, names, disclosed)) return;
  element.setAttribute('class', className.split(/\s+/).filter((token) => !HIDDEN_STATE_TOKEN.test(token)).join(' '));
}

const QUESTION_END = /\?\s*$/;

/**
 * An answer under its question: the block right after a short line that asks something ("What does pet
 * insurance cover?"), with words of its own. FAQ accordions built without ARIA or telling
 * names (styled-components' `<div height="0" style="visibility:hidden">` under a clickable question)
 * hide answers so; the question shows and the answer reads as hidden chrome. (A form shown after a
 * question, "Where did you see a lower price?", still goes with the control-forms pass.)
 * WCXB dev +0.0002 on 5 pages: an insurer's and a shop's FAQs (4913 0.79 -> 0.99, 0692 0.68 -> 0.81,
 * 0609 0.67 -> 0.72), one down whose annotators left the FAQ out (2847 0.78 -> 0.66); every fold with a
 * change is up.
 */
function answersQuestion(element: Element): boolean {
  const question = element.previousElementSibling;
  // Its last words first: the whole text of a large sibling (a page wrapper before a hidden modal) is read only when they ask.
  if (!question || !QUESTION_END.test(lastText(question))) return false;
  const asked = question.textContent ?? '';
  const words = wordCount(asked);
  if (words < THRESHOLDS.QUESTION_MIN_WORDS || words > THRESHOLDS.QUESTION_MAX_WORDS) return false;
  return wordCount(element.textContent ?? '') >= THRESHOLDS.ANSWER_MIN_WORDS;
}

/** The last non-blank text inside `element`. */
function lastText(element: Element): string {
  for (let node = element.lastChild; node; node = node.previousSibling) {
    if (node.nodeType === 3) {
      if ((node.textContent ?? '').trim()) return node.textContent ?? '';
    } else if (node.nodeType === 1) {
      const inner = lastText(node as Element);
      if (inner) return inner;
    }
  }
  return '';
}

const HIDDEN_STYLE_GLOBAL = new RegExp(HIDDEN_STYLE.source, 'gi');

/** Shows a collapsed panel kept as content: Readability skips what is hidden. */
export function showPanel(element: Element): void {
  element.removeAttribute('hidden');
  element.removeAttribute('aria-hidden');
  const style = element.getAttribute('style');
  if (style !== null) element.setAttribute('style', style.replace(HIDDEN_STYLE_GLOBAL, ''));
}


/**
 * A button that opens a panel (aria-expanded with aria-controls, or named as an accordion's) labels that
 * panel: an FAQ's question, a guide's section name. Panels are kept (above), so their labels are too,
 * as text, where other buttons go as controls: an answer without its question reads as nothing. Menus'
 * toggles are not labels. WCXB dev +0.00004 on 33 pages: 18 up whose truth has the questions (0029 FAQ
 * 0.95 -> 0.99), 15 down whose annotators left out the whole FAQ we keep (4242, 4503).
 *
 * A button holding a heading needs no ARIA to say so: a control's label is a few words ("Add to cart"), never a
 * heading, while Tailwind-built FAQs write each question as an `<h3>` inside a bare `<button>` (a rental shop's
 * FAQ, WCXB 0194 0.840 -> 0.901; 0707 0.972 -> 0.988, 0708, 0713 up; 3 pages down by at most 0.008 whose truths
 * leave a changelog's or a policy's toggles out). WCXB dev +0.00005, folds +0 -0.00002 +0.00003 +0.00003 +0.00021;
 * scrapinghub, the unseen halves and trafilatura's set unchanged. A bare button with `aria-controls` alone (no
 * `aria-expanded`) also labels a panel on some pages (0117) but more often a carousel's or a cart's: measured and
 * left out (two folds down).
 */
export function isDisclosureLabel(element: Element): boolean {
  if (element.tagName !== 'BUTTON') return false;
  const headed = element.querySelector('h2, h3, h4, h5, h6') !== null;
  if (!headed) {
    if (!element.hasAttribute('aria-expanded')) return false;
    if (!element.hasAttribute('aria-controls') && !PANEL_WORDS.test(elementNames(element))) return false;
  }
  if (element.closest(NAVIGATION)) return false;
  return wordCount(element.textContent ?? '') >= THRESHOLDS.DISCLOSURE_LABEL_MIN_WORDS;
}

/** The label as text: a <div> in the button's place, holding what it held. */
export function keepLabel(button: Element): void {
  retag(button, 'div');
}
