import { App } from 'antd';
import { useEffect } from 'react';
import type { Feedback } from '../lib/feedback';

/** antd's <App> holders for message, notification and modal; `onReady` receives their instances. */
export default function FeedbackHolders({ onReady }: { onReady: (api: Feedback) => void }) {
  return (
    <App component={false}>
      <Ready onReady={onReady} />
    </App>
  );
}

function Ready({ onReady }: { onReady: (api: Feedback) => void }) {
  const api = App.useApp();
  // An effect runs after the holders (App's first children) are mounted, when their instances can show.
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}
