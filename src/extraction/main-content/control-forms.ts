/**
 * Forms a reader fills in — search boxes, sort and filter bars, newsletter and "notify me" sign-ups,
 * quote requests, gift-message and address forms — are machinery, not content. Only a <form> (or a
 * <fieldset>) that had a visible control is one: pages also wrap content in control-less forms (a
 * discussion site's comment bodies, a forum's post list, a grid of product tiles), and a form holding a
 * real paragraph (a post with a reply box, a calculator's explanations) is spared.
 */
import { collapsedLength as textLength } from '../dom/dom-walk.js';
import { holdsLongParagraphs, ONE_PARAGRAPH } from './paragraphs.js';
import { THRESHOLDS } from './thresholds.js';

const CONTROLS = new Set(['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON']);

/**
 * The forms holding a visible control, read from the control elements before they are dropped as junk; and
 * the fieldsets holding one, in a form or not: a fieldset is a group of controls by its definition, and
 * filter panels build their checkbox groups so without a <form> ("Home Country" over two hundred country
 * boxes on a scholarship search, outside the shared sets: 0.67 -> 0.96). WCXB dev: 14 pages up, shops'
 * swatch groups ("More options") and quantity pickers; 3 down, one by 0.23 where taking a product tile's
 * swatches out of our root's prose let Readability's pick win the choice (2926).
 */
export function formsWithControls(junk: Element[]): Set<Element> {
  const forms = new Set<Element>();
  for (const control of junk) {
    if (!CONTROLS.has(control.tagName) || (control.tagName === 'INPUT' && control.getAttribute('type') === 'hidden')) continue;
    for (let parent = control.parentElement; parent; parent = parent.parentElement) {
      if (parent.tagName !== 'FORM' && parent.tagName !== 'FIELDSET') continue;
      forms.add(parent);
      if (parent.tagName === 'FORM') break;
    }
  }
  return forms;
}

/**
 * A form from `formsWithControls` is machinery unless it holds a real paragraph (not a field label or a hint).
 * A paragraph inside a `<label>` is a control's caption however long: a newsletter sign-up's consent box
 * ("Ich willige darin ein, dass ... mir regelmäßig aktuelle Informationen ... zukommen lässt", two
 * paragraphs in the checkbox's label) spared the form and its consent text went out as the page's
 * (feuerwehrverband.de in trafilatura's evaluation set, outside the shared sets). WCXB dev, scrapinghub
 * and the unseen probe half unchanged.
 */
export function holdsNoParagraph(form: Element): boolean {
  return !holdsLongParagraphs(form, THRESHOLDS.REAL_PARAGRAPH, paragraphLength, ONE_PARAGRAPH);
}

function paragraphLength(paragraph: Element): number {
  return paragraph.closest('label') ? 0 : textLength(paragraph);
}
