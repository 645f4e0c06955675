/**
 * The effects overlay of a room (SPEC §2 /play/{vod_key}/effects[/full]), captured by OBS as a browser
 * source. It stays transparent; the gifts issue draws star and item effects here.
 */
export default function Effects() {
  return <div id="effects-stage" className="pointer-events-none fixed inset-0" aria-hidden="true" />;
}
