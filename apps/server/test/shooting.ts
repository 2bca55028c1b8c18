import type { ShootRequirementDto } from '@robot-ads/contracts/shooting/shooting.schemas';
import { pushPending } from '../src/modules/shooting/shooting.service';
import type { TestApp } from './build-app';

/** The body of a shooting requirement "Lobby proof": the plan on the robots, 2026-03-10 11:00-14:00 Shanghai. */
export const lobbyProof = (planId: string, robotIds: string[], over: Record<string, unknown> = {}) => ({
  planId,
  name: 'Lobby proof',
  shootDate: '2026-03-10',
  beginTime: '11:00',
  endTime: '14:00',
  timeZone: 'Asia/Shanghai',
  robotIds,
  ...over,
});

/** Creates the "Lobby proof" requirement as `headers` say and pushes its tasks to the robot, as the job does. */
export async function pushedLobbyProof(
  t: TestApp,
  headers: Record<string, string>,
  planId: string,
  robotId: string,
  over: Record<string, unknown> = {},
): Promise<ShootRequirementDto> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/ShootingRequirements',
    headers,
    payload: lobbyProof(planId, [robotId], over),
  });
  if (created.statusCode !== 200) throw new Error(`the requirement was not created: ${created.body}`);
  const requirement = created.json().data as ShootRequirementDto;
  await pushPending(t.app.ctx, requirement.id);
  return requirement;
}
