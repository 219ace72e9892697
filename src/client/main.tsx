// Client entry: theme, the API client tied to the session, startup session check, the one QueryClient, and the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { connectStoreToQueries } from './app/AppProviders';
import { connectApiToSession } from './app/apiSession';
import { verifyStoredSession } from './app/verifySession';
import { createQueryClient } from './state/queryClient';
import { sessionStore } from './state/session';
import './ui/theme.css';

connectApiToSession();
void verifyStoredSession();

/** Every server read of the client lives in this one cache; the session's store is told of it for the atoms over queries. */
const queryClient = createQueryClient();
connectStoreToQueries(sessionStore, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
