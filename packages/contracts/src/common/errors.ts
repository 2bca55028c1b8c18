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
  METRICS_TOKEN_WRONG: {
    status: 401,
    zh: '监控指标需要正确的令牌（Authorization: Bearer <METRICS_TOKEN>）',
    en: 'Metrics need the right token (Authorization: Bearer <METRICS_TOKEN>)',
  },
  METRICS_LOCAL_ONLY: {
    status: 403,
    zh: '未设置 METRICS_TOKEN 时，监控指标只对本机开放',
    en: 'Without METRICS_TOKEN, metrics are served to this machine only',
  },
  NOT_FOUND: { status: 404, zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  API_NOT_FOUND: { status: 404, zh: '接口不存在：{path}', en: 'No such API: {path}' },
  CONFLICT: { status: 409, zh: '数据冲突，请刷新后重试', en: 'Conflicting change, please refresh and retry' },
  DUPLICATE_SUBMISSION: { status: 409, zh: '请勿重复提交或申请', en: 'Duplicate submission or application' },
  RATE_LIMITED: { status: 429, zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  PAYLOAD_TOO_LARGE: { status: 413, zh: '请求内容过大', en: 'The request is too large' },
  // ---- HTTP robustness (issue 11): refusals of the framework itself, in the envelope ----
  INVALID_JSON: { status: 400, zh: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  EMPTY_JSON_BODY: {
    status: 400,
    zh: '请求内容为空，但内容类型为 JSON',
    en: 'The request body is empty but its content type is JSON',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    zh: '不支持的内容类型：{type}',
    en: 'Unsupported content type: {type}',
  },
  BAD_URL: { status: 400, zh: '请求地址无效', en: 'The request URL is invalid' },
  URL_TOO_LONG: { status: 414, zh: '请求地址过长', en: 'The request URL is too long' },
  HEADERS_TOO_LARGE: { status: 431, zh: '请求头过大', en: 'The request headers are too large' },
  BAD_HTTP_REQUEST: { status: 400, zh: 'HTTP 请求格式错误', en: 'Malformed HTTP request' },
  TEXT_HAS_NUL: { status: 400, zh: '不能包含空字符（NUL）', en: 'must not contain a NUL character' },
  REQUEST_TIMEOUT: {
    status: 503,
    zh: '请求处理超时，请稍后重试',
    en: 'The request took too long, please try again later',
  },
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
  OLD_PASSWORD_WRONG: { status: 422, zh: '旧密码输入错误', en: 'old password entered incorrectly' },
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
  // ---- auth and accounts (issue 3): password and profile rules of spec section 5 ----
  PASSWORD_OLD_REQUIRED: { status: 400, zh: '请输入旧密码', en: 'Please enter the old password' },
  PASSWORD_NEW_REQUIRED: { status: 400, zh: '请输入新密码', en: 'Please enter the new password' },
  PASSWORD_POLICY: {
    status: 400,
    zh: '密码须为6-16位大小写字母、数字和特殊字符的组合',
    en: 'password must be 6-16 characters of upper and lower case letters, digits and special characters',
  },
  PASSWORD_CONFIRM_REQUIRED: { status: 400, zh: '请再次输入新密码', en: 'Please enter the new password again' },
  PASSWORD_MISMATCH: { status: 400, zh: '两次输入的新密码不一致', en: 'the two new passwords do not match' },
  PASSWORD_CHANGED: {
    status: 200,
    zh: '密码修改成功，请重新登录',
    en: 'Password changed successfully, please log in again',
  },
  NAME_REQUIRED: { status: 400, zh: '名称不能为空', en: 'name cannot be empty' },
  CONTACT_NAME_REQUIRED: { status: 400, zh: '请输入联系人', en: 'Please enter the contact' },
  CONTACT_NAME_ILLEGAL: { status: 400, zh: '联系人包含非法字符', en: 'The contact contains illegal characters' },
  CONTACT_NAME_LENGTH: { status: 400, zh: '联系人长度为2-15个字符', en: 'Contacts are 2-15 characters' },
  PHONE_REQUIRED: { status: 400, zh: '请输入手机号码', en: 'Please enter the phone number' },
  PHONE_LENGTH: { status: 400, zh: '手机号码应为11位数字', en: 'The phone number must have 11 digits' },
  PHONE_FORMAT: { status: 400, zh: '请输入正确的手机号码', en: 'Please enter the correct phone number' },
  SEX_INVALID: { status: 400, zh: '性别只能是男或女', en: 'Sex must be male or female' },
  URL_INVALID: { status: 400, zh: '网址必须以http或https开头', en: 'The URL must be http or https' },
  // ---- WeChat mini-program (issue 18) ----
  WECHAT_NOT_CONFIGURED: {
    status: 422,
    zh: '未配置微信小程序（WECHAT_APPID、WECHAT_SECRET），无法登录',
    en: 'The WeChat mini-program is not configured (WECHAT_APPID, WECHAT_SECRET): sign-in is not possible',
  },
  WECHAT_CODE_INVALID: {
    status: 400,
    zh: '微信登录凭证无效，请重新登录',
    en: 'The WeChat login code is invalid, please sign in again',
  },
  WECHAT_UNAVAILABLE: {
    status: 502,
    zh: '微信服务暂时无法访问，请稍后重试',
    en: 'WeChat cannot be reached, please try again later',
  },
  WECHAT_USER_BLOCKED: { status: 403, zh: '该微信用户已被禁用', en: 'This WeChat user has been blocked' },
  WECHAT_SESSION_INVALID: {
    status: 401,
    zh: '小程序登录已失效，请重新登录',
    en: 'The mini-program session has expired, please sign in again',
  },
  WECHAT_PHONE_CODE_INVALID: { status: 400, zh: '手机号授权无效', en: 'The phone number grant is invalid' },
  WECHAT_USER_NOT_FOUND: { status: 404, zh: '微信用户不存在', en: 'The WeChat user does not exist' },
  WECHAT_ROBOT_NOT_FOUND: { status: 404, zh: '机器人不存在', en: 'The robot does not exist' },
  WECHAT_BANNER_NOT_FOUND: { status: 404, zh: '横幅不存在', en: 'The banner does not exist' },
  WECHAT_BANNER_TITLE_REQUIRED: { status: 400, zh: '请输入横幅标题', en: 'Please enter the banner title' },
  WECHAT_BANNER_TITLE_LENGTH: { status: 400, zh: '标题最多50个字符', en: 'The title has at most 50 characters' },
  WECHAT_BANNER_LINK_INVALID: {
    status: 400,
    zh: '链接必须以http或https开头，或为小程序页面路径',
    en: 'The link must be http or https, or a mini-program page path',
  },
  WECHAT_BANNER_PICTURE_INVALID: {
    status: 400,
    zh: '请上传jpg/jpeg/png/bmp格式、不超过2MB的图片',
    en: 'Please upload a jpg/jpeg/png/bmp picture of at most 2MB',
  },
  CAPTCHA_EXPIRED: {
    status: 401,
    zh: '验证码已过期，请刷新验证码',
    en: 'The verification code has expired, please get a new one',
  },
  ACCOUNT_DISABLED: { status: 401, zh: '当前用户已被禁用', en: 'The current user is disabled' },
  PARENT_INVALID: {
    status: 422,
    zh: '上级账号只能是超级管理员或管理员',
    en: 'The parent account must be a super or administrator account',
  },
  CUSTOMER_NOT_FOUND: { status: 404, zh: '客户不存在', en: 'The customer does not exist' },
  CUSTOMER_NAME_EXISTS: { status: 409, zh: '客户名称已存在', en: 'A customer with this name already exists' },
  CUSTOMER_PHONE_EXISTS: { status: 409, zh: '客户电话已存在', en: 'A customer with this phone already exists' },
  CUSTOMER_IN_USE: {
    status: 409,
    zh: '该客户下还有广告主账号，不能删除',
    en: 'The customer still has advertiser accounts and cannot be deleted',
  },
  CUSTOMER_NAME_LENGTH: { status: 400, zh: '客户名称长度为2-50个字符', en: 'Customer names are 2-50 characters' },
  // ---- accounts, enterprise information and customer review (issue 16) ----
  ROLE_ELEVATION: {
    status: 403,
    zh: '不能把账号的角色设为高于自己的角色',
    en: 'An account cannot be given a role above your own',
  },
  ACCOUNT_PROTECTED: {
    status: 403,
    zh: 'root 和 admin 账号不能被他人禁用、删除或修改',
    en: 'Root and admin accounts cannot be disabled, deleted or changed by others',
  },
  ACCOUNT_SELF: { status: 403, zh: '不能禁用或删除自己的账号', en: 'You cannot disable or delete your own account' },
  INDUSTRY_INVALID: { status: 400, zh: '请选择列表中的行业', en: 'Choose an industry from the list' },
  CUSTOMER_CONTACTS_MAX: { status: 400, zh: '联系人最多10个', en: 'At most 10 contacts' },
  CREDIT_CODE_REQUIRED: {
    status: 400,
    zh: '请输入统一社会信用代码',
    en: 'Please enter the unified social credit code',
  },
  CREDIT_CODE_LENGTH: {
    status: 400,
    zh: '统一社会信用代码应为18位',
    en: 'The unified social credit code must have 18 characters',
  },
  CREDIT_CODE_FORMAT: {
    status: 400,
    zh: '统一社会信用代码包含非法字符',
    en: 'The unified social credit code contains characters that are not allowed',
  },
  CREDIT_CODE_CHECK: {
    status: 400,
    zh: '统一社会信用代码校验位不正确',
    en: 'The check character of the unified social credit code is wrong',
  },
  ID_NUMBER_REQUIRED: { status: 400, zh: '请输入法人身份证号码', en: "Please enter the legal person's ID number" },
  ID_NUMBER_LENGTH: { status: 400, zh: '身份证号码应为18位', en: 'The ID number must have 18 characters' },
  ID_NUMBER_FORMAT: {
    status: 400,
    zh: '身份证号码格式不正确（17位数字加一位数字或X）',
    en: 'Incorrect ID number format (17 digits, then a digit or X)',
  },
  ID_NUMBER_BIRTH: {
    status: 400,
    zh: '身份证号码中的出生日期不正确',
    en: 'The birth date in the ID number is not valid',
  },
  ID_NUMBER_CHECK: { status: 400, zh: '身份证号码校验位不正确', en: 'The check digit of the ID number is wrong' },
  ENTERPRISE_NAME_LENGTH: {
    status: 400,
    zh: '企业名称长度为2-50个字符',
    en: 'Enterprise names are 2-50 characters',
  },
  PROVINCE_REQUIRED: { status: 400, zh: '请选择省份', en: 'Please choose the province' },
  QUALIFICATIONS_MAX: { status: 400, zh: '资质图片最多10张', en: 'At most 10 qualification pictures' },
  LICENCE_PICTURE_INVALID: {
    status: 400,
    zh: '营业执照或资质图片不存在或不是您上传的图片',
    en: 'The licence or qualification picture does not exist or was not uploaded by you',
  },
  LICENCE_EXPIRED: { status: 400, zh: '营业执照已过期', en: 'The business licence has expired' },
  ENTERPRISE_INFO_MISSING: {
    status: 422,
    zh: '请先填写并保存企业信息再提交审核',
    en: 'Fill in and save the enterprise information before submitting it for review',
  },
  CUSTOMER_AUDIT_PENDING: {
    status: 409,
    zh: '企业信息正在审核中，请等待审核结果',
    en: 'The enterprise information is under review, please wait for the result',
  },
  CUSTOMER_ALREADY_PASSED: {
    status: 409,
    zh: '该客户已通过审核',
    en: 'This customer has already passed the review',
  },
  CUSTOMER_NOT_APPROVED: {
    status: 422,
    zh: '客户“{name}”的企业信息尚未通过审核，不能申请投放',
    en: 'The customer "{name}" has not passed the enterprise information review and cannot apply for delivery',
  },
  ACCOUNT_HAS_CHILDREN: {
    status: 409,
    zh: '该账号下还有子账号，不能删除',
    en: 'The account still has child accounts and cannot be deleted',
  },
  VERIFY_CODE_SEND_LIMIT: {
    status: 429,
    zh: '验证码发送过于频繁，请稍后再试',
    en: 'Verification codes are sent too often, please try again later',
  },
  // ---- advertiser two-factor login (AdvertiserUsers advertiserSendCode, 2AFConfig*) ----
  TWO_FACTOR_REQUIRED: {
    status: 401,
    zh: '该账号已开启登录二次验证，请获取发送至 {to} 的验证码并输入',
    en: 'Two-factor login is on for this account: send a code to {to} and enter it',
  },
  TWO_FACTOR_CODE_WRONG: { status: 401, zh: '验证码错误，还可尝试 {left} 次', en: 'Wrong code, {left} tries left' },
  TWO_FACTOR_CODE_EXPIRED: {
    status: 401,
    zh: '验证码已失效，请重新获取',
    en: 'The code is no longer valid, please send a new one',
  },
  TWO_FACTOR_SEND_WAIT: {
    status: 429,
    zh: '验证码已发送，请 {seconds} 秒后再试',
    en: 'A code was sent just now, please try again in {seconds} s',
  },
  TWO_FACTOR_NO_PHONE: {
    status: 422,
    zh: '该账号没有手机号码，不能开启短信验证',
    en: 'The account has no phone number, so SMS verification cannot be turned on',
  },
  TWO_FACTOR_NO_EMAIL: {
    status: 422,
    zh: '该账号没有邮箱，不能开启邮件验证',
    en: 'The account has no e-mail address, so e-mail verification cannot be turned on',
  },
  TWO_FACTOR_NO_CHANNEL: {
    status: 422,
    zh: '系统未配置短信/邮件发送通道，不能开启二次验证',
    en: 'No SMS/e-mail channel is configured, so two-factor login cannot be turned on',
  },
  TWO_FACTOR_CODE_TEXT: {
    status: 200,
    zh: '您的登录验证码为 {code}，{minutes} 分钟内有效。如非本人操作，请忽略。',
    en: 'Your login code is {code}. It is valid for {minutes} minutes. If you did not try to log in, ignore this message.',
  },
  LOG_TOO_LARGE: { status: 413, zh: '错误日志内容过大', en: 'The error log entry is too large' },

  // ---- materials, advertisements, media and storage (issue 6; spec sections 5 and 8) ----
  UPLOAD_FAILED: { status: 422, zh: '上传失败', en: 'Upload failed' },
  UPLOAD_CANCELED: { status: 400, zh: '文件上传已取消', en: 'File upload canceled' },
  DOWNLOAD_FAILED: { status: 404, zh: '下载失败', en: 'Download fail' },
  DELETE_FAILED: { status: 422, zh: '删除失败', en: 'Delete failed' },
  UPLOAD_TYPE_UNSUPPORTED: {
    status: 400,
    zh: '{file}：不支持的文件类型（可上传 {accepted}）',
    en: '{file}: file type not supported (accepted: {accepted})',
  },
  UPLOAD_TYPE_MISMATCH: {
    status: 400,
    zh: '{file}：文件内容是 {actual}，与 {expected} 不符',
    en: '{file}: the content is {actual}, not {expected}',
  },
  UPLOAD_KIND_NOT_IN_SLOT: {
    status: 400,
    zh: '{file}：模板{template}的位置{slot}不接受{kind}',
    en: '{file}: template {template} slot {slot} does not accept {kind}',
  },
  UPLOAD_SLOT_UNKNOWN: {
    status: 400,
    zh: '{file}：模板{template}没有位置{slot}',
    en: '{file}: template {template} has no slot {slot}',
  },
  UPLOAD_TOO_LARGE: {
    status: 400,
    zh: '{file}：文件大小 {size} 超过{kind}上限 {max}',
    en: '{file}: {size} exceeds the {kind} limit of {max}',
  },
  UPLOAD_EMPTY: { status: 400, zh: '{file}：文件为空', en: '{file}: the file is empty' },
  UPLOAD_PIXELS_MISMATCH: {
    status: 400,
    zh: '{file}：尺寸 {actual} 与位置要求的 {expected} 不符',
    en: '{file}: {actual} pixels, the slot requires exactly {expected}',
  },
  UPLOAD_VIDEO_DURATION: {
    status: 400,
    zh: '{file}：视频时长 {actual} 秒，此位置要求 {min}-{max} 秒',
    en: '{file}: the video is {actual} s long, the slot requires {min}-{max} s',
  },
  UPLOAD_UNREADABLE: {
    status: 400,
    zh: '{file}：无法读取文件内容（文件已损坏或格式不正确）',
    en: '{file}: the content cannot be read (damaged or wrong format)',
  },
  UPLOAD_BATCH_TOO_MANY: {
    status: 400,
    zh: '一次最多上传{max}个文件（已选{count}个）',
    en: 'At most {max} files at once ({count} selected)',
  },
  UPLOAD_BATCH_TOO_LARGE: {
    status: 400,
    zh: '一批文件总大小最多{max}（已选{size}）',
    en: 'A batch may total at most {max} ({size} selected)',
  },
  UPLOAD_LINK_INVALID: {
    status: 403,
    zh: '上传或下载链接无效或已过期',
    en: 'The upload or download link is invalid or has expired',
  },
  UPLOAD_KEY_OUTSIDE_DIR: {
    status: 403,
    zh: '文件不在您的上传目录中',
    en: 'The file is not in your upload directory',
  },
  STORAGE_QUOTA_EXCEEDED: {
    status: 422,
    zh: '存储空间已满：已用 {used}，上限 {quota}。请删除不再使用的素材后再上传',
    en: 'Storage is full: {used} used of {quota}. Delete materials you no longer need, then upload again',
  },
  UPLOAD_OBJECT_MISSING: {
    status: 422,
    zh: '{file}：存储中找不到已上传的文件',
    en: '{file}: the uploaded file was not found in storage',
  },
  MEDIA_ALREADY_REGISTERED: { status: 409, zh: '该文件已登记', en: 'This file is already registered' },
  RESOURCE_NOT_FOUND: { status: 404, zh: '素材不存在', en: 'The material does not exist' },
  RESOURCE_IN_USE: {
    status: 409,
    zh: '素材“{name}”正被广告“{ad}”使用，不能删除',
    en: 'The material "{name}" is used by the advertisement "{ad}" and cannot be deleted',
  },
  RESOURCE_MEDIA_KIND: {
    status: 400,
    zh: '素材类型{kind}与文件内容{actual}不符',
    en: 'The material kind {kind} does not match the file content {actual}',
  },
  AD_NOT_FOUND: { status: 404, zh: '广告内容不存在', en: 'The ad does not exist' },
  AD_NAME_EXISTS: { status: 409, zh: '广告名称已存在', en: 'An ad with this name already exists' },
  AD_MATERIALS_REQUIRED: { status: 400, zh: '请至少选择一个素材', en: 'Select at least one material' },
  AD_MATERIALS_MAX: { status: 400, zh: '最多选择15个素材', en: 'At most 15 materials' },
  AD_MATERIAL_KIND: {
    status: 400,
    zh: '素材“{name}”是{actual}，广告类型是{kind}',
    en: 'The material "{name}" is a {actual}, the ad is a {kind} ad',
  },
  AD_MATERIAL_TEMPLATE: {
    status: 400,
    zh: '一条广告的素材必须属于同一模板',
    en: 'All materials of an ad must use the same template',
  },
  AD_MATERIAL_SLOTS: {
    status: 400,
    zh: '模板2的每一屏需要位置1和位置2各一个素材',
    en: 'Each screen of template 2 needs one material for slot 1 and one for slot 2',
  },
  AD_ONLINE_LINKED: {
    status: 409,
    zh: '广告在线，且已关联设备、账号或区域账号，无法删除',
    en: 'Deleting an online ad is impossible while devices, accounts or regional accounts are linked',
  },
  START_END_REQUIRED: { status: 400, zh: '开始时间和结束时间不能为空', en: 'Start and end cannot be empty' },
  // QR code and watermark of an ad (spec section 9): a picture and one of the six positions, together.
  AD_OVERLAY_POSITION_REQUIRED: {
    status: 400,
    zh: '请选择图片的显示位置',
    en: 'Choose where the picture is shown',
  },
  AD_OVERLAY_PICTURE_REQUIRED: {
    status: 400,
    zh: '已选择显示位置，请上传图片',
    en: 'A position is chosen: upload the picture for it',
  },
  AD_QR_TARGET_INVALID: {
    status: 400,
    zh: '扫码跳转地址须为以 http:// 或 https:// 开头的网址（不超过2000个字符）',
    en: 'The QR target must be a web address starting with http:// or https:// (at most 2000 characters)',
  },
  QR_CODE_NOT_FOUND: { status: 404, zh: '二维码无效或已失效', en: 'This QR code is unknown or no longer valid' },
  // ---- proof-of-play certificates anyone can verify (issue 35, docs/certificates.md) ----
  CERTIFICATE_NOT_FOUND: {
    status: 404,
    zh: '没有编号为 {code} 的播放证明书，请核对证书上印的核验码',
    en: 'No proof-of-play certificate has the code {code}; check the verification code printed on the certificate',
  },
  CERTIFICATE_SIGNATURE_INVALID: {
    status: 400,
    zh: '签名与证书内容不符：证书内容已被改动，或并非本平台签发',
    en: 'The signature does not match the certificate: its content was changed, or this platform did not issue it',
  },
  CERTIFICATE_KEY_UNKNOWN: {
    status: 400,
    zh: '本平台从未使用过密钥 {keyId} 签发证书',
    en: 'This platform never signed a certificate with the key {keyId}',
  },
  AD_OVERLAY_POSITION_INVALID: {
    status: 400,
    zh: '显示位置只能是左上、右上、左下、右下、底部居中或顶部居中',
    en: 'The position must be upper left, upper right, lower left, lower right, bottom center or top center',
  },
  AD_OVERLAY_MEDIA_NOT_FOUND: {
    status: 404,
    zh: '图片不存在或不在您的权限范围内',
    en: 'The picture does not exist or is not within your scope',
  },
  AD_OVERLAY_MEDIA_NOT_QR: {
    status: 400,
    zh: '“{file}”不是按二维码规则上传的图片（jpg/jpeg/png/bmp，不超过2MB），请重新上传',
    en: '"{file}" was not uploaded as a QR code or watermark picture (jpg/jpeg/png/bmp, at most 2MB); upload it again',
  },

  // ---- devices, projects, device groups, device protocol (issue 5; spec section 8 device import) ----
  DEVICE_NOT_EXIST: { status: 422, zh: '设备ID不存在', en: 'Device ID does not exist' },
  DEVICE_TYPE_UNSUPPORTED: {
    status: 422,
    zh: '设备类型不正确或不支持：{type}（可用类型：{accepted}）',
    en: 'Device type is incorrect or unsupported: {type} (accepted types: {accepted})',
  },
  DEVICE_NOT_ACTIVATED: { status: 422, zh: '设备未激活', en: 'Device is not activated' },
  DEVICE_UNUSED: { status: 422, zh: '设备未启用', en: 'Device is unused' },
  DEVICE_EXPIRED: { status: 422, zh: '设备已过期', en: 'Device has expired' },
  DEVICE_NO_PERMISSION: { status: 403, zh: '没有该设备的权限', en: 'No permission for this device' },
  DEVICE_ALREADY_SELECTED: { status: 409, zh: '设备已在所选列表中', en: 'Device is already in the selected list' },
  DEVICE_BLACKLISTED: { status: 422, zh: '设备已被列入黑名单', en: 'Device is blacklisted' },
  DEVICE_COMMERCIAL_NOT_ALLOWED: {
    status: 422,
    zh: '该设备不允许投放商业广告',
    en: 'Commercial ads are not allowed on this device',
  },
  DEVICE_SLOTS_INSUFFICIENT: { status: 422, zh: '设备剩余广告位不足', en: 'Insufficient remaining ad slots' },
  IMPORT_FILE_INVALID: {
    status: 400,
    zh: '文件与模板不符或为空',
    en: 'The file does not match the template or is empty',
  },
  IMPORT_FILE_TYPE: { status: 400, zh: '只能导入 .xlsx 或 .xls 文件', en: 'Only .xlsx and .xls files can be imported' },
  IMPORT_FILE_TOO_LARGE: { status: 413, zh: '导入文件不能超过5MB', en: 'The import file must not exceed 5MB' },
  IMPORT_ONE_FILE: { status: 400, zh: '一次只能导入一个文件', en: 'Only one file can be imported at a time' },
  IMPORT_BLANK_ROW: {
    status: 400,
    zh: '第{row}行为空：设备ID须从A2开始且中间不能有空行',
    en: 'Row {row} is blank: device IDs start at A2 with no blank rows',
  },
  OWNER_IMPORT_BLANK_ROW: {
    status: 400,
    zh: '第{row}行为空：从第2行起每行一个物业账号，中间不能有空行',
    en: 'Row {row} is blank: one owner account per row from row 2, with no blank rows',
  },
  OWNER_IMPORT_TOO_MANY: {
    status: 400,
    zh: '一次最多导入{max}个物业账号',
    en: 'At most {max} owner accounts can be imported at a time',
  },
  DEVICE_HAS_PROPERTY: { status: 409, zh: '设备已属于其他物业', en: 'The device already belongs to a property' },
  PROJECT_TYPE_INVALID: {
    status: 400,
    zh: '物业类型应为物业、影院或自定义',
    en: 'The property type must be Property, Cinema or Custom',
  },
  IMPORT_NO_VALID_ROWS: { status: 422, zh: '没有可添加的有效设备', en: 'There are no valid devices to add' },
  DEVICE_LIST_EMPTY: { status: 400, zh: '设备列表至少需要一台设备', en: 'The device list needs at least one device' },
  DEVICE_ROWS_REFUSED: {
    status: 422,
    zh: '有{count}台设备不能添加，请先导入检查',
    en: '{count} devices cannot be added, check them with an import first',
  },
  NAME_LENGTH: { status: 400, zh: '名称长度为2-15个字符', en: 'Names are 2-15 characters' },
  NAME_ILLEGAL: { status: 400, zh: '名称包含非法字符', en: 'The name contains illegal characters' },
  GROUP_NAME_EXISTS: { status: 409, zh: '设备组名称已存在', en: 'A device group with this name already exists' },
  PROJECT_NAME_EXISTS: { status: 409, zh: '物业名称已存在', en: 'A property with this name already exists' },
  PROJECT_HAS_DEVICES: {
    status: 409,
    zh: '该物业下还有设备，不能删除',
    en: 'The property still has devices and cannot be deleted',
  },
  ROBOT_ID_EXISTS: { status: 409, zh: '设备ID已存在', en: 'The device ID already exists' },
  ROBOT_ID_FORMAT: {
    status: 400,
    zh: '设备ID为4-64位字母、数字、-或_',
    en: 'A device ID is 4-64 letters, digits, - or _',
  },
  AMOUNT_INVALID: {
    status: 400,
    zh: '金额须大于0且最多两位小数',
    en: 'The amount must be above zero with at most 2 decimals',
  },
  DISTANCE_NEEDS_POINT: {
    status: 400,
    zh: '按距离筛选需要经纬度',
    en: 'Filtering by distance needs a longitude and a latitude',
  },
  DEVICE_SECRET_WRONG: { status: 401, zh: '设备ID或激活密钥错误', en: 'Wrong device ID or activation secret' },
  DEVICE_TOKEN_INVALID: {
    status: 401,
    zh: '设备令牌无效或已被吊销',
    en: 'The device token is invalid or has been revoked',
  },

  // ---- schedule delivery (issue 8) ----
  SCHEDULE_VERSION_STALE: {
    status: 409,
    zh: '排期已更新，请重新拉取后再确认',
    en: 'The schedule has changed: pull it again before acknowledging',
  },
  EXPORT_NOT_FOUND: { status: 404, zh: '导出任务不存在', en: 'No such export' },
  EXPORT_NOT_READY: { status: 409, zh: '导出尚未完成', en: 'The export is not finished yet' },
  DOWNLOAD_FAIL: { status: 404, zh: '下载失败', en: 'Download fail' },
  // ---- playlists, reviews (applications), publishing (issue 7) ----
  PLAYLIST_ADV_NOT_EXITS: { status: 422, zh: '广告内容不存在', en: 'ad content does not exist' },
  PLAYLIST_RES_IS_EMPTY: { status: 422, zh: '广告素材不存在', en: 'ad material does not exist' },
  PLAYLIST_NOT_FOUND: { status: 404, zh: '计划已取消', en: 'the plan has been cancelled' },
  PLAYLIST_ID_NOT_EXIST: { status: 404, zh: '推广计划ID不存在', en: 'The plan ID does not exist' },
  PLAYLIST_NAME_REQUIRED: { status: 400, zh: '请输入计划名称', en: 'Please enter the plan name' },
  PLAYLIST_NAME_LENGTH: { status: 400, zh: '计划名称长度为2-50个字符', en: 'Plan names are 2-50 characters' },
  PLAYLIST_ADS_REQUIRED: { status: 400, zh: '请至少选择一个广告', en: 'Select at least one ad' },
  PLAYLIST_TOO_MANY_MATERIALS: {
    status: 422,
    zh: '一个计划最多包含15个素材',
    en: 'A plan can hold at most 15 materials',
  },
  PLAYLIST_PRIORITY_INVALID: { status: 400, zh: '优先级只能是1、5或9', en: 'The priority must be 1, 5 or 9' },
  PLAYLIST_MODE_INVALID: {
    status: 400,
    zh: '播放模式只能是顺序、循环或随机',
    en: 'The play mode must be order, round or random',
  },
  PLAYLIST_LIMIT_INVALID: {
    status: 400,
    zh: '播放次数和播放时长限制必须是正整数',
    en: 'Play count and play time limits must be positive integers',
  },
  PLAYLIST_EXTERNAL_REF_INVALID: {
    status: 400,
    zh: '客户订单参考号为文本，最多64个字符',
    en: 'The booking reference is text of at most 64 characters',
  },
  STAT_TIME_ZONE_INVALID: { status: 400, zh: '时区无效', en: 'The time zone is not valid' },
  STAT_AD_IDS_INVALID: { status: 400, zh: '广告ID列表无效', en: 'The list of ad IDs is not valid' },
  STAT_RANGE_INVALID: {
    status: 400,
    zh: '结束时间必须晚于开始时间，且范围不超过三年',
    en: 'The end time must be later than the start time, within three years',
  },
  PLAYLIST_TIME_ZONE_INVALID: { status: 400, zh: '请选择列表中的时区', en: 'Choose a time zone from the list' },
  PLAYLIST_TIME_INVALID: { status: 400, zh: '时间格式不正确', en: 'Invalid time of day' },
  PLAYLIST_BEGIN_REQUIRED: { status: 400, zh: '开始时间不能为空', en: 'The start time cannot be empty' },
  PLAYLIST_END_REQUIRED: { status: 400, zh: '结束时间不能为空', en: 'The end time cannot be empty' },
  PLAYLIST_BEGIN_PAST: {
    status: 400,
    zh: '投放开始时间不能早于今天',
    en: 'The delivery start cannot be earlier than today',
  },
  PLAYLIST_END_PAST: { status: 400, zh: '投放结束时间不能早于现在', en: 'The delivery end cannot be earlier than now' },
  PLAYLIST_TIMES_CONFLICT: { status: 400, zh: '时间段冲突', en: 'Time periods must not conflict' },
  PLAYLIST_TIMES_REQUIRED: { status: 400, zh: '请至少选择一个播放时段', en: 'Select at least one play period' },
  PLAYLIST_CYCLE_DATA_REQUIRED: {
    status: 400,
    zh: '请选择重复的日期',
    en: 'Select the days on which the plan repeats',
  },
  PLAYLIST_CYCLE_DATA_INVALID: {
    status: 400,
    zh: '重复日期不正确（周一到周日为1-7，每月为1-31日）',
    en: 'Invalid repeat days (weekdays 1-7 from Monday, days of month 1-31)',
  },
  PLAYLIST_CLIENT_REQUIRED: { status: 400, zh: '请选择客户', en: 'Select the customer' },
  PLAYLIST_ONLINE_DELETE: {
    status: 409,
    zh: '在线广告已关联设备、账号或区域账号，无法删除',
    en: 'An online ad linked to devices, accounts or regional accounts cannot be deleted',
  },
  PLAYLIST_LOCKED: {
    status: 409,
    zh: '计划正在投放或审核中，不能修改；请先取消投放',
    en: 'The plan is delivered or under review and cannot be edited; cancel its delivery first',
  },
  PLAYLIST_LAYOUT_EMPTY: {
    status: 422,
    zh: '广告布局为空，无法投放',
    en: 'The ad layout is empty and cannot be delivered',
  },
  PLAYLIST_CREATIVE_EMPTY: { status: 422, zh: '创意为空，无法投放', en: 'Creative is empty and cannot be delivered' },
  PLAYLIST_CONTENT_EMPTY: {
    status: 422,
    zh: '投放计划的广告或素材为空，请确认后再投放',
    en: "The delivery plan's ads or materials are empty, confirm before delivery",
  },
  PLAYLIST_NOT_APPROVED: { status: 422, zh: '计划未通过审核', en: 'The plan was not approved' },
  PUBLISH_FAILED: { status: 422, zh: '发布到设备失败', en: 'Publish to device failed' },
  PUBLISH_TOO_MANY_DEVICES: {
    status: 400,
    zh: '智能投放最多选择10台设备',
    en: 'At most 10 devices for intelligent delivery',
  },
  PUBLISH_SELECTION_REQUIRED: {
    status: 400,
    zh: '请至少选择一个设备、设备组或账号',
    en: 'Select at least one device, device group or account',
  },
  PUBLISH_NO_DEVICE: {
    status: 422,
    zh: '所选范围内没有可投放的设备',
    en: 'No device can be delivered to in the selection',
  },
  PUBLISH_ALREADY_ON_DEVICE: {
    status: 409,
    zh: '该计划已投放到此设备',
    en: 'The plan is already delivered to this device',
  },
  CANCEL_FAILED: { status: 422, zh: '取消失败', en: 'Cancel failed' },
  CANCEL_REASON_REQUIRED: { status: 400, zh: '请输入取消原因', en: 'The cancellation reason is required' },
  PAUSE_REASON_REQUIRED: { status: 400, zh: '请输入暂停原因', en: 'The pause reason is required' },
  REJECT_REASON_REQUIRED: { status: 400, zh: '驳回必须填写原因', en: 'A rejection needs a reason' },
  AUDIT_NOT_FOUND: { status: 404, zh: '申请记录不存在', en: 'The application does not exist' },
  AUDIT_NOT_PENDING: {
    status: 409,
    zh: '该申请已不在待审核状态，不能审核或修改',
    en: 'The application is no longer waiting for review; it cannot be reviewed or edited',
  },
  AUDIT_NOT_REJECTED: {
    status: 409,
    zh: '只有被驳回的申请才能重新申请',
    en: 'Only a rejected application can be reapplied',
  },
  AUDIT_APPROVED_FINAL: {
    status: 409,
    zh: '已通过的申请不能再更改，如需撤回投放请申请取消',
    en: 'An approved application cannot be changed; apply for a cancellation instead',
  },
  AUDIT_WITHDRAWN: { status: 409, zh: '该申请已撤回', en: 'The application has been withdrawn' },
  AUDIT_NOT_REVIEWER: {
    status: 403,
    zh: '您不是该申请的审核人',
    en: 'You are not a reviewer of this application',
  },
  AUDIT_ALREADY_REVIEWED: { status: 409, zh: '您已审核过该申请', en: 'You have already reviewed this application' },
  AUDIT_UNDER_REVIEW: {
    status: 409,
    zh: '申请已有审核结果，不能修改',
    en: 'The application has been reviewed in part and can no longer be edited',
  },
  AUDIT_PLAN_NOT_DELIVERED: {
    status: 422,
    zh: '计划尚未投放，不能申请取消、暂停或加设备',
    en: 'The plan is not delivered; cancel, pause and add-device applications need a delivered plan',
  },
  AUDIT_DEVICES_NOT_DELIVERED: {
    status: 422,
    zh: '所选设备上没有该计划的投放',
    en: 'The plan is not delivered to the selected devices',
  },
  // ---- application export (Ad_Audits exportAd_audit / queryCheckResult) ----
  EXPORT_FAILED: { status: 409, zh: '导出失败，请重新导出', en: 'The export failed, please export again' },
  TIME_ZONE_INVALID: { status: 400, zh: '时区无效', en: 'Unknown time zone' },
  // ---- shooting requirements (issue 18; spec sections 5 and 8) ----
  SHOOT_PLAN_ID_REQUIRED: { status: 400, zh: '请输入推广计划ID', en: 'Please enter the plan ID' },
  SHOOT_PLAN_ID_LENGTH: {
    status: 400,
    zh: '推广计划ID为12位或24位字符',
    en: 'The plan ID is 12 or 24 characters',
  },
  SHOOT_PLAN_NOT_APPROVED: { status: 422, zh: '该计划未审核通过', en: 'The plan was not approved' },
  SHOOT_PLAN_BOUND: { status: 409, zh: '该计划已被绑定', en: 'The plan has been bound' },
  SHOOT_REQUIREMENT_NOT_FOUND: { status: 404, zh: '拍摄需求不存在', en: 'The requirement does not exist' },
  SHOOT_CANNOT_CANCEL: {
    status: 409,
    zh: '当前需求状态不可取消',
    en: 'The current state of the requirement cannot be cancelled',
  },
  SHOOT_REQUIREMENT_PUSHING: {
    status: 409,
    zh: '需求正在推送中，请刷新后重试',
    en: 'The requirement is being pushed, please refresh and retry',
  },
  SHOOT_PUSH_FAILED_NO_CANCEL: {
    status: 409,
    zh: '需求推送失败，无法取消',
    en: 'The demand fails to be pushed and cannot be cancelled',
  },
  SHOOT_UPDATE_IN_PROGRESS: {
    status: 409,
    zh: '有更新任务正在进行中，请稍后再试',
    en: 'There is an update task in progress, please try again later',
  },
  SHOOT_NOT_REPUSHABLE: {
    status: 409,
    zh: '只有推送失败的设备可以重新推送',
    en: 'Only tasks whose push failed can be pushed again',
  },
  SHOOT_NAME_REQUIRED: { status: 400, zh: '请输入需求名称', en: 'Please enter the requirement name' },
  SHOOT_NAME_TOO_LONG: {
    status: 400,
    zh: '需求名称不能超过20个字符（英文50个字符）',
    en: 'The requirement name is at most 50 characters (20 with Chinese characters)',
  },
  SHOOT_DATE_REQUIRED: { status: 400, zh: '请选择拍摄日期', en: 'Please choose the shooting date' },
  SHOOT_DATE_INVALID: { status: 400, zh: '拍摄日期无效', en: 'The shooting date is not valid' },
  SHOOT_TIME_INVALID: { status: 400, zh: '拍摄时间段无效', en: 'The shooting time window is not valid' },
  SHOOT_WINDOW_PAST: {
    status: 422,
    zh: '拍摄时间段已过，请选择之后的时间',
    en: 'The shooting window is over, choose a later one',
  },
  SHOOT_WINDOW_OUTSIDE_PLAN: {
    status: 422,
    zh: '拍摄时间段不在计划投放期内',
    en: "The shooting window is outside the plan's delivery period",
  },
  SHOOT_ROBOT_NOT_PUBLISHED: {
    status: 422,
    zh: '设备 {robotId} 没有投放该计划',
    en: 'The plan is not published to device {robotId}',
  },
  SHOOT_TASK_NOT_FOUND: { status: 404, zh: '拍摄任务不存在', en: 'The shooting task does not exist' },
  SHOOT_TASK_CLOSED: {
    status: 409,
    zh: '拍摄任务已结束或已取消',
    en: 'The shooting task is over or cancelled',
  },
  SHOOT_TAKEN_OUTSIDE_WINDOW: {
    status: 422,
    zh: '照片不是在拍摄时间段内拍摄的',
    en: 'The photo was not taken within the shooting window',
  },
  SHOOT_AD_NOT_IN_PLAN: {
    status: 422,
    zh: '照片中的广告不属于该计划',
    en: "The ad on the photo is not one of the plan's ads",
  },
  SHOOT_PHOTO_TYPE: { status: 400, zh: '照片必须是 JPEG 或 PNG 图片', en: 'The photo must be a JPEG or PNG picture' },
  SHOOT_PHOTO_TOO_LARGE: {
    status: 400,
    zh: '照片大小 {size} 超过上限 {max}',
    en: 'The photo is {size}, more than the limit of {max}',
  },
  // ---- sales (issue 17): leads, orders, bills, branches ----
  LEAD_PHONE_EXISTS: {
    status: 409,
    zh: '意向客户电话已存在',
    en: 'An intended customer with this phone already exists',
  },
  LEAD_NOTE_EMPTY: { status: 400, zh: '请输入跟进内容', en: 'Please enter the follow-up note' },
  LEAD_ALREADY_CONVERTED: {
    status: 409,
    zh: '该意向客户已转为客户',
    en: 'This intended customer has already been converted',
  },
  LEAD_DISCARDED: {
    status: 422,
    zh: '已放弃的意向客户不能转为客户',
    en: 'A discarded intended customer cannot be converted',
  },
  LEAD_OWNER_INVALID: {
    status: 422,
    zh: '负责人必须是您管理范围内的运营账号',
    en: 'The owner must be an operator account within your scope',
  },
  ORDER_TRANSITION_REFUSED: {
    status: 409,
    zh: '订单状态为“{stateZh}”，不能执行“{actionZh}”',
    en: 'The order is "{stateEn}": "{actionEn}" is not allowed',
  },
  ORDER_NAME_LENGTH: { status: 400, zh: '订单名称长度为2-50个字符', en: 'Order names are 2-50 characters' },
  ORDER_REJECT_REASON: { status: 400, zh: '驳回订单需填写原因', en: 'A rejection needs a reason' },
  ORDER_CANCEL_REASON: { status: 400, zh: '取消订单需填写原因', en: 'A cancellation needs a reason' },
  ORDER_OVERRIDE_REASON: {
    status: 400,
    zh: '修改订单金额需填写原因',
    en: 'Changing the order amount needs a reason',
  },
  ORDER_PRICE_MISSING: {
    status: 422,
    zh: '设备 {robotId} 未设置价格，请先在广告屏价格中设置',
    en: 'Device {robotId} has no price; set it in Screen prices first',
  },
  ORDER_WEEKS_RANGE: { status: 400, zh: '周数应为1-104的整数', en: 'Weeks must be a whole number from 1 to 104' },
  ORDER_PLAN_NO_CUSTOMER: {
    status: 422,
    zh: '该计划未关联客户，不能下单',
    en: 'The plan has no customer; it cannot be ordered',
  },
  ORDER_CREDIT_NONE: { status: 422, zh: '该订单没有可补偿的差额', en: 'This order has no shortfall to credit' },
  ORDER_CREDIT_GRANTED: { status: 409, zh: '该订单已补偿', en: 'This order has already been credited' },
  ORDER_CREDIT_NOT_APPROVED: {
    status: 409,
    zh: '订单状态为“{stateZh}”：只有审核通过的订单才能补偿',
    en: 'The order is "{stateEn}": only an approved order can be credited',
  },
  ORDER_CREDIT_NOT_BEGUN: {
    status: 409,
    zh: '订单投放期 {begin} 才开始，开始前不能补偿',
    en: "The order's period begins on {begin}: it cannot be credited before then",
  },
  ORDER_CREDIT_TOO_LARGE: {
    status: 422,
    zh: '补偿金额不能超过建议金额',
    en: 'The credit cannot exceed the proposed credit',
  },
  MONTH_FORMAT: { status: 400, zh: '月份格式应为YYYY-MM', en: 'The month must be YYYY-MM' },
  BILL_NOT_VISIBLE: {
    status: 403,
    zh: '账单需要DIY权限',
    en: 'Bills need the DIY flag',
  },
  BRANCH_REGION_REQUIRED: { status: 400, zh: '请至少选择一个地区', en: 'Select at least one region' },
  BRANCH_ACCOUNT_TAKEN: { status: 409, zh: '该账号已是区域账号', en: 'This account is already a regional account' },
  DELETE_LINKED_REGIONAL: {
    status: 409,
    zh: '在线广告已关联区域账号，无法删除',
    en: 'Deleting an online ad is impossible while regional accounts are linked',
  },
  // ---- system administration (menus, clients, parameters) ----
  MENU_NOT_FOUND: { status: 404, zh: '菜单不存在：{id}', en: 'No such menu: {id}' },
  MENU_EXISTS: { status: 409, zh: '菜单已存在：{id}', en: 'The menu already exists: {id}' },
  MENU_PARENT_INVALID: {
    status: 400,
    zh: '上级菜单无效（不存在或是自身的下级）',
    en: 'Invalid parent menu (missing, or one of its own children)',
  },
  MENU_NAME_REQUIRED: { status: 400, zh: '请输入中文和英文菜单名称', en: 'Enter the menu name in Chinese and English' },
  MENU_PATH_REQUIRED: { status: 400, zh: '请输入菜单路径', en: 'Enter the menu path' },
  BUTTON_CODE_REQUIRED: { status: 400, zh: '请输入按钮权限编码', en: 'Enter the button permission code' },
  CLIENT_NOT_FOUND: { status: 404, zh: '客户端不存在', en: 'The client does not exist' },
  CLIENT_ID_EXISTS: { status: 409, zh: '客户端 ID 已存在', en: 'The client id already exists' },
  PARAM_NOT_FOUND: { status: 404, zh: '参数不存在', en: 'The parameter does not exist' },
  PARAM_KEY_EXISTS: { status: 409, zh: '参数键已存在', en: 'The parameter key already exists' },
  PARAM_BUILTIN: {
    status: 422,
    zh: '系统内置参数不能删除（可修改其值）',
    en: 'A built-in parameter cannot be removed (its value can be changed)',
  },
  PARAM_VALUE_INVALID: { status: 400, zh: '参数值无效：{reason}', en: 'Invalid parameter value: {reason}' },
  // ---- open platform (issue 19) ----
  OPEN_CLIENT_INVALID: { status: 401, zh: '客户端 ID 或密钥错误', en: 'Wrong client id or client secret' },
  OPEN_CLIENT_EXPIRED: {
    status: 401,
    zh: '该应用不在有效期内或已停用',
    en: 'The application is outside its validity period or disabled',
  },
  OPEN_SESSION_REVOKED: {
    status: 401,
    zh: '访问令牌已被撤销或已过期，请重新获取',
    en: 'The access token was revoked or has expired, please request a new one',
  },
  OPEN_INTERFACE_NOT_ALLOWED: {
    status: 403,
    zh: '该应用无权调用此接口：{key}',
    en: 'The application may not call this interface: {key}',
  },
  OPEN_IP_NOT_ALLOWED: {
    status: 403,
    zh: '该应用不允许从此地址调用：{ip}',
    en: 'The application may not call from this address: {ip}',
  },
  OPEN_BLACKLISTED: { status: 403, zh: '已被列入黑名单：{reason}', en: 'Blacklisted: {reason}' },
  OPEN_RATE_LIMITED: {
    status: 429,
    zh: '调用过于频繁（每分钟 {limit} 次），请 {seconds} 秒后再试',
    en: 'Too many calls ({limit} a minute), try again in {seconds} s',
  },
  OPEN_QUOTA_EXCEEDED: {
    status: 429,
    zh: '今日调用次数已用完（{quota} 次）',
    en: 'The daily quota of calls is used up ({quota})',
  },
  OPEN_BLACKLIST_SELF: {
    status: 422,
    zh: '不能将自己当前的地址列入黑名单：{ip}',
    en: 'You cannot blacklist your own address: {ip}',
  },
  OPEN_SECRET_ROTATED: {
    status: 401,
    zh: '签发此令牌的客户端密钥已轮换，请用新密钥重新获取令牌',
    en: 'The client secret this token was issued with has been rotated: request a new token with the new secret',
  },
  OPEN_GRANT_UNSUPPORTED: {
    status: 400,
    zh: '不支持的授权类型：{grant}（合作方请使用 client_credentials）',
    en: 'Unsupported grant type: {grant} (partners use client_credentials)',
  },
  OPEN_SCOPE_INVALID: {
    status: 400,
    zh: '申请的权限范围未授予该应用或不存在：{scope}',
    en: 'The requested scope is not granted to the application or does not exist: {scope}',
  },
  OPEN_TOKEN_REQUEST_INVALID: {
    status: 400,
    zh: '令牌请求无效：{reason}',
    en: 'Invalid token request: {reason}',
  },
  OPEN_CIDR_INVALID: { status: 400, zh: 'IP 地址或网段格式错误', en: 'Not an IP address or CIDR range' },
  OPEN_WEBHOOK_URL_INVALID: { status: 400, zh: '回调地址须为 http(s) 地址', en: 'The callback must be an http(s) URL' },
  PASSWORD_DEMO_REFUSED: {
    status: 400,
    zh: '这是公开的演示密码，生产环境不允许使用，请换一个密码',
    en: 'This is the published demo password, which a production server does not accept: choose another',
  },
  OPEN_WEBHOOK_DUPLICATE: {
    status: 409,
    zh: '该应用已有此回调地址的端点：{url}（请在该端点上增减事件）',
    en: 'The application already has an endpoint for {url} (add or remove events on that endpoint)',
  },
  OPEN_ACCOUNT_MISSING: { status: 422, zh: '所属账号不存在', en: 'The owning account does not exist' },
  // ---- outbound calls to addresses users set (issue 27): refused inside addresses ----
  OUTBOUND_LOOPBACK: {
    status: 400,
    zh: '地址 {host} 指向本机（回环地址），不允许（管理员可用服务器设置 WEBHOOK_ALLOWED_NETWORKS 放开指定网段）',
    en: 'The address {host} points at this machine (loopback), which is not allowed (an administrator may open chosen networks with the server setting WEBHOOK_ALLOWED_NETWORKS)',
  },
  OUTBOUND_PRIVATE: {
    status: 400,
    zh: '地址 {host} 指向内部网络（私有地址），不允许（管理员可用服务器设置 WEBHOOK_ALLOWED_NETWORKS 放开指定网段）',
    en: 'The address {host} points into a private network, which is not allowed (an administrator may open chosen networks with the server setting WEBHOOK_ALLOWED_NETWORKS)',
  },
  OUTBOUND_LINK_LOCAL: {
    status: 400,
    zh: '地址 {host} 是链路本地地址，不允许',
    en: 'The address {host} is link-local, which is not allowed',
  },
  OUTBOUND_METADATA: {
    status: 400,
    zh: '地址 {host} 指向云服务器元数据服务，不允许',
    en: 'The address {host} points at a cloud metadata service, which is not allowed',
  },
  OUTBOUND_MULTICAST: {
    status: 400,
    zh: '地址 {host} 是组播地址，不允许',
    en: 'The address {host} is a multicast address, which is not allowed',
  },
  OUTBOUND_RESERVED: {
    status: 400,
    zh: '地址 {host} 是未指定、广播或保留地址，不允许',
    en: 'The address {host} is an unspecified, broadcast or reserved address, which is not allowed',
  },
  OUTBOUND_UNRESOLVED: {
    status: 400,
    zh: '无法解析域名 {host}',
    en: 'The host name {host} does not resolve',
  },
  OUTBOUND_URL_INVALID: { status: 400, zh: '地址须为 http(s) 地址', en: 'The address must be an http(s) URL' },
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
