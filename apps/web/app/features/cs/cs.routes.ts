import { layout, route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of cs (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    // Issue 19: the customer centre (its tabs over every /cs page) and the versioned policies and service guides.
    layout('routes/cs.tsx', [
      route('cs/notice', 'routes/cs-notice.tsx'),
      route('cs/faq', 'routes/cs-faq.tsx'),
      route('cs/qna/question', 'routes/cs-qna-question.tsx'),
      route('cs/qna/answer', 'routes/cs-qna-answer.tsx'),
      route('cs/report', 'routes/cs-report.tsx'),
      route('cs/report/form', 'routes/cs-report-form.tsx'),
    ]),
    route('sub/policy/:id', 'routes/sub-policy.tsx', { id: 'sub-policy' }),
    route('sub/policy/:id/old/:ver', 'routes/sub-policy.tsx', { id: 'sub-policy-old' }),
    route('sub/policy/:id/history', 'routes/sub-policy-history.tsx'),
    route('sub/terms/:id', 'routes/sub-terms.tsx'),
  ],
  admin: [route('qna', 'routes/admin-qna.tsx'), route('cs', 'routes/admin-cs.tsx'), route('policies', 'routes/admin-policies.tsx')],
};
