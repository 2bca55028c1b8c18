import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app';

let t: TestApp;
let cleaned = 0;

beforeAll(async () => {
  t = await buildTestApp({ startJobs: true, ready: false });
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
  it('runs the nightly clean-up through pg-boss and reports the rows removed', async () => {
    const id = await t.app.ctx.jobs.send('system.nightly-cleanup');
    expect(id).toBeTruthy();
    const job = await waitForJob('system.nightly-cleanup', id as string);
    expect(job.state).toBe('completed');
    expect(job.output).toMatchObject({ 'test rows': 3, 'auth.expired-sessions': 0 });
    expect(cleaned).toBe(1);
  });

  it('shows the job queue as running in the health report', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().data.jobs.status).toBe('ok');
  });
});
