import { describe, expect, it } from 'vitest';
import { checkCreditCode, checkIdNumber, creditCodeCheckChar, idNumberCheckChar } from './enterprise.rules';

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts real codes and refuses wrong ones with the first problem', () => {
    expect(checkCreditCode('91350100M000100Y43')).toBeNull();
    expect(checkCreditCode('91110000600037341L')).toBeNull();
    expect(checkCreditCode(' 91350100m000100y43 ')).toBeNull();
    expect(checkCreditCode('')).toBe('CREDIT_CODE_REQUIRED');
    expect(checkCreditCode('91350100M000100Y4')).toBe('CREDIT_CODE_LENGTH');
    expect(checkCreditCode('91350100M000100I43')).toBe('CREDIT_CODE_FORMAT');
    expect(checkCreditCode('91350100M000100Y44')).toBe('CREDIT_CODE_CHECK');
  });
  it('computes the check character', () => {
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
  });
});

describe('legal person ID number (GB 11643-1999)', () => {
  const today = new Date('2026-11-25T00:00:00Z');
  it('accepts real numbers, with X as check character', () => {
    expect(checkIdNumber('11010519491231002X', today)).toBeNull();
    expect(checkIdNumber('11010519491231002x', today)).toBeNull();
    expect(checkIdNumber('440524188001010014', today)).toBe('ID_NUMBER_BIRTH');
  });
  it('refuses empty, short, letters, impossible or future birth dates and wrong check digits', () => {
    expect(checkIdNumber('', today)).toBe('ID_NUMBER_REQUIRED');
    expect(checkIdNumber('1101051949123100', today)).toBe('ID_NUMBER_LENGTH');
    expect(checkIdNumber('1101051949123A002X', today)).toBe('ID_NUMBER_FORMAT');
    const feb30 = `11010519490230002`;
    expect(checkIdNumber(feb30 + idNumberCheckChar(feb30), today)).toBe('ID_NUMBER_BIRTH');
    const future = `11010520301231002`;
    expect(checkIdNumber(future + idNumberCheckChar(future), today)).toBe('ID_NUMBER_BIRTH');
    expect(checkIdNumber('110105194912310021', today)).toBe('ID_NUMBER_CHECK');
  });
});

describe('the contact field', () => {
  it('names the contact in its error, in both languages', async () => {
    const { enterpriseInfoIssues } = await import('./enterprise.schemas');
    const { messageFor } = await import('../common/errors');
    const issues = enterpriseInfoIssues(
      { contactName: '', contactPhone: '13812345678', creditCode: '', legalPersonIdNumber: '' } as never,
      'zh',
    );
    const contact = issues.find((i) => i.path.join('.') === 'contactName');
    expect(contact?.code).toBe('CONTACT_NAME_REQUIRED');
    expect(messageFor(contact?.code ?? '', 'zh')).toBe('请输入联系人');
    expect(messageFor(contact?.code ?? '', 'en')).toBe('Please enter the contact');
  });
});
