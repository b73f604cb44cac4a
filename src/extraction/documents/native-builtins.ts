/**
 * pdf.js's legacy build (the one that runs on Node 20) carries core-js polyfills, and on Node 20 core-js
 * REPLACES built-ins that already exist, process- or thread-wide, the moment the module is evaluated:
 * `JSON.stringify` and `JSON.parse` (for `JSON.rawJSON`, which Node 20 lacks) and `Array.prototype.push`
 * (for an edge case of arrays with a non-writable length). Measured on Node 20.20: a 10,000-element push
 * loop 7× slower (17 → 93–122 ms for 200 loops), a small object's stringify 10× slower (147 → 1,474 ms
 * for 200,000); in a CPU profile of the API under POST /bulk load the polyfilled stringify and parse
 * showed as pdf.js functions, and every extraction thread ran its whole pipeline on the wrapped push
 * because it imported pdf.js at start. pdf.js itself needs none of the replacements (only what core-js
 * ADDS, such as `Promise.withResolvers`), so the originals are put back once its modules have run.
 */

/** Built-ins that hold the functions core-js may replace; what it adds to them is kept. */
const HOLDERS: readonly [string, object][] = [
  ['JSON', JSON],
  ['Object', Object],
  ['Array', Array],
  ['Array.prototype', Array.prototype],
  ['String', String],
  ['String.prototype', String.prototype],
  ['Number', Number],
  ['Math', Math],
  ['Promise', Promise],
  ['Promise.prototype', Promise.prototype],
  ['Map.prototype', Map.prototype],
  ['Set.prototype', Set.prototype],
  ['RegExp.prototype', RegExp.prototype],
  ['Function.prototype', Function.prototype],
  ['TypedArray.prototype', Object.getPrototypeOf(Uint8Array.prototype) as object],
  ['Reflect', Reflect],
];

type Snapshot = Map<object, Map<PropertyKey, PropertyDescriptor>>;

function snapshot(): Snapshot {
  const seen: Snapshot = new Map();
  for (const [, holder] of HOLDERS) {
    const own = new Map<PropertyKey, PropertyDescriptor>();
    for (const key of Reflect.ownKeys(holder)) {
      const descriptor = Object.getOwnPropertyDescriptor(holder, key);
      if (descriptor && typeof descriptor.value === 'function') own.set(key, descriptor);
    }
    seen.set(holder, own);
  }
  return seen;
}

/** Puts back every function of `before` that has been replaced since; returns their names. */
function restore(before: Snapshot): string[] {
  const restored: string[] = [];
  for (const [name, holder] of HOLDERS) {
    for (const [key, descriptor] of before.get(holder) ?? []) {
      const now = Object.getOwnPropertyDescriptor(holder, key);
      if (now?.value !== descriptor.value) {
        Object.defineProperty(holder, key, descriptor);
        restored.push(`${name}.${String(key)}`);
      }
    }
  }
  return restored;
}

/** Runs `work` (which loads or first runs a module that may polyfill), then puts replaced built-ins back. */
export async function keepingNativeBuiltins<T>(work: () => Promise<T>): Promise<T> {
  const before = snapshot();
  try {
    return await work();
  } finally {
    restore(before);
  }
}

/** For tests: the replaced built-ins `work` would have left behind, restored. */
export async function builtinsReplacedBy(work: () => Promise<unknown>): Promise<string[]> {
  const before = snapshot();
  await work();
  return restore(before);
}
