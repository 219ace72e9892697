// Client entry: theme, the API client tied to the session, the player's language, the chunks of this address's pages, startup session check, and the app (its data layer loads with the first page that needs it).
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { connectApiToSession } from './app/apiSession';
import { preloadPagesAt } from './app/routes';
import { verifyStoredSession } from './app/verifySession';
import { sessionStore, tokenAtom } from './state/session';
import { startingLanguage } from './app/accountLanguage';
import { startI18n } from './i18n';
import './ui/theme.css';

connectApiToSession();
// Before the first render, so no text is ever drawn in one language and redrawn in another.
startI18n(startingLanguage());
const signedIn = sessionStore.get(tokenAtom) !== null;
void verifyStoredSession();
// The pages of this address are fetched while the session is checked, not after; the check's request goes out first
// (a task later), ahead of the chunks on the browser's few connections.
setTimeout(() => preloadPagesAt(window.location.pathname, { signedIn }), 0);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// In a transition, so React renders the app in slices that let the browser breathe, not in one long task.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
