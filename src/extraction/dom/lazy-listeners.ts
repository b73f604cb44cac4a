/**
 * linkedom gives every node an event-listener map the moment it is built (`listeners.set(node, new Map)`
 * on one module-private WeakMap). A page is tens of thousands of nodes (elements, attributes, texts), and
 * those WeakMap entries were the largest single cost of parsing and a large part of the collector's work
 * (WeakMap entries are ephemerons): parsing the scrapinghub pages took 16–23 ms of CPU a page with them and
 * 7–8 ms without, and the whole pipeline on WCXB dev spent 30% less time (cpu profile of 499 pages: 74 s →
 * 52 s; collector 20% → 10% of samples). Nothing in extraction listens for events, so each node's map is
 * made on first use instead; code that does listen sees the same behaviour (dom-lazy-listeners.test.ts).
 */
import { EventTarget } from 'linkedom';

type ListenerMaps = WeakMap<object, Map<string, unknown>>;

const { get: weakGet, set: weakSet } = WeakMap.prototype;

/** linkedom's private WeakMap, caught as its own removeEventListener reads it (the one `get` of that call). */
function catchListenerMaps(): ListenerMaps | undefined {
  const read: ListenerMaps[] = [];
  WeakMap.prototype.get = function (this: ListenerMaps, key: object) {
    read.push(this);
    return weakGet.call(this, key);
  };
  try {
    new EventTarget().removeEventListener('probe', () => undefined);
  } finally {
    WeakMap.prototype.get = weakGet;
  }
  return read.length === 1 ? read[0] : undefined;
}

/** Whether the listener maps are made on first use (false if linkedom no longer reads them as above). */
export function listenerMapsAreLazy(): boolean {
  return lazy;
}

let lazy = false;

/** Makes linkedom's per-node listener maps lazy, once per thread; a no-op if they cannot be found. */
export function makeListenerMapsLazy(): void {
  if (lazy) return;
  const maps = catchListenerMaps();
  if (!maps) return;
  Object.defineProperties(maps, {
    // The constructor's `set(node, new Map)`: an empty map, nothing to keep until something listens.
    set: {
      value(this: ListenerMaps, key: object, value: Map<string, unknown>) {
        if (!(value instanceof Map) || value.size > 0) weakSet.call(this, key, value);
        return this;
      },
    },
    // Every other read expects the node's map: the empty one it would have had, kept from now on.
    get: {
      value(this: ListenerMaps, key: object) {
        let own = weakGet.call(this, key) as Map<string, unknown> | undefined;
        if (own === undefined) weakSet.call(this, key, (own = new Map()));
        return own;
      },
    },
  });
  lazy = true;
}
