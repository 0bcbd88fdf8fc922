import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { EmbedRoot } from './views/embed/EmbedRoot';
import { getSimClient } from './workers';
import './index.css';

// Start the first simulation before React renders, so results arrive sooner.
getSimClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <EmbedRoot>
      <App />
    </EmbedRoot>
  </StrictMode>,
);
