import { isAdvertiserRole, type Role } from '@robot-ads/contracts/auth/roles';
import type { OrderAction, OrderState } from '@robot-ads/contracts/sales/sales.rules';
import type { DbOrTx } from '../../db/client';
import { accountsOfCustomers, operatorsAbove } from '../accounts/accounts.queries';
import type { PartnerEventSink } from '../publishing/publishing.context';
import type { OrderRow } from './sales.table';

/**
 * The accounts whose order list shows the order (`orderScope`): the operators whose subtree holds its
 * creator or its customer's manager, and the advertiser accounts of its customer. Superusers see every
 * order; the outbox sends them every event anyway.
 */
export async function accountsSeeingOrder(db: DbOrTx, row: OrderRow): Promise<string[]> {
  const operators = await operatorsAbove(db, [row.createdBy, ...(row.customerOwnerId ? [row.customerOwnerId] : [])]);
  const accounts = (await accountsOfCustomers(db, [row.customerId])).get(row.customerId) ?? [];
  const advertisers = accounts.filter((a) => isAdvertiserRole(a.role as Role)).map((a) => a.id);
  return [...new Set([...operators, ...advertisers])];
}

/**
 * The partner event `order.state` (docs/open-platform.md, "Webhook events"): one step of the order's state
 * machine, for the applications whose owning account sees the order. Call it inside the transaction of
 * the step: the event is kept with it (the outbox delivers it after the commit).
 */
export async function emitOrderState(
  partnerEvents: PartnerEventSink,
  db: DbOrTx,
  row: OrderRow,
  step: { action: OrderAction; from: OrderState; reason: string },
): Promise<string> {
  return partnerEvents.emit(
    'order.state',
    {
      orderId: row.id,
      orderNo: row.orderNo,
      name: row.name,
      customerId: row.customerId,
      playlistId: row.playlistId,
      action: step.action,
      state: row.state as OrderState,
      previousState: step.from,
      reason: step.reason,
      amountFen: row.amountFen,
    },
    await accountsSeeingOrder(db, row),
  );
}
