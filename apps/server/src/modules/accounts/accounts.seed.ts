import { newId } from '@robot-ads/contracts/common/ids';
import { hashPassword, passwordCost } from '../../platform/passwords';
import type { Seeder } from '../../platform/seeding';
import { insertCustomers } from '../customers/customers.queries';
import { seedCustomerReviews } from '../customers/customers.seed';
import { accounts, type NewAccountRow } from './accounts.table';

/** The password of every demo account (README "Demo accounts"). */
export const DEMO_PASSWORD = 'Robot@2026';

/** Demo accounts for every role; other seeders find them by username. */
export const accountsSeeder: Seeder = {
  name: 'accounts',
  async run(tx, { app, now }) {
    const passwordHash = await hashPassword(DEMO_PASSWORD, passwordCost(app.config.NODE_ENV));
    const lucky = newId();
    const fresh = newId();
    // Customers in each review state (customers.seed adds their enterprise information and applications).
    const bright = newId();
    const green = newId();
    const ocean = newId();
    const ids: Record<string, string> = {};
    const rows: Array<Omit<NewAccountRow, 'id' | 'passwordHash'> & { parent?: string }> = [
      { username: 'root', name: 'Root', role: 'super', principals: 'root', phone: '13900000001' },
      { username: 'admin', name: 'Admin', role: 'administrator', principals: 'admin', phone: '13900000002' },
      { username: 'ops', name: 'Operations', role: 'super', parent: 'root', phone: '13900000003' },
      // The operating company's line (issue 38): ops > manager > operator1 > the advertisers adv, adv_nodiy and
      // adv_special, whose customers operator1 manages. Each of them reviews and sees these advertisers' plans
      // (an operator's scope is its account subtree and the customers the subtree manages).
      { username: 'manager', name: 'Manager', role: 'administrator', parent: 'ops', phone: '13900000004' },
      { username: 'operator1', name: 'Operator One', role: 'operator', parent: 'manager', phone: '13900000005' },
      // A salesperson (issue 17): an operator with the DIY flag, so that bills (/bill/index) show too.
      { username: 'sales', name: 'Sally Sales', role: 'operator', parent: 'ops', diy: true, phone: '13900000031' },
      {
        username: 'owner',
        name: 'Sunshine Estate',
        role: 'project',
        parent: 'ops',
        autoAudit: false,
        phone: '13900000006',
        contact: { name: 'Mr Zhang', phone: '13900000016' },
      },
      {
        username: 'owner_auto',
        name: 'Harbour Estate',
        role: 'project',
        parent: 'ops',
        autoAudit: true,
        phone: '13900000007',
        contact: { name: 'Ms Li', phone: '13900000017' },
      },
      {
        username: 'adv',
        name: 'Lucky Coffee',
        role: 'advertisers',
        parent: 'operator1',
        diy: true,
        customerId: lucky,
        phone: '13900000008',
      },
      {
        username: 'adv_nodiy',
        name: 'Fresh Mart',
        role: 'advertisers',
        parent: 'operator1',
        diy: false,
        customerId: fresh,
        phone: '13900000009',
      },
      {
        username: 'adv_special',
        name: 'Special Media',
        role: 'advertisers_special',
        parent: 'operator1',
        customerId: lucky,
        phone: '13900000010',
      },
      // Role hide: an account that logs in but sees no menu (spec section 6).
      { username: 'hidden', name: 'Hidden User', role: 'hide', parent: 'ops', phone: '13900000011' },
      // A regional branch of the operator tree (issue 16): an administrator with its own operator, owner
      // and advertisers; it sees only this subtree.
      { username: 'east', name: 'East Region', role: 'administrator', parent: 'ops', phone: '13900000021' },
      { username: 'east_op', name: 'East Operator', role: 'operator', parent: 'east', phone: '13900000022' },
      {
        username: 'owner_east',
        name: 'Westlake Estate',
        role: 'project',
        parent: 'east',
        autoAudit: false,
        phone: '13900000023',
        contact: { name: 'Mr Chen', phone: '13900000033' },
      },
      {
        username: 'adv_draft',
        name: 'Bright Books',
        role: 'advertisers',
        parent: 'east',
        diy: true,
        customerId: bright,
        phone: '13900000024',
      },
      {
        username: 'adv_pending',
        name: 'Green Gym',
        role: 'advertisers',
        parent: 'east',
        diy: true,
        customerId: green,
        phone: '13900000025',
      },
      {
        username: 'adv_rejected',
        name: 'Ocean Travel',
        role: 'advertisers',
        parent: 'east',
        diy: true,
        customerId: ocean,
        phone: '13900000026',
      },
    ];
    for (const { parent, ...row } of rows) {
      const id = newId();
      ids[row.username] = id;
      await tx.insert(accounts).values({ ...row, id, passwordHash, parentId: parent ? (ids[parent] ?? null) : null });
    }
    // Lucky Coffee and Fresh Mart are operator1's customers (in the subtree of manager and ops too).
    const ownerId = ids.operator1 ?? null;
    await insertCustomers(tx, [
      { id: lucky, name: 'Lucky Coffee', category: 'advertisers', phone: '13800000001', industry: 'catering', ownerId },
      {
        id: fresh,
        name: 'Fresh Mart',
        category: 'advertiser',
        phone: '13800000002',
        industry: 'wholesale_retail',
        ownerId,
      },
    ]);
    const east = ids.east ?? null;
    const region = { province: '浙江省', city: '杭州市', district: '西湖区' };
    await insertCustomers(tx, [
      {
        id: bright,
        name: 'Bright Books',
        category: 'advertisers',
        phone: '13800000011',
        industry: 'culture',
        auditStatus: 'unsubmitted',
        contacts: [{ name: 'Zhou Ming', phone: '13800000111' }],
        ...region,
        ownerId: east,
      },
      {
        id: green,
        name: 'Green Gym',
        category: 'advertisers',
        phone: '13800000012',
        industry: 'resident_services',
        auditStatus: 'pending',
        contacts: [{ name: 'Wu Fang', phone: '13800000112' }],
        ...region,
        ownerId: east,
      },
      {
        id: ocean,
        name: 'Ocean Travel',
        category: 'advertiser',
        phone: '13800000013',
        industry: 'transport',
        auditStatus: 'reject',
        auditNote: '营业执照照片不清晰 / The licence photo is blurred',
        contacts: [{ name: 'Sun Li', phone: '13800000113' }],
        ...region,
        ownerId: east,
      },
    ]);
    const person = (username: string) => {
      const row = rows.find((r) => r.username === username);
      return { id: ids[username] ?? '', name: row?.name ?? '', phone: row?.phone ?? '' };
    };
    await seedCustomerReviews(tx, app, now, [
      {
        customerId: green,
        applicant: person('adv_pending'),
        enterpriseName: '绿动健身有限公司',
        creditCode: '91330106MA2B0T1X0B',
        state: 'pending',
        reviewer: null,
      },
      {
        customerId: ocean,
        applicant: person('adv_rejected'),
        enterpriseName: '海洋旅行社有限公司',
        creditCode: '91330106MA2B0T2X01',
        state: 'reject',
        reviewer: { id: ids.root ?? '', name: 'Root' },
      },
    ]);
  },
};
