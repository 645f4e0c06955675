import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirect('/mypage')).toBe('/mypage');
    expect(safeRedirect('/play/12?x=1#chat')).toBe('/play/12?x=1#chat');
  });

  it('falls back to / for anything that could leave the site', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'mypage',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      '/\tx',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirect(bad), String(bad)).toBe('/');
    }
  });
});
