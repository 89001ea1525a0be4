// Renderer entry: pick the transport once, build the typed client, render the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createContractClient, sluiceContract } from '../../shared/contract';
import { App } from './app/app';
import { ClientProvider } from './app/client-context';
import { NotConnected } from './app/not-connected';
import { withBrowserLinks } from './transport/browser-links';
import { browserEnvironment, selectTransport } from './transport/select-transport';
import './styles/theme.css';
import './styles/layout.css';
import './styles/first-screen.css';
import './styles/sidebar.css';
import './styles/chat.css';
import './styles/plan-card.css';
import './styles/review.css';
import './styles/line-picker.css';
import './styles/command.css';
import './styles/panels.css';
import './styles/inbox.css';
import './styles/changes.css';
import './styles/slash.css';
import './styles/images.css';
import './styles/hooks.css';

// Until settings arrive the page follows the system theme (App then applies the setting).
document.documentElement.dataset.theme =
  typeof window.matchMedia === 'function' &&
  !window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'light'
    : 'dark';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);
const selection = selectTransport(browserEnvironment(window));

if (selection.kind === 'none') {
  root.render(
    <StrictMode>
      <NotConnected reason={selection.reason} />
    </StrictMode>,
  );
} else {
  const contractClient = createContractClient(sluiceContract, selection.transport);
  const client =
    selection.kind === 'browser'
      ? withBrowserLinks(contractClient, (url, target, features) =>
          window.open(url, target, features),
        )
      : contractClient;
  root.render(
    <StrictMode>
      <ClientProvider client={client} connection={selection.connection}>
        <App />
      </ClientProvider>
    </StrictMode>,
  );
}
