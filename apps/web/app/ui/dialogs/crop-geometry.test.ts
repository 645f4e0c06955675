import { describe, expect, it } from 'vitest';
import {
  areaForZoom,
  centerAreaAt,
  clampArea,
  containsPoint,
  fitAspect,
  keyStep,
  MAX_ZOOM,
  maxZoomFor,
  moveArea,
  outputSize,
  roundArea,
  toNatural,
  toPercent,
  zoomArea,
  zoomOf,
} from './crop-geometry';

const landscape = { width: 1600, height: 900 };
const portrait = { width: 600, height: 1000 };

describe('crop geometry', () => {
  it('fits the largest frame of the aspect inside the image', () => {
    expect(fitAspect(landscape, 1)).toEqual({ width: 900, height: 900 });
    expect(fitAspect(portrait, 1)).toEqual({ width: 600, height: 600 });
    expect(fitAspect(landscape, 2)).toEqual({ width: 1600, height: 800 });
    expect(fitAspect(portrait, 16 / 9)).toEqual({ width: 600, height: 337.5 });
  });

  it("uses the image's own aspect when none (or a nonsense one) is given", () => {
    expect(fitAspect(landscape)).toEqual(landscape);
    expect(fitAspect(landscape, 0)).toEqual(landscape);
    expect(fitAspect(landscape, Number.NaN)).toEqual(landscape);
  });

  it('starts centred at zoom 1 and shrinks the frame by the zoom around its centre', () => {
    const start = areaForZoom(landscape, 1, 1);
    expect(start).toEqual({ x: 350, y: 0, width: 900, height: 900 });
    expect(zoomOf(start, landscape, 1)).toBe(1);
    const zoomed = zoomArea(start, landscape, 1, 2);
    expect(zoomed).toEqual({ x: 575, y: 225, width: 450, height: 450 });
    expect(zoomOf(zoomed, landscape, 1)).toBe(2);
  });

  it('keeps the frame inside the image when zooming out near an edge', () => {
    const corner = { x: 0, y: 0, width: 300, height: 300 };
    const out = zoomArea(corner, landscape, 1, 1);
    expect(out).toEqual({ x: 0, y: 0, width: 900, height: 900 });
  });

  it('bounds the zoom: the frame side stays ≥ 32 px and zoom ≤ 8', () => {
    expect(maxZoomFor(landscape, 1)).toBe(MAX_ZOOM);
    expect(maxZoomFor({ width: 128, height: 64 }, 1)).toBe(2);
    expect(maxZoomFor({ width: 20, height: 20 }, 1)).toBe(1);
    expect(areaForZoom(landscape, 1, 100).width).toBe(900 / MAX_ZOOM);
    expect(areaForZoom(landscape, 1, 0.1).width).toBe(900);
  });

  it('moves the frame by a delta and clamps it to the image', () => {
    const area = { x: 100, y: 100, width: 200, height: 200 };
    expect(moveArea(area, 50, -30, landscape)).toEqual({ x: 150, y: 70, width: 200, height: 200 });
    expect(moveArea(area, -500, -500, landscape)).toEqual({ x: 0, y: 0, width: 200, height: 200 });
    expect(moveArea(area, 5000, 5000, landscape)).toEqual({ x: 1400, y: 700, width: 200, height: 200 });
  });

  it('clamps a frame larger than the image down to it', () => {
    expect(clampArea({ x: -5, y: 3, width: 2000, height: 100 }, landscape)).toEqual({ x: 0, y: 3, width: 1600, height: 100 });
  });

  it('centres the frame on a pressed point', () => {
    const area = { x: 0, y: 0, width: 200, height: 200 };
    expect(centerAreaAt(area, { x: 800, y: 450 }, landscape)).toEqual({ x: 700, y: 350, width: 200, height: 200 });
    expect(centerAreaAt(area, { x: 1590, y: 10 }, landscape)).toEqual({ x: 1400, y: 0, width: 200, height: 200 });
    expect(containsPoint(area, { x: 200, y: 0 })).toBe(true);
    expect(containsPoint(area, { x: 201, y: 0 })).toBe(false);
  });

  it('maps screen points on a scaled-down image to natural pixels', () => {
    const box = { left: 100, top: 50, width: 400, height: 225 }; // landscape shown at 1/4
    expect(toNatural({ x: 100, y: 50 }, box, landscape)).toEqual({ x: 0, y: 0 });
    expect(toNatural({ x: 300, y: 162.5 }, box, landscape)).toEqual({ x: 800, y: 450 });
    expect(toNatural({ x: 500, y: 275 }, box, landscape)).toEqual({ x: 1600, y: 900 });
  });

  it('positions the frame in percent of the image', () => {
    expect(toPercent({ x: 400, y: 225, width: 800, height: 450 }, landscape)).toEqual({ left: 25, top: 25, width: 50, height: 50 });
  });

  it('rounds to whole pixels inside the image, at least 1×1', () => {
    expect(roundArea({ x: 10.4, y: 20.6, width: 100.5, height: 99.5 }, landscape)).toEqual({ x: 10, y: 21, width: 101, height: 100 });
    expect(roundArea({ x: 1599.7, y: 899.9, width: 0.2, height: 0.2 }, landscape)).toEqual({ x: 1599, y: 899, width: 1, height: 1 });
    const r = roundArea({ x: 1500.6, y: 0, width: 99.6, height: 10 }, landscape);
    expect(r.x + r.width).toBeLessThanOrEqual(1600);
  });

  it('sizes the output: the selection, scaled to outputWidth, capped at maxSize', () => {
    const area = { x: 0, y: 0, width: 900, height: 600 };
    expect(outputSize(area)).toEqual({ width: 900, height: 600 });
    expect(outputSize(area, { outputWidth: 300 })).toEqual({ width: 300, height: 200 });
    expect(outputSize(area, { maxSize: 450 })).toEqual({ width: 450, height: 300 });
    expect(outputSize({ x: 0, y: 0, width: 8000, height: 8000 })).toEqual({ width: 4096, height: 4096 });
  });

  it('steps arrow keys by 1 % (10 % with Shift) of the larger side', () => {
    expect(keyStep(landscape, false)).toBe(16);
    expect(keyStep(landscape, true)).toBe(160);
    expect(keyStep({ width: 50, height: 20 }, false)).toBe(1);
  });
});
