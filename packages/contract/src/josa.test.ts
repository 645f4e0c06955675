import { describe, expect, it } from 'vitest';
import { josaOf, withJosa } from './josa.js';

describe('Korean particles by the final consonant', () => {
  it.each([
    ['정국', '을/를', '정국을'],
    ['지민', '이/가', '지민이'],
    ['뷔', '이/가', '뷔가'],
    ['하늘별', '으로/로', '하늘별로'],
    ['서울', '으로/로', '서울로'],
    ['부산', '으로/로', '부산으로'],
    ['스타', '은/는', '스타는'],
    ['응원봉', '과/와', '응원봉과'],
    ['STAR', '이/가', 'STAR가'],
    ['CUBIC', '을/를', 'CUBIC을'],
    ['Email', '을/를', 'Email을'],
    ['ORDER-2024-0001', '을/를', 'ORDER-2024-0001을'],
    ['주문 12', '을/를', '주문 12를'],
    ['하트 (이벤트)', '을/를', '하트 (이벤트)를'],
  ] as const)('%s + %s → %s', (word, pair, expected) => {
    expect(withJosa(word, pair)).toBe(expected);
  });
  it('takes the plain form when nothing comes before', () => {
    expect(josaOf('', '이/가')).toBe('가');
  });
});
