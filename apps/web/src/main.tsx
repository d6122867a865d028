import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { connectHttp } from './app/bootstrap';
import { appRoutes } from './app/routes';
import { createQueryClient } from './lib/queryClient';

const queryClient = createQueryClient();
const router = createBrowserRouter(appRoutes);
connectHttp(router, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
