import { FILES_PATH } from '@byeol/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for the magazine's and events' HTML (operators write it in the console; readers' browsers
 * render it). Structure and emphasis only: no script, style, event handler, iframe, form or inline style;
 * links are http(s) or site paths and open safely; images only from our own uploads (`/files/…`).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !String(frame.attribs.src ?? '').startsWith(`${FILES_PATH}/`),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
    b: 'strong',
    i: 'em',
  },
};

/** The HTML as it may be stored and shown. */
export function sanitizeArticle(html: string): string {
  return sanitizeHtml(html, { ...OPTIONS, allowedAttributes: { ...OPTIONS.allowedAttributes, a: ['href', 'title', 'rel', 'target'] } });
}

/** Text of sanitised HTML (a summary when none is given). */
export function textOf(html: string): string {
  // Block ends and line breaks become spaces, so `<h2>A</h2><p>B</p>` reads "A B".
  const spaced = html.replace(/<\/(h[1-6]|p|li|blockquote|figcaption)>|<br\s*\/?>/gi, ' $&');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
