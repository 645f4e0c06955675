import type { Lang } from '@byeol/contract';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './app.js';
import { ChatClient, chatToken } from './chat-client.js';

/**
 * One platform with the api and chat roles (in-memory bus) for a test file: started before its tests,
 * closed after them with every socket it opened. `joined` opens a socket joined to a room as a member (a
 * guest without one), with the join's answer, and fails the test when the join is refused.
 */
export function chatTestApp() {
  const clients: ChatClient[] = [];
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp({ roles: ['api', 'chat'], env: { REDIS_URL: '' } });
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.close()));
    await app?.close();
  });
  return {
    /** The platform (after beforeAll). */
    get t(): TestApp {
      if (!app) throw new Error('the chat test app is not started yet');
      return app;
    },
    async joined(vk: string, who?: { cookie: string }, lang?: Lang) {
      const t = this.t;
      const c = await ChatClient.connect(t.url, lang ? { lang } : {});
      clients.push(c);
      const answer = await c.join(await chatToken(t, vk, who?.cookie, lang), vk);
      if (answer.result !== 1) throw new Error(`join failed: ${JSON.stringify(answer)}`);
      return { c, answer };
    },
  };
}
