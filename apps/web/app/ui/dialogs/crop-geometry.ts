/**
 * Geometry of the crop popup, in the image's natural pixels. The frame keeps a fixed aspect; zoom 1 is
 * the largest frame that fits the image, zoom z shrinks it z times (a closer crop). The frame never
 * leaves the image.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** A rectangle in the image's natural pixels. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Smallest frame side at the highest zoom, in natural pixels. */
export const MIN_CROP_SIDE = 32;
/** Upper bound of the zoom slider. */
export const MAX_ZOOM = 8;

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** The aspect to use: the requested one when it is a positive finite number, else the image's. */
export function aspectOf(image: Size, aspect?: number): number {
  return aspect !== undefined && Number.isFinite(aspect) && aspect > 0 ? aspect : image.width / image.height;
}

/** The largest frame of `aspect` inside the image (zoom 1). */
export function fitAspect(image: Size, aspect?: number): Size {
  const a = aspectOf(image, aspect);
  return image.width / image.height > a
    ? { width: image.height * a, height: image.height }
    : { width: image.width, height: image.width / a };
}

/** Highest useful zoom: the frame's short side stays at least MIN_CROP_SIDE, and at most MAX_ZOOM. */
export function maxZoomFor(image: Size, aspect?: number): number {
  const fit = fitAspect(image, aspect);
  return clamp(Math.min(fit.width, fit.height) / MIN_CROP_SIDE, 1, MAX_ZOOM);
}

/** Moves the frame back inside the image (its size is kept, or shrunk if it cannot fit). */
export function clampArea(area: CropArea, image: Size): CropArea {
  const width = Math.min(area.width, image.width);
  const height = Math.min(area.height, image.height);
  return { x: clamp(area.x, 0, image.width - width), y: clamp(area.y, 0, image.height - height), width, height };
}

export function centerOf(area: CropArea): Point {
  return { x: area.x + area.width / 2, y: area.y + area.height / 2 };
}

/** The frame of a zoom level centred on `center` (default: the image's centre), kept inside the image. */
export function areaForZoom(image: Size, aspect: number | undefined, zoom: number, center?: Point): CropArea {
  const fit = fitAspect(image, aspect);
  const z = clamp(zoom, 1, maxZoomFor(image, aspect));
  const width = fit.width / z;
  const height = fit.height / z;
  const c = center ?? { x: image.width / 2, y: image.height / 2 };
  return clampArea({ x: c.x - width / 2, y: c.y - height / 2, width, height }, image);
}

/** The zoom level a frame corresponds to. */
export function zoomOf(area: CropArea, image: Size, aspect?: number): number {
  return fitAspect(image, aspect).width / area.width;
}

/** Zooms around the frame's centre (the slider). */
export function zoomArea(area: CropArea, image: Size, aspect: number | undefined, zoom: number): CropArea {
  return areaForZoom(image, aspect, zoom, centerOf(area));
}

/** Moves the frame by a delta in natural pixels (dragging, arrow keys). */
export function moveArea(area: CropArea, dx: number, dy: number, image: Size): CropArea {
  return clampArea({ ...area, x: area.x + dx, y: area.y + dy }, image);
}

/** Centres the frame on a point (a press on the image outside the frame). */
export function centerAreaAt(area: CropArea, point: Point, image: Size): CropArea {
  return clampArea({ ...area, x: point.x - area.width / 2, y: point.y - area.height / 2 }, image);
}

export function containsPoint(area: CropArea, point: Point): boolean {
  return point.x >= area.x && point.x <= area.x + area.width && point.y >= area.y && point.y <= area.y + area.height;
}

/**
 * Screen pixels to natural pixels: `box` is the image's rendered box (getBoundingClientRect), which
 * may be scaled down to fit the popup.
 */
export function toNatural(client: Point, box: { left: number; top: number; width: number; height: number }, image: Size): Point {
  return { x: ((client.x - box.left) * image.width) / box.width, y: ((client.y - box.top) * image.height) / box.height };
}

/** Position of the frame over the rendered image, in percent (independent of the rendered size). */
export function toPercent(area: CropArea, image: Size): { left: number; top: number; width: number; height: number } {
  return {
    left: (area.x / image.width) * 100,
    top: (area.y / image.height) * 100,
    width: (area.width / image.width) * 100,
    height: (area.height / image.height) * 100,
  };
}

/** Whole pixels inside the image, at least 1×1: what is drawn to the canvas. */
export function roundArea(area: CropArea, image: Size): CropArea {
  const iw = Math.max(1, Math.floor(image.width));
  const ih = Math.max(1, Math.floor(image.height));
  const width = clamp(Math.round(area.width), 1, iw);
  const height = clamp(Math.round(area.height), 1, ih);
  return { x: clamp(Math.round(area.x), 0, iw - width), y: clamp(Math.round(area.y), 0, ih - height), width, height };
}

/** Size of the output canvas: the selection's size, or scaled to `outputWidth`, then capped at `maxSize`. */
export function outputSize(area: CropArea, opts: { outputWidth?: number; maxSize?: number } = {}): Size {
  let width = area.width;
  let height = area.height;
  if (opts.outputWidth !== undefined && opts.outputWidth > 0) {
    height = (height * opts.outputWidth) / width;
    width = opts.outputWidth;
  }
  const maxSize = opts.maxSize ?? 4096;
  const scale = Math.min(1, maxSize / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** One arrow-key step: 1 % of the image's larger side (10 % with Shift), at least one pixel. */
export function keyStep(image: Size, large: boolean): number {
  return Math.max(1, (Math.max(image.width, image.height) * (large ? 10 : 1)) / 100);
}
