import { createRoot } from 'react-dom/client';

/*
 * The first chunk only chooses what to download: a cold visit to /login gets the sign-in page
 * alone (app/signInEntry), every other path the app (app/start). ADR 0041.
 */
const element = document.getElementById('root');
if (!element) throw new Error('#root missing from index.html');
const root = createRoot(element);

const failed = () => {
  element.textContent = 'This page could not be loaded. Check your connection and reload the page.';
};

if (window.location.pathname === '/login') {
  import('./app/signInEntry').then((m) => m.startSignIn(root)).catch(failed);
} else {
  import('./app/start').then((m) => m.startApp(root)).catch(failed);
}
