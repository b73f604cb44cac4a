/**
 * A slot through which a run of main-content can be heard (an explanation, a training dump): set while
 * `during`'s callback runs and restored after, so nested runs keep the outer listener. In normal runs the
 * slot is empty and a pass pays one null check.
 */
export interface ListenerSlot<Listener> {
  current(): Listener | null;
  during<T>(listener: Listener, run: () => T): T;
}

export function listenerSlot<Listener>(): ListenerSlot<Listener> {
  let current: Listener | null = null;
  return {
    current: () => current,
    during(listener, run) {
      const previous = current;
      current = listener;
      try {
        return run();
      } finally {
        current = previous;
      }
    },
  };
}
