import { type Envelope, ResultCode } from '@byeol/contract';
import { useCallback } from 'react';
import { useRevalidator } from 'react-router';

/**
 * For calls made on a gated page: an answer of LOGIN_REQUIRED (the session ended elsewhere) reloads the
 * page's data, so the gate shows and opens the sign-in panel. Answers true when it did.
 */
export function useLoginRequired(): (answer: Pick<Envelope, 'rslt_cd'>) => boolean {
  const revalidator = useRevalidator();
  return useCallback(
    (answer) => {
      if (answer.rslt_cd !== ResultCode.LOGIN_REQUIRED) return false;
      void revalidator.revalidate();
      return true;
    },
    [revalidator],
  );
}
