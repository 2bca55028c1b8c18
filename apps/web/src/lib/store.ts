import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** Reads a slice in a component; the selector must return a stable value (a field, not a new object). */
  use<S>(selector: (state: T) => S): S;
}

/** A tiny external store (useSyncExternalStore) with an optional persistence hook. */
export function createStore<T>(initial: T, onChange?: (state: T) => void): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  const store: Store<T> = {
    get: () => state,
    set(next) {
      const value = typeof next === 'function' ? (next as (prev: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      onChange?.(state);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    use<S>(selector: (s: T) => S): S {
      // biome-ignore lint/correctness/useHookAtTopLevel: a hook factory; called from components only.
      return useSyncExternalStore(
        store.subscribe,
        () => selector(state),
        () => selector(state),
      );
    },
  };
  return store;
}

export function readJson<T>(storage: Storage | undefined, key: string, fallback: T): T {
  try {
    const raw = storage?.getItem(key);
    return raw ? ({ ...fallback, ...JSON.parse(raw) } as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeJson(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the setting lives for this page only.
  }
}

export const safeLocalStorage: Storage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage;
export const safeSessionStorage: Storage | undefined =
  typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
