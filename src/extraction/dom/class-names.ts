/**
 * linkedom keeps an element's classes twice: in the class attribute and in a DOMTokenList (a Set). Its
 * className setter, which the parser calls for every element with a class, builds that list (split on
 * whitespace, duplicates dropped) and writes the list joined by spaces back into the attribute; its
 * className getter, which getAttribute('class') calls too, joins the list again on every read and builds
 * an empty list for an element without a class. Readability and the boilerplate passes read the class of
 * nearly every element: on the scrapinghub set these were ~3% of the pipeline, with their garbage.
 *
 * Same answers, without the list: the setter writes the same joined form to an existing attribute and
 * leaves the list to be built (by linkedom, from the attribute) when classList is first read; the getter
 * returns the attribute's value when this setter wrote it. Anything else (an element whose list exists,
 * a new attribute, a value written some other way) goes to linkedom's own accessors.
 */

type Accessor = { get: (this: Element) => string; set: (this: Element, value: unknown) => void };

/** Marks a class Attr with the value this setter wrote to it (then already in linkedom's joined form). */
const written = Symbol('class value written in joined form');

/** linkedom's joined form of a class value: split on \s+, empty tokens dropped, first occurrences, joined by ' '. */
export function joinedClassValue(value: string): string {
  const tokens = value.split(/\s+/);
  if (tokens.length === 1) return value;
  const kept: string[] = [];
  // Class lists are short: a scan beats a Set until they are not.
  const seen = tokens.length > 16 ? new Set<string>() : null;
  for (const token of tokens) {
    if (!token) continue;
    if (seen ? seen.has(token) : kept.includes(token)) continue;
    seen?.add(token);
    kept.push(token);
  }
  return kept.join(' ');
}

const installed = Symbol('class names installed');

/** Installs the accessors on linkedom's Element prototype, once per thread. */
export function installClassNames(elementPrototype: Element, probe: Element): void {
  const prototype = elementPrototype as Element & { [installed]?: true };
  if (prototype[installed]) return;
  // linkedom's private symbol for the list, an own property of every element (null until built).
  const listKey = Object.getOwnPropertySymbols(probe).find((symbol) => symbol.description === 'classList');
  const linkedom = Object.getOwnPropertyDescriptor(elementPrototype, 'className') as Partial<Accessor> | undefined;
  if (!listKey || !linkedom?.get || !linkedom.set) return;
  const { get: linkedomGet, set: linkedomSet } = linkedom as Accessor;
  type Own = Element & { [key: symbol]: unknown };
  type ClassAttr = Attr & { [written]?: string };
  Object.defineProperty(elementPrototype, 'className', {
    get(this: Own): string {
      if (this[listKey]) return linkedomGet.call(this);
      const attribute = this.getAttributeNode('class') as ClassAttr | null;
      if (!attribute) return '';
      const value = attribute.value;
      return attribute[written] === value ? value : linkedomGet.call(this);
    },
    set(this: Own, value: unknown): void {
      const attribute = this.getAttributeNode('class') as ClassAttr | null;
      if (this[listKey] || !attribute) {
        linkedomSet.call(this, value);
        return;
      }
      const joined = joinedClassValue(String(value));
      // Through Attr's own setter, so mutation observers see the change as they would from linkedom's.
      attribute.value = joined;
      attribute[written] = joined;
    },
    configurable: true,
  });
  prototype[installed] = true;
}
