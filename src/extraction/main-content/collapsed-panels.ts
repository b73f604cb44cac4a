/**
 * Accordion and tab panels: sections of an article (FAQ answers, "Step 1 … Step 5", spec tabs) that
 * the page ships collapsed — display:none, `hidden` or aria-hidden until the reader opens them. They
 * are the article's text, which readers open and annotators keep, not hidden chrome; menus and modals
 * that hide the same way are recognised by their own names and roles elsewhere.
 */

/** ARIA roles of a disclosure's content: the panel of a tab, the region an accordion header controls. */
const PANEL_ROLES = new Set(['region', 'tabpanel']);

/** class/id words of collapsed content ("accordion-content", "collapse", "tab-pane", "faq-answer"). */
const PANEL_WORDS =
  /(?:^|[\s_-])(?:accordion|accordion-content|accordion-body|accordion-panel|collapse|collapsible|collapsible-content|tab-pane|tab-content|tabpanel|faq-answer|answer|panel-body|expandable|toggle-content|spoiler)(?:$|[\s_-])/i;

export function isCollapsedPanel(element: Element): boolean {
  const role = element.getAttribute('role');
  if (role !== null && PANEL_ROLES.has(role)) return true;
  const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
  return PANEL_WORDS.test(names);
}
