import { useSyncExternalStore } from 'react';

export type ScreenClass = 0 | 1 | 2 | 3;

/** Spec section 2: 3 at 1200 px or wider, 2 at 992, 1 at 768, else 0. */
export function screenClassFor(width: number): ScreenClass {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

function subscribe(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

export function useScreenClass(): ScreenClass {
  return useSyncExternalStore(
    subscribe,
    () => screenClassFor(window.innerWidth),
    () => 3,
  );
}
