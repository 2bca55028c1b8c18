import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installErrorLog } from './lib/error-log';
import { initI18n } from './lib/i18n';
import { loadLocalePacks } from './lib/locale-packs';
import { currentLanguage } from './lib/settings';
import './styles.css';

installErrorLog();
const language = currentLanguage();
await Promise.all([initI18n(language), loadLocalePacks(language)]);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
