import { enterpriseInfoIssues } from '@robot-ads/contracts/customers/enterprise.schemas';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toEnterpriseBody } from './pages/enterprise-info-page';

const base = {
  enterpriseName: ' E2E Trading Co ',
  contactName: 'Li Lei',
  contactPhone: '13800138000',
  province: 'Fujian',
  creditCode: '91350100m000100y43',
  legalPersonIdNumber: '11010519491231002x',
  licence: { mediaId: '0123456789abcdef01234567', url: '/x.png', name: 'x.png' },
  licenceValidUntil: null,
  qualifications: [],
  agent: false,
};

describe('enterprise information form', () => {
  it('sends trimmed, upper-case codes that pass the shared rules, and a long-term licence as null', () => {
    const body = toEnterpriseBody(base, 'c1');
    expect(body).toMatchObject({
      customerId: 'c1',
      enterpriseName: 'E2E Trading Co',
      creditCode: '91350100M000100Y43',
      legalPersonIdNumber: '11010519491231002X',
      licenceMediaId: '0123456789abcdef01234567',
      licenceValidUntil: null,
    });
    expect(enterpriseInfoIssues(body, 'en')).toEqual([]);
  });

  it('keeps the licence date to the end of its day and drops qualification rows without a picture', () => {
    const day = dayjs('2030-06-30T08:00:00');
    const body = toEnterpriseBody({
      ...base,
      licenceValidUntil: day,
      qualifications: [
        { picture: null, period: null },
        {
          picture: { mediaId: 'fedcba9876543210fedcba98', url: '/q.png', name: 'q.png' },
          period: [day, day.subtract(1, 'day')],
        },
      ],
    });
    expect(dayjs.unix(body.licenceValidUntil ?? 0).format('YYYY-MM-DD HH:mm:ss')).toBe('2030-06-30 23:59:59');
    expect(body.qualifications).toHaveLength(1);
    // An end before the start is the shared rule's END_BEFORE_START on that row.
    expect(enterpriseInfoIssues(body, 'en')).toEqual([
      { path: ['qualifications', 0, 'end'], code: 'END_BEFORE_START' },
    ]);
  });

  it('names a wrong credit code check character and a wrong ID birth date', () => {
    const body = toEnterpriseBody({
      ...base,
      creditCode: '91350100M000100Y44',
      legalPersonIdNumber: '11010519491331002X',
    });
    expect(enterpriseInfoIssues(body, 'en').map((i) => i.code)).toEqual(['CREDIT_CODE_CHECK', 'ID_NUMBER_BIRTH']);
  });
});
