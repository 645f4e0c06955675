import { z } from 'zod';

/** Every API answer (SPEC §7): rslt_cd 0 is success. */
export interface Envelope<T = unknown> {
  rslt_cd: number;
  rslt_set: T;
  rslt_msg: string;
}

/** List answers carry `data_list` and `data_totalcount` (SPEC §7). */
export interface ListSet<T> {
  data_list: T[];
  data_totalcount: number;
}

/** Error details: which field was wrong, so a form can show the message beside it. */
export interface ErrorSet {
  field?: string;
  [key: string]: unknown;
}

/** Paging of list calls: offset and limit as the board payload of SPEC §3 names them. */
export const PagingSchema = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type Paging = z.infer<typeof PagingSchema>;

/** Request headers required on every state-changing call (SPEC §7). */
export const API_HEADERS = {
  'X-Api-Mode': 'TRUE',
  'X-Requested-With': 'xmlhttprequest',
} as const;

export const API_BASE = '/v1';
