import { type Ladder, LevelTableProcSchema, levelTableProblem } from '@byeol/contract';

// Apart from progression-rules.ts, which every page loads (level-ui.tsx in the default layout): the schema,
// and zod with it, load with the console's level tables only (issue 20).

/**
 * The console's check before sending, the server's own (LevelTableProcSchema, then levelTableProblem): the
 * numbers of a well-formed table, or null when the server would refuse it with LEVEL_TABLE_INVALID.
 */
export function parseTable(ladder: Ladder, text: string): number[] | null {
  const parsed = LevelTableProcSchema.safeParse({ ladder, levels: text });
  if (!parsed.success) return null;
  return levelTableProblem(ladder, parsed.data.levels) ? null : parsed.data.levels;
}
