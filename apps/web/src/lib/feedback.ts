import AppContext, { type useAppProps } from 'antd/es/app/context';
import { useContext } from 'react';

/** antd's message / modal / notification instances (what `App.useApp()` returns). */
export type Feedback = useAppProps;

/**
 * The instances the shell provides (`layout/lazy-feedback.tsx`), kept for code that runs outside components
 * (the API client, the socket). Set when the shell mounts.
 */
let instances: Feedback | null = null;

export function setFeedback(next: Feedback): void {
  instances = next;
}

export function feedback(): Feedback | null {
  return instances;
}

/**
 * `App.useApp()` without antd's App module: the same context, but importing `App` from antd brings the
 * holders of all three (Modal, notification, message), which the shell loads only when first used.
 */
export function useFeedback(): Feedback {
  return useContext(AppContext);
}
