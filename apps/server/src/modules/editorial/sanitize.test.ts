import { describe, expect, it } from 'vitest';
import { sanitizeArticle, textOf } from './sanitize.js';

describe('the article sanitiser (allow-list)', () => {
  it('keeps structure, emphasis, safe links and our own images', () => {
    const html =
      '<h2>컴백</h2><p>새 앨범 <strong>발매</strong> <em>기념</em></p><ul><li>하나</li></ul>' +
      '<a href="https://example.com/x">기사</a><img src="/files/magazine/2026/11/0123456789abcdef0123456789abcdef.webp" alt="무대">';
    expect(sanitizeArticle(html)).toBe(
      '<h2>컴백</h2><p>새 앨범 <strong>발매</strong> <em>기념</em></p><ul><li>하나</li></ul>' +
        '<a href="https://example.com/x" rel="noopener noreferrer nofollow" target="_blank">기사</a>' +
        '<img src="/files/magazine/2026/11/0123456789abcdef0123456789abcdef.webp" alt="무대" />',
    );
  });

  it('removes scripts, handlers, styles, frames, javascript: links and outside images', () => {
    const evil =
      '<p onclick="steal()" style="color:red">글</p><script>alert(1)</script><iframe src="https://x"></iframe>' +
      '<a href="javascript:alert(1)">링크</a><img src="https://evil.example/p.png" onerror="alert(1)">' +
      '<img src="javascript:alert(1)"><svg><script>alert(1)</script></svg><form><input></form>';
    const out = sanitizeArticle(evil);
    expect(out).toBe('<p>글</p><a rel="noopener noreferrer nofollow" target="_blank">링크</a>');
    expect(out).not.toMatch(/script|onerror|onclick|style|iframe|javascript|evil|svg|form/i);
  });

  it('gives the text of HTML for a summary', () => {
    expect(textOf('<h2>제목</h2>\n<p>본문 <b>굵게</b></p>')).toBe('제목 본문 굵게');
  });
});
