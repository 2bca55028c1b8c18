/** An export's state as its progress call answers it (every background export of the API has one). */
export interface ExportState {
  state: string;
  progress: number;
  total?: number;
  done?: number;
  url?: string | null;
  key?: string;
}

/**
 * Follows a background export to its end: `poll` asks its progress call once (the first answer may be given
 * as `first`, when the call that started it already answers the state). Returns the last state (done or
 * failed) and every progress seen on the way; throws when it has not ended after `tries` polls `everyMs`
 * apart (generous: CI shares its two cores with other suites).
 */
export async function followExport<S extends ExportState>(
  poll: () => Promise<S>,
  { first, tries = 900, everyMs = 100 }: { first?: S; tries?: number; everyMs?: number } = {},
): Promise<{ state: S; seen: number[] }> {
  const seen: number[] = [];
  let state = first ?? (await poll());
  for (let i = 0; ; i++) {
    seen.push(state.progress);
    if (state.state === 'done' || state.state === 'failed') return { state, seen };
    if (i >= tries) throw new Error(`the export did not finish: ${JSON.stringify(state)}`);
    await new Promise((r) => setTimeout(r, everyMs));
    state = await poll();
  }
}
