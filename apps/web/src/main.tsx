import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/App';
import { initI18n } from './i18n';

// The server's Content-Security-Policy forbids eval: zod would still probe `new Function` on its first parse,
// and the browser reports each probe as a policy violation.
z.config({ jitless: true });

await initI18n();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
