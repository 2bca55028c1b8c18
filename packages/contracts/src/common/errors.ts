import type { Language } from './language';

/**
 * The one catalogue of messages shown to a person: every error code with its HTTP status and its
 * zh/en text. `{name}` placeholders are filled from the error's params. Server and web both read it.
 */
export interface CatalogueEntry {
  status: number;
  zh: string;
  en: string;
}

export const errorCatalogue = {
  // ---- platform ----
  BAD_REQUEST: { status: 400, zh: '请求参数错误：{field}', en: 'Invalid request: {field}' },
  VALIDATION_FAILED: { status: 400, zh: '{field}：{reason}', en: '{field}: {reason}' },
  UNAUTHORIZED: {
    status: 401,
    zh: '未登录或登录已过期，请重新登录',
    en: 'Not logged in or the session has expired, please log in again',
  },
  TOKEN_EXPIRED: {
    status: 401,
    zh: '账号权限已过期，请重新登录',
    en: 'Account permission expired. Please log in again',
  },
  FORBIDDEN: { status: 403, zh: '该账号没有权限', en: 'The account does not have permissions' },
  NOT_FOUND: { status: 404, zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  API_NOT_FOUND: { status: 404, zh: '接口不存在：{path}', en: 'No such API: {path}' },
  CONFLICT: { status: 409, zh: '数据冲突，请刷新后重试', en: 'Conflicting change, please refresh and retry' },
  DUPLICATE_SUBMISSION: { status: 409, zh: '请勿重复提交或申请', en: 'Duplicate submission or application' },
  RATE_LIMITED: { status: 429, zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  PAYLOAD_TOO_LARGE: { status: 413, zh: '请求内容过大', en: 'The request is too large' },
  INTERNAL: { status: 500, zh: '服务器异常', en: 'Server exception' },
  UNKNOWN: { status: 500, zh: '未知错误', en: 'An unknown error' },
  OPERATION_FAILED: { status: 422, zh: '操作失败', en: 'Operation failed' },
  INTERFACE_ERROR: { status: 500, zh: '接口错误', en: 'Interface error' },
  EXPORT_EMPTY: { status: 422, zh: '导出数据为空，无法导出', en: 'Export data is empty and cannot be exported' },
  END_BEFORE_START: {
    status: 400,
    zh: '结束时间必须晚于开始时间',
    en: 'The end time must be later than the start time',
  },

  // ---- auth (spec section 8: login codes) ----
  '4011': { status: 401, zh: '账号或密码错误', en: 'Wrong account or password' },
  '4013': { status: 401, zh: '当前用户已被禁用', en: 'The current user is disabled' },
  '4014': { status: 401, zh: '账号不在有效期内', en: 'The account is not within its validity period' },
  '4015': { status: 500, zh: '数据库异常', en: 'Database exception' },
  '4016': { status: 401, zh: '账号或密码错误', en: 'Wrong account or password' },
  '4017': { status: 401, zh: '账号未授权', en: 'The account is not authorized' },
  '4018': { status: 401, zh: '当前用户已被禁用', en: 'The current user is disabled' },
  '4019': { status: 401, zh: '账号未启用', en: 'The account is not used' },
  // These two messages are protocol markers the spec fixes literally (section 8); clients translate
  // them by code, so the text is the same in both languages.
  LOGIN_FAILED: { status: 401, zh: 'Login restricted', en: 'Login restricted' },
  VERIFY_CODE_REQUIRED: {
    status: 401,
    zh: 'Login restricted,Verification code cannot be empty',
    en: 'Login restricted,Verification code cannot be empty',
  },
  VERIFY_CODE_WRONG: { status: 401, zh: '验证码错误', en: 'Wrong verification code' },
  OLD_PASSWORD_WRONG: { status: 422, zh: '旧密码输入错误', en: 'Old password entered incorrectly' },
  PASSWORD_VERIFY_FAILED: { status: 422, zh: '密码验证失败', en: 'Password verification failed' },
  WRONG_PASSWORD: { status: 422, zh: '密码错误', en: 'Wrong password' },
  CONTACT_PHONE_EXISTS: {
    status: 409,
    zh: '联系电话已存在，请重新输入',
    en: 'Contact phone already exists, please re-enter',
  },
  EMAIL_FORMAT: { status: 400, zh: '邮箱格式不正确', en: 'Incorrect Email format' },
  ACCOUNT_CREATE_FAILED: { status: 422, zh: '账号创建失败', en: 'Account creation failed' },
  EDIT_FAILED: { status: 422, zh: '修改失败', en: 'fail to edit' },
  NOT_MY_RECORD: {
    status: 403,
    zh: '不能删除不属于我申请的记录',
    en: 'Cannot delete records that do not belong to my application',
  },
  USERNAME_EXISTS: { status: 409, zh: '账号已存在', en: 'The account already exists' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof errorCatalogue;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}

/** Fills `{name}` placeholders; a missing param leaves the placeholder's name readable. */
export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? key));
}

export function messageFor(code: string, lang: Language, params?: Record<string, string | number>): string {
  const entry: CatalogueEntry = isErrorCode(code) ? errorCatalogue[code] : errorCatalogue.UNKNOWN;
  return formatMessage(entry[lang], params);
}
