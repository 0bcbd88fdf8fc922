import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { EmbedRoot } from './views/embed/EmbedRoot';
import { themeOf } from './settings/pageKeys';
import { linkOpensLesson, loadBelowStage } from './views/layout/belowChunk';
import { getSimClient } from './workers';
import './index.css';

// Start the first simulation before React renders, so results arrive sooner.
getSimClient();
// A link to a question or a scene needs the lesson's chunk with the first readouts, not after them.
if (linkOpensLesson(window.location.search)) void loadBelowStage();

// `theme=light|dark` overrides the system's colour scheme (an embedding page picks its own).
const theme = themeOf(window.location.search);
if (theme) document.documentElement.dataset.theme = theme;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <EmbedRoot>
      <App />
    </EmbedRoot>
  </StrictMode>,
);
