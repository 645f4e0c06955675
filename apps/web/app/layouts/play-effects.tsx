import { Outlet } from 'react-router';

/** SPEC §2 play-effects layout: a bare, transparent page that OBS captures as a browser source. */
export default function PlayEffectsLayout() {
  return (
    <div className="min-h-screen bg-transparent" data-layout="play-effects">
      <Outlet />
    </div>
  );
}
