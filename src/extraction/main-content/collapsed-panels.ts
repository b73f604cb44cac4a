/**
 * Accordion and tab panels: sections of an article (FAQ answers, "Step 1 … Step 5", spec tabs) that
 * the page ships collapsed — display:none, `hidden` or aria-hidden until the reader opens them. They
 * are the article's text, which readers open and annotators keep, not hidden chrome; menus and modals
 * that hide the same way are recognised by their own names and roles elsewhere.
 */
import { HIDDEN_STYLE } from './page-chrome.js';
import { elementNames, wholeWords } from '../dom/element-names.js';

/** ARIA roles of a disclosure's content: the panel of a tab, the region an accordion header controls. */
const PANEL_ROLES = new Set(['region', 'tabpanel']);

/** class/id words of collapsed content ("accordion-content", "collapse", "tab-pane", "faq-answer"). */
const PANEL_WORDS = wholeWords([
  'accordion', 'accordion-content', 'accordion-body', 'accordion-panel', 'collapse', 'collapsible', 'collapsible-content', 'tab-pane',
  'tab-content', 'tabpanel', 'faq-answer', 'answer', 'panel-body', 'expandable', 'toggle-content', 'spoiler',
]);

export function isCollapsedPanel(element: Element): boolean {
  const role = element.getAttribute('role');
  if (role !== null && PANEL_ROLES.has(role)) return true;
  return PANEL_WORDS.test(elementNames(element));
}

const HIDDEN_STYLE_GLOBAL = new RegExp(HIDDEN_STYLE.source, 'gi');

/** Shows a collapsed panel kept as content: Readability skips what is hidden. */
export function showPanel(element: Element): void {
  element.removeAttribute('hidden');
  element.removeAttribute('aria-hidden');
  const style = element.getAttribute('style');
  if (style !== null) element.setAttribute('style', style.replace(HIDDEN_STYLE_GLOBAL, ''));
}
