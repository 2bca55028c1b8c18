import { useSyncExternalStore } from 'react';

/** The window widths from which a list's secondary columns show (`minScreen` of components/list-table). */
export const SCREEN_STEPS = [1440, 1600, 1920, 2560] as const;

/** How many steps the window reaches: 0 below 1440 px, 4 from 2560 px. */
function screenStep(): number {
  if (typeof window === 'undefined') return SCREEN_STEPS.length;
  return SCREEN_STEPS.filter((step) => window.innerWidth >= step).length;
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * The window's step, kept current on resize. A component that calls it renders again when the window
 * crosses a step (never on other resizes), so the lists under it pick their columns for the new width.
 */
export function useScreenStep(): number {
  return useSyncExternalStore(subscribe, screenStep, () => SCREEN_STEPS.length);
}
