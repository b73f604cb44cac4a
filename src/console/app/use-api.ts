import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/** Runs `load` when `deps` change (and on `reload`); an answer that arrives after a newer request started is dropped. */
export function useApi<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: null, loading: true });
  const [generation, setGeneration] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const ticket = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => ticket === latest.current && setState({ data, error: null, loading: false }),
      (error: unknown) => ticket === latest.current && setState((previous) => ({ data: previous.data, error, loading: false })),
    );
  }, [...deps, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...state, reload };
}

export interface Action<A extends unknown[], T> {
  run(...args: A): Promise<T | undefined>;
  pending: boolean;
  error: unknown;
  clearError(): void;
}

/** A button's call: one at a time, its error kept for display, never thrown into the page. */
export function useAction<A extends unknown[], T>(act: (...args: A) => Promise<T>): Action<A, T> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (...args: A) => {
    setPending(true);
    setError(null);
    try {
      return await act(...args);
    } catch (err) {
      setError(err);
      return undefined;
    } finally {
      setPending(false);
    }
  };
  return { run, pending, error, clearError: () => setError(null) };
}
