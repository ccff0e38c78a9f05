import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import '@/index.css';

// Created before the config has loaded so the current page's chunk downloads in parallel with it.
const router = createAppRouter();
const navigate = (path: string) => void router.navigate(path);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider navigate={navigate}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
