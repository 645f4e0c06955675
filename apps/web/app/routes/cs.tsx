import { Outlet } from 'react-router';
import { CsFrame } from '../features/cs/cs-ui';

/** The /cs pages (SPEC §2): the customer centre's tabs over each of them. */
export default function CsLayout() {
  return (
    <CsFrame>
      <Outlet />
    </CsFrame>
  );
}
