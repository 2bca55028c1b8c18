import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app';
import { dayPartitions, partitionName, utcDay } from '../modules/play-events/play-events.partitions';

let t: TestApp;
let cleaned = 0;

beforeAll(async () => {
  // As `npm start` builds it: the queue starts (and the day partitions are made) while the server already answers.
  t = await buildTestApp({ startJobs: true, startLater: true, ready: false });
  t.app.ctx.jobs.addCleanup('test rows', async () => {
    cleaned += 1;
    return 3;
  });
  await t.app.ready();
});
afterAll(() => t.close());

async function waitForJob(name: string, id: string) {
  for (let i = 0; i < 200; i++) {
    const job = await t.app.ctx.jobs.getJob(name, id);
    if (job && ['completed', 'failed'].includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('job did not finish');
}

describe('job queue on the same database', () => {
  it('runs the nightly clean-up through pg-boss and reports the rows removed, sent as soon as the app is ready', async () => {
    const id = await t.app.ctx.jobs.send('system.nightly-cleanup');
    expect(id).toBeTruthy();
    const job = await waitForJob('system.nightly-cleanup', id as string);
    expect(job.state).toBe('completed');
    expect(job.output).toMatchObject({ 'test rows': 3, 'auth.expired-sessions': 0 });
    expect(cleaned).toBe(1);
  });

  it('shows the job queue as running in the health report, and the day partitions made, once the start is done', async () => {
    await t.app.started();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().data.jobs.status).toBe('ok');
    const names = (await dayPartitions(t.app.ctx.db)).map((p) => p.name);
    expect(names).toContain(partitionName(utcDay(new Date())));
    expect(names).toContain(partitionName(utcDay(new Date(Date.now() + 7 * 86_400_000))));
  });
});
