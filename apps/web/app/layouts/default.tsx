import { Outlet } from 'react-router';
import { SiteFooter } from '../features/site/site-footer';
import { SiteHeader } from '../features/site/site-header';

export default function DefaultLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
