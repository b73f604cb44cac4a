/**
 * Tree walks by tag name. linkedom's querySelector/querySelectorAll/closest compile a css-select matcher on
 * every call and run it on every node; for the tag and attribute tests of the cleaning passes a plain
 * walk over element children is several times cheaper (those passes were a fifth of the pipeline).
 */

/** Every element below `root` (not `root` itself) in document order; `skip` prunes a subtree. */
export function descendants(root: Element, skip?: (element: Element) => boolean): Element[] {
  const out: Element[] = [];
  const visit = (parent: Element): void => {
    for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
      if (skip?.(child)) continue;
      out.push(child);
      visit(child);
    }
  };
  visit(root);
  return out;
}

/**
 * Elements below `root` with tag `tag` (upper case), outside <template> contents (as querySelectorAll).
 * linkedom's getElementsByTagName upper-cases every element's name to compare it.
 */
export function elementsByTag(root: Element, tag: string): Element[] {
  const out: Element[] = [];
  const visit = (parent: Element): void => {
    for (let child = parent.firstElementChild; child; child = child.nextElementSibling) {
      if (child.tagName === tag) out.push(child);
      if (child.tagName !== 'TEMPLATE') visit(child);
    }
  };
  visit(root);
  return out;
}

/** Whether `root` has a descendant whose tag (upper case) is in `tags`. */
export function hasDescendantTag(root: Element, tags: ReadonlySet<string>): boolean {
  for (let child = root.firstElementChild; child; child = child.nextElementSibling) {
    if (tags.has(child.tagName) || hasDescendantTag(child, tags)) return true;
  }
  return false;
}

/** Whether `element` or one of its ancestors passes `test`. */
export function hasAncestorOrSelf(element: Element, test: (element: Element) => boolean): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) if (test(node)) return true;
  return false;
}

/** Text length with whitespace runs counted as one character (as `textContent.replace(/\s+/g, ' ')`). */
export function collapsedLength(element: Element): number {
  return (element.textContent ?? '').replace(/\s+/g, ' ').length;
}
