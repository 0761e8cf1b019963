import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { z } from 'zod';
import { queryClient } from './api/queryClient';
import { browserTimeZone } from './lib/timeZone';
import { createAppRouter } from './router';
import { ConnectionGate } from './shell/ConnectionGate';
import './styles/index.css';

// The page's policy forbids eval (docs/security.md): zod validates without compiling code.
z.config({ jitless: true });

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ConnectionGate>
        <RouterProvider router={router} />
      </ConnectionGate>
      <Toaster position="top-right" richColors closeButton toastOptions={{ duration: 6000 }} />
    </QueryClientProvider>
  </StrictMode>,
);

// The first Intl call of a page loads ICU's data (about 12 ms here, 50 on a slow phone). Done in a
// task of its own while the screen's code and data download, it stays off the critical path of
// the first screen, whose requests name the time zone (docs/performance.md, "The dashboard page").
setTimeout(browserTimeZone);
