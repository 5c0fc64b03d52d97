import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createContainer } from './composition-root';
import { App } from './ui/app/App';
import { ServicesProvider } from './ui/di';
import './ui/styles/global.css';

const container = createContainer();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ServicesProvider container={container}>
      <App />
    </ServicesProvider>
  </StrictMode>,
);
