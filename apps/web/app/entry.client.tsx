import { resolveLang } from '@byeol/contract';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadTextsFor } from './i18n';

/**
 * React Router's browser entry (its default), after the page language's texts arrive: they are a chunk of
 * their own per language (i18n/index.ts), so the page does not download the other three.
 */
void loadTextsFor(resolveLang(document.documentElement.lang), window.location.pathname).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
