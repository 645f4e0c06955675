import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of store (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    route('store', 'routes/store.tsx'),
    route('store/item', 'routes/store-item.tsx'),
    route('store/item/detail', 'routes/store-item-detail.tsx'),
    route('mypage/item', 'routes/mypage-item.tsx'),
    route('mypage/item/expired', 'routes/mypage-item-expired.tsx'),
    route('mypage/item/gift', 'routes/mypage-item-gift.tsx'),
  ],
  admin: [route('products', 'routes/admin-products.tsx'), route('items', 'routes/admin-items.tsx')],
};
