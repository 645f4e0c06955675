import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of payments (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    route('mypage/payment', 'routes/mypage-payment.tsx'),
    route('mypage/payment/bankbook', 'routes/mypage-payment-bankbook.tsx'),
    route('pg/success', 'routes/pg-success.tsx'),
    route('pg/fail', 'routes/pg-fail.tsx'),
  ],
  admin: [route('deposits', 'routes/admin-deposits.tsx'), route('orders', 'routes/admin-orders.tsx')],
  bare: [
    // SPEC §7 payment popups (window.open): outside the site's layouts, no header or footer.
    route('popup/form_bankbook', 'routes/popup-form-bankbook.tsx'),
    route('popup/complete_payment_bankbook', 'routes/popup-complete-payment-bankbook.tsx'),
  ],
};
