import type { ResultCodeName } from '@byeol/contract';

/**
 * An expected failure: answered as the envelope with its result code and a message in the caller's
 * language. `params` fill the message placeholders and travel in rslt_set (e.g. `field`).
 */
export class AppError extends Error {
  constructor(
    readonly code: ResultCodeName,
    readonly params: Record<string, string | number> = {},
    readonly httpStatus = 200,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const invalid = (field: string) => new AppError('INVALID_INPUT', { field });
export const required = (field: string) => new AppError('REQUIRED', { field });
