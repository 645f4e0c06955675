import { Outlet } from 'react-router';

/**
 * SPEC §2 play-effects layout: a bare, transparent page that OBS captures as a browser source. The root
 * paints the body for ordinary pages; here it must stay see-through from the first paint (server render
 * included), so this layout overrides it.
 */
export default function PlayEffectsLayout() {
  return (
    <div className="min-h-screen bg-transparent" data-layout="play-effects">
      <style>{'html,body,.wrap{background:transparent!important;}'}</style>
      <Outlet />
    </div>
  );
}
