// Client entry: theme, the API client tied to the session, the player's language, startup session check, and the app (its data layer loads with the first page that needs it).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { connectApiToSession } from './app/apiSession';
import { verifyStoredSession } from './app/verifySession';
import { startingLanguage } from './app/accountLanguage';
import { startI18n } from './i18n';
import './ui/theme.css';

connectApiToSession();
// Before the first render, so no text is ever drawn in one language and redrawn in another.
startI18n(startingLanguage());
void verifyStoredSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
