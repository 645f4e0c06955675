import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import { sql } from './database.js';
import { API_HEADERS, apiClient, joinByApi } from './members.js';

/**
 * Grants STAR as an operator would (an operator made in the database: no page appoints operators), through
 * /v1/admin/wallet_grant. One operator per file (`tag` makes its ID unique); `dispose` in the file's afterAll.
 */
export function starGranter(baseUrl: string, tag: string) {
  let operator: APIRequestContext | undefined;
  return {
    async grant(loginId: string, amount: number): Promise<void> {
      if (!operator) {
        const client = await apiClient(baseUrl);
        const member = await joinByApi(client, { id: `gop${tag}`, nick: `운영자${tag}` });
        await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [member.id]);
        operator = client;
      }
      const res = await operator.post('/v1/admin/wallet_grant', {
        form: { id: loginId, currency: 'STAR', amount: String(amount), reason: 'e2e gifts' },
        headers: { ...API_HEADERS, 'Idempotency-Key': `e2e-${randomUUID()}` },
      });
      const body = (await res.json()) as { rslt_cd: number; rslt_msg: string };
      expect(body.rslt_cd, body.rslt_msg).toBe(0);
    },
    dispose: () => operator?.dispose(),
  };
}
