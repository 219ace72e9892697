// Client entry: theme, startup session check, and the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { verifyStoredSession } from './app/verifySession';
import './ui/theme.css';

void verifyStoredSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
