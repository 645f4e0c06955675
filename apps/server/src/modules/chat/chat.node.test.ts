import { describe, expect, it } from 'vitest';
import { chatNodeId, chooseChatNode, nodeHost, rendezvousOrder } from './chat.node.js';

const nodes = ['10.0.0.1:3000', '10.0.0.2:3000', '10.0.0.3:3000'];

describe('rendezvous hashing', () => {
  it('gives each room one home, the same whatever the order of the nodes, and spreads rooms', () => {
    const homes = new Map<string, number>();
    for (let i = 0; i < 300; i++) {
      const vk = `room${i}`;
      const home = chooseChatNode(nodes, vk);
      expect(chooseChatNode([...nodes].reverse(), vk)).toBe(home);
      homes.set(home as string, (homes.get(home as string) ?? 0) + 1);
    }
    expect(homes.size).toBe(3);
    for (const n of homes.values()) expect(n).toBeGreaterThan(60);
  });

  it('moves only the rooms of a node that leaves', () => {
    for (let i = 0; i < 200; i++) {
      const vk = `r${i}`;
      const before = chooseChatNode(nodes, vk) as string;
      const after = chooseChatNode(nodes.slice(1), vk);
      if (before !== nodes[0]) expect(after).toBe(before);
      else expect(after).toBe(rendezvousOrder(nodes, vk)[1]);
    }
  });

  it('skips full nodes and the avoided host while others exist', () => {
    const vk = 'busy-room';
    const [first, second, third] = rendezvousOrder(nodes, vk) as [string, string, string];
    expect(chooseChatNode(nodes, vk, { full: new Set([first]) })).toBe(second);
    expect(chooseChatNode(nodes, vk, { avoid: first })).toBe(second);
    expect(chooseChatNode(nodes, vk, { avoid: first, full: new Set([second]) })).toBe(third);
    expect(chooseChatNode(nodes, vk, { full: new Set(nodes) })).toBe(first);
    expect(chooseChatNode([first], vk, { avoid: first })).toBe(first);
    expect(chooseChatNode([], vk)).toBeNull();
  });

  it('answers the caller host for a node advertising nothing', () => {
    const id = chatNodeId('');
    expect(id).toMatch(/^@[0-9a-f]{12}$/);
    expect(nodeHost(id, 'example.com:8080')).toBe('example.com:8080');
    expect(chatNodeId(' chat1.example.com:443 ')).toBe('chat1.example.com:443');
    expect(chooseChatNode([id], 'x', { avoid: 'example.com:8080', requestHost: 'example.com:8080' })).toBe(id);
  });
});
