// Client entry: theme, the API client tied to the session, the player's language, the chunks of this address's pages, startup
// session check, and the app (its data layer loads with the first page that needs it), over a prerendered page once its chunks are in.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { connectApiToSession } from './app/apiSession';
import { preloadPagesAt } from './app/routes';
import { verifyStoredSession } from './app/verifySession';
import { sessionStore, tokenAtom } from './state/session';
import { startingLanguage } from './app/accountLanguage';
import { startI18n } from './i18n';
import { isPrerendered, restorePrerenderedForm, watchPrerenderedForm } from './app/prerenderedForm';
import { knowSignInOptions, signInOptionsOfPage } from './state/authOptions';
import './ui/theme.css';

connectApiToSession();
// Before the first render, so no text is ever drawn in one language and redrawn in another.
startI18n(startingLanguage());
const signedIn = sessionStore.get(tokenAtom) !== null;
void verifyStoredSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The server sent /login or /register with the page already in it (features/auth/prerender.tsx), made with or without
// the Discord button as the server is configured: the page needs not ask.
const signInOptions = signInOptionsOfPage(document);
if (signInOptions) knowSignInOptions(sessionStore, signInOptions);
// What the visitor types into it until the app's page replaces it is carried over (app/prerenderedForm.ts).
const prerendered = isPrerendered(root) ? watchPrerenderedForm(root) : null;

// The pages of this address are fetched while the session is checked, not after; the check's request goes out first
// (a task later), ahead of the chunks on the browser's few connections.
const pagesReady = new Promise<void>((resolve) => setTimeout(() => resolve(preloadPagesAt(window.location.pathname, { signedIn })), 0));

function renderApp(target: HTMLElement) {
  // In a transition, so React renders the app in slices that let the browser breathe, not in one long task.
  startTransition(() => {
    createRoot(target).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

/** index.html's brand layer (#boot) goes as soon as the app has drawn anything in the root (a spinner, a page). */
function dismissBootScreen(target: HTMLElement) {
  const boot = document.getElementById('boot');
  if (!boot) return;
  if (target.firstChild) return boot.remove();
  const drawn = new MutationObserver(() => {
    if (!target.firstChild) return;
    boot.remove();
    drawn.disconnect();
  });
  drawn.observe(target, { childList: true });
}
dismissBootScreen(root);

if (prerendered) {
  // The painted page stays until the app's has all it needs (its chunk, its words): the app then replaces it in one
  // commit, never with a spinner between, and takes over what the visitor typed meanwhile.
  void pagesReady.then(() => {
    renderApp(root);
    void restorePrerenderedForm(root, prerendered);
  });
} else {
  renderApp(root);
}
