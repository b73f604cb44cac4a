/**
 * An image file's address standing as text is markup that leaked onto the page, not words a reader reads: a
 * shop's custom fields listing each colour's thumbnail (`<dt>cat_thumb_Bone:</dt><dd>https://…/5001_STAPLE_TEE_BONE_THUMB_1.jpg</dd>`,
 * 91 such lines on WCXB dev 0604, 0.08 -> 0.20), a forum post whose picture the site's script draws from the
 * address it was given (0574 0.66 -> 0.68). No truth of WCXB dev, the unseen halves or scrapinghub holds such a
 * line outside code, and code keeps it: an API's manual shows `https://example.com/image1.jpg` as a field's
 * example (4841, 4843). A term whose one definition was such an address goes with it: it names nothing left.
 */
import { collapsedLength, isInCode } from '../dom/dom-walk.js';
import { remove } from './remove.js';

/** An absolute address of a picture file, whole (a query or fragment after it allowed), and nothing else. */
const IMAGE_ADDRESS = /^https?:\/\/\S+\.(?:jpe?g|png|gif|webp|avif|svg|bmp|tiff?)(?:[?#]\S*)?$/i;

/** The outermost element holding nothing but `text` (below `body`), or the text node itself. */
function holderOf(text: Text, body: Element): ChildNode {
  const length = (text.textContent ?? '').trim().length;
  let holder: ChildNode = text;
  for (let parent = text.parentElement; parent && parent !== body && collapsedLength(parent) === length; parent = parent.parentElement) holder = parent;
  return holder;
}

/** A `<dt>` whose only definition is `definition`. */
function soleTermOf(definition: Element): Element | null {
  if (definition.tagName !== 'DD') return null;
  const term = definition.previousElementSibling;
  const next = definition.nextElementSibling;
  return term?.tagName === 'DT' && next?.tagName !== 'DD' ? term : null;
}

/** `body`: the extracted content (a small detached tree). */
export function removeImageAddresses(body: Element): void {
  const found: ChildNode[] = [];
  const walker = body.ownerDocument.createTreeWalker(body, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').trim();
    if (text.length === 0 || !text.startsWith('http') || !IMAGE_ADDRESS.test(text)) continue;
    const parent = node.parentElement;
    if (parent && isInCode(parent)) continue;
    found.push(holderOf(node as Text, body));
  }
  for (const holder of found) {
    const term = holder.nodeType === 1 ? soleTermOf(holder as Element) : null;
    if (term) remove(term, 'image-addresses');
    remove(holder, 'image-addresses');
  }
}
