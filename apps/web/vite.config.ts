import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { contractForBrowser } from './contract-for-browser';
import { i18nPerLanguage } from './i18n-per-language';

export default defineConfig({
  plugins: [tailwindcss(), i18nPerLanguage(), contractForBrowser(), reactRouter()],
  // The contract package ships TypeScript source: bundle it into the server build too.
  ssr: { noExternal: ['@byeol/contract'] },
  server: { port: 5173 },
});
