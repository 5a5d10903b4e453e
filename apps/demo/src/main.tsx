import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app.tsx';
import { CLIENT_ID } from './config.ts';
import { CART_KEY } from './data/store.ts';
import { cache } from './lib/cache.ts';
import { applyClientIdRule } from './lib/client-id.ts';
import { removeCookie, SESSION_COOKIE } from './lib/cookies.ts';
import { loading } from './lib/loading.ts';
import { local } from './lib/storage.ts';
import { SessionProvider } from './state/session.tsx';
import { UiProvider } from './state/ui.tsx';
import './styles/global.css';

// Tokens belong to the client that issued them: a new client id starts a new session.
applyClientIdRule(CLIENT_ID, local, () => removeCookie(SESSION_COOKIE));

// Back from the hosted checkout or sign-in through the back-forward cache: the page comes back
// as it was left (overlay up, cart as before), so end the tasks and read the cart again.
window.addEventListener('pageshow', (event) => {
  if (!event.persisted) return;
  loading.reset();
  cache.invalidate(CART_KEY);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <UiProvider hostname={window.location.hostname}>
        <SessionProvider>
          <App />
        </SessionProvider>
      </UiProvider>
    </BrowserRouter>
  </StrictMode>,
);
