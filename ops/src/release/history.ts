/** `ops history`: every publish, activation, rollback and canary step, from the state store's history. */
import { resolveSection, type HistoryRecord, fmtDate, table, storeOf, type OpsContext } from '../state';

export async function history(ctx: OpsContext, sectionName?: string): Promise<HistoryRecord[]> {
  const all = await storeOf(ctx).readHistory();
  if (!sectionName) return all;
  const section = resolveSection(sectionName);
  return all.filter((h) => h.section === section.name);
}

export function formatHistory(records: HistoryRecord[]): string {
  if (!records.length) return '(no history)';
  return table(
    ['WHEN', 'SECTION', 'ACTION', 'VERSION', 'FROM', 'BY', 'NOTE'],
    records.map((h) => [
      fmtDate(h.at),
      h.section,
      h.action,
      h.version,
      h.previous ?? '-',
      h.by,
      [
        h.forced ? `FORCED past: ${(h.problems ?? []).join('; ')}` : '',
        !h.forced && h.problems?.length ? `warning: ${h.problems.join('; ')}` : '',
        h.entry && /^https?:/.test(h.entry) ? `entry ${h.entry}` : '',
        h.percent !== undefined ? `${h.percent} % of shoppers` : '',
        h.reason ?? '',
      ]
        .filter(Boolean)
        .join(' ') || '-',
    ]),
  );
}
