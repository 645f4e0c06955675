import { Outlet } from 'react-router';
import { SiteHeader } from '../features/site/site-header';

/** SPEC §2 play layout: live rooms and the concert play page, dark and without the footer. */
export default function PlayLayout() {
  return (
    <div className="flex min-h-screen flex-col" data-layout="play">
      <SiteHeader dark />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
