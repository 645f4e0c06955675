import { type AdminAuditEntry, adminEndpoints, ResultCode, type SiteFooter, siteEndpoints } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildOperator, buildViewer } from '../../testing/builders.js';

/**
 * Issue 15: the footer's company data (SPEC §3 site footer) edited by operators in the console through
 * POST /v1/admin/site_footer_proc: audited like the site switches, and the site info answers the new values
 * at once. The footer is shared with every other test file (the payments' set its bank account): each test
 * sends and compares only the fields it changes, and restores them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const as = (m: { cookie: string } | null) => (m ? { cookie: m.cookie } : {});
const footerNow = async (): Promise<SiteFooter> => (await t.call(siteEndpoints.cacheInfo, {})).body.rslt_set.site_footer;
/** The fields of the footer these tests change. */
const mine = ({ company_nm, adr_nm, ceo_nm, email }: SiteFooter) => ({ company_nm, adr_nm, ceo_nm, email });
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

describe('POST /v1/admin/site_footer_proc', () => {
  it('an operator saves the company data; the site info answers it at once; only what changed is audited', async () => {
    const operator = await buildOperator(t);
    const found = await footerNow();
    const company = `(주)별빛 ${tag()}`;
    const address = `서울특별시 마포구 별길 ${tag()}`;
    try {
      const res = await t.call(siteEndpoints.adminFooter, { company_nm: company, adr_nm: address }, as(operator));
      expect(res.body.rslt_cd).toBe(0);
      expect(mine(res.body.rslt_set.site_footer)).toEqual({ ...mine(found), company_nm: company, adr_nm: address });
      // No wait: the acting process dropped its cached site info before answering.
      expect(mine(await footerNow())).toEqual({ ...mine(found), company_nm: company, adr_nm: address });
      const en = await t.call(siteEndpoints.cacheInfo, {}, { lang: 'en' });
      expect(en.body.rslt_set.site_footer.company_nm).toBe(company);

      const audit = await t.call(adminEndpoints.auditList, { action: 'site_footer', actor: operator.id }, as(operator));
      const rows = audit.body.rslt_set.data_list as AdminAuditEntry[];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        source: 'editorial',
        action: 'site_footer',
        actor_user_key: operator.userKey,
        before: { company_nm: found.company_nm, adr_nm: found.adr_nm },
        after: { company_nm: company, adr_nm: address },
      });
      // Saving the same values again changes nothing and records nothing.
      expect((await t.call(siteEndpoints.adminFooter, { company_nm: company }, as(operator))).body.rslt_cd).toBe(0);
      const again = await t.call(adminEndpoints.auditList, { action: 'site_footer', actor: operator.id }, as(operator));
      expect(again.body.rslt_set.data_list).toHaveLength(1);
      // Fields not sent are kept.
      expect((await footerNow()).ceo_nm).toBe(found.ceo_nm);
    } finally {
      const restore = { company_nm: found.company_nm, adr_nm: found.adr_nm };
      expect((await t.call(siteEndpoints.adminFooter, restore, as(operator))).body.rslt_cd).toBe(0);
    }
    expect(mine(await footerNow())).toEqual(mine(found));
  });

  it('refuses members and guests before anything changes', async () => {
    const member = await buildViewer(t);
    const found = await footerNow();
    const byMember = await t.call(siteEndpoints.adminFooter, { company_nm: '탈취' }, as(member));
    expect(byMember.body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    const byGuest = await t.call(siteEndpoints.adminFooter, { company_nm: '탈취' });
    expect(byGuest.body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect(mine(await footerNow())).toEqual(mine(found));
  });

  it('refuses a bad field naming it by its label in the caller language, and keeps one line per field', async () => {
    const operator = await buildOperator(t);
    const found = await footerNow();
    const email = await t.call(siteEndpoints.adminFooter, { email: 'help@@byeol' }, { ...as(operator), lang: 'en' });
    expect(email.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'email' }, rslt_msg: 'Invalid value: Email' });
    const broken = await t.call(siteEndpoints.adminFooter, { adr_nm: '서울\n<script>' }, as(operator));
    expect(broken.body).toMatchObject({
      rslt_cd: ResultCode.INVALID_INPUT,
      rslt_set: { field: 'adr_nm' },
      rslt_msg: '입력값이 올바르지 않습니다: 주소',
    });
    const long = await t.call(siteEndpoints.adminFooter, { ceo_nm: '가'.repeat(201) }, as(operator));
    expect(long.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'ceo_nm' } });
    expect(mine(await footerNow())).toEqual(mine(found));
    // Text stays text: markup is stored as typed and the web prints it escaped.
    try {
      expect((await t.call(siteEndpoints.adminFooter, { ceo_nm: '<b>대표</b>' }, as(operator))).body.rslt_cd).toBe(0);
      expect((await footerNow()).ceo_nm).toBe('<b>대표</b>');
    } finally {
      await t.call(siteEndpoints.adminFooter, { ceo_nm: found.ceo_nm }, as(operator));
    }
    expect(mine(await footerNow())).toEqual(mine(found));
  });
});
