import type { Locale } from './locale.js';

export type LocalizedText = Readonly<Record<Locale, string>>;

// Every server message in the three languages. `{name}` placeholders are filled by formatMessage.
// Keys under `v.` are validation reasons used inside the 400 message.
export const MESSAGES = {
  ok: { 'zh-TW': '操作成功', 'zh-CN': '操作成功', 'en-US': 'Success' },
  dataReadOk: { 'zh-TW': '資料讀取成功', 'zh-CN': '数据读取成功', 'en-US': 'Data read successfully' },
  // A refusal of what was typed or picked: what is wrong and what to do, then the code and the field at fault in
  // brackets, which the web app shows as a small details line for support (issue 36).
  badRequest: {
    'zh-TW': '{detail}。請檢查後再試一次。[400 · {field}]',
    'zh-CN': '{detail}。请检查后再试一次。[400 · {field}]',
    'en-US': '{detail}. Check it and try again. [400 · {field}]',
  },
  missingParameter: {
    'zh-TW': '缺少參數，請求失敗！',
    'zh-CN': '缺少参数，请求失败！',
    'en-US': 'Missing parameter, request failed!',
  },
  sessionExpired: {
    'zh-TW': '您的登入已過期或已在其他地方登入，請重新登入',
    'zh-CN': '您的登录已过期或已在其他地方登录，请重新登录',
    'en-US': 'Your login has expired or logged in elsewhere, please log in again',
  },
  passwordIncorrect: { 'zh-TW': '密碼錯誤', 'zh-CN': '密码错误', 'en-US': 'Incorrect password' },
  forbidden: {
    'zh-TW': '您的網路不給力 [403]（無此操作權限）',
    'zh-CN': '您的网络不给力 [403]（无此操作权限）',
    'en-US': 'Your network is not working [403] (no permission for this action)',
  },
  notFound: {
    'zh-TW': '請求的資源不存在 [404]',
    'zh-CN': '请求的资源不存在 [404]',
    'en-US': 'The requested resource does not exist [404]',
  },
  recordNotFound: {
    'zh-TW': '資料不存在或已被刪除',
    'zh-CN': '数据不存在或已被删除',
    'en-US': 'The record does not exist or has been deleted',
  },
  networkNotWorking: {
    'zh-TW': '您的網路不給力 [9000]',
    'zh-CN': '您的网络不给力 [9000]',
    'en-US': 'Your network is not working [9000]',
  },
  storageUnavailable: {
    'zh-TW': '檔案儲存暫時無法連線，這次操作沒有生效，請稍後再試',
    'zh-CN': '文件存储暂时无法连接，本次操作没有生效，请稍后再试',
    'en-US': 'The file store cannot be reached just now, so nothing was done. Try again in a moment.',
  },
  networkUnstable: {
    'zh-TW': '您的網路不穩定，請稍後再試 [509]',
    'zh-CN': '您的网络不稳定，请稍后再试 [509]',
    'en-US': 'Your network is unstable, please try again later [509]',
  },
  // Spec section 8: the AI assistant's "current network is unstable", with its code.
  assistantUnstable: {
    'zh-TW': '當前網路不穩定，請稍後再試 [7800]',
    'zh-CN': '当前网络不稳定，请稍后再试 [7800]',
    'en-US': 'The current network is unstable, please try again later [7800]',
  },
  assistantTooMany: {
    'zh-TW': '提問太頻繁：每分鐘最多 {max} 個問題，請稍後再試 [7801]',
    'zh-CN': '提问太频繁：每分钟最多 {max} 个问题，请稍后再试 [7801]',
    'en-US': 'Too many questions: at most {max} a minute, please try again shortly [7801]',
  },
  internalError: {
    'zh-TW': '伺服器發生錯誤，請稍後再試 [500]',
    'zh-CN': '服务器发生错误，请稍后再试 [500]',
    'en-US': 'Server error, please try again later [500]',
  },
  invalidClient: {
    'zh-TW': '無法識別的用戶端（appId 或 sign 無效）[9001]',
    'zh-CN': '无法识别的客户端（appId 或 sign 无效）[9001]',
    'en-US': 'Unrecognised client (appId or sign is invalid) [9001]',
  },
  userNotExist: { 'zh-TW': '用戶不存在', 'zh-CN': '用户不存在', 'en-US': 'User does not exist' },
  captchaError: { 'zh-TW': '驗證碼錯誤', 'zh-CN': '验证码错误', 'en-US': 'Verification code error' },
  captchaExpired: {
    'zh-TW': '驗證碼無效或已過期',
    'zh-CN': '验证码无效或已过期',
    'en-US': 'Verification code invalid or expired',
  },
  codeMismatch: {
    'zh-TW': '驗證碼不存在或不匹配',
    'zh-CN': '验证码不存在或不匹配',
    'en-US': 'Verification code does not exist or does not match',
  },
  resendTooSoon: {
    'zh-TW': '60 秒內不能重複發送',
    'zh-CN': '60 秒内不能重复发送',
    'en-US': 'Cannot be sent again within 60 seconds',
  },
  notAdmin: {
    'zh-TW': '您不是管理員，無法登入',
    'zh-CN': '您不是管理员，无法登录',
    'en-US': 'You are not an administrator and cannot log in',
  },
  accountInactive: {
    'zh-TW': '此帳號已停用，請聯絡管理員',
    'zh-CN': '此账号已停用，请联系管理员',
    'en-US': 'This account is inactive. Please contact the administrator',
  },
  twoFactorRequired: {
    'zh-TW': '請輸入驗證器 App 顯示的 6 位數驗證碼',
    'zh-CN': '请输入验证器 App 显示的 6 位数验证码',
    'en-US': 'Enter the 6-digit code from your authenticator app',
  },
  twoFactorInvalid: {
    'zh-TW': '驗證碼錯誤或已使用過',
    'zh-CN': '验证码错误或已使用过',
    'en-US': 'The code is wrong or has already been used',
  },
  twoFactorSetupRequired: {
    'zh-TW': '您的角色必須使用兩步驟登入，請先在個人資料頁完成設定',
    'zh-CN': '您的角色必须使用两步验证登录，请先在个人资料页完成设置',
    'en-US': 'Your role requires two-factor sign-in: set it up on your profile page first',
  },
  twoFactorExpired: {
    'zh-TW': '登入步驟已逾時，請重新登入',
    'zh-CN': '登录步骤已超时，请重新登录',
    'en-US': 'The sign-in step has expired, please sign in again',
  },
  twoFactorAlreadyOn: {
    'zh-TW': '兩步驟登入已啟用',
    'zh-CN': '两步验证登录已启用',
    'en-US': 'Two-factor sign-in is already on',
  },
  twoFactorNotPending: {
    'zh-TW': '請先開始設定兩步驟登入',
    'zh-CN': '请先开始设置两步验证登录',
    'en-US': 'Start the two-factor set-up first',
  },
  twoFactorRequiredByRole: {
    'zh-TW': '您的角色必須使用兩步驟登入，無法關閉',
    'zh-CN': '您的角色必须使用两步验证登录，无法关闭',
    'en-US': 'Your role requires two-factor sign-in: it cannot be turned off',
  },
  accountLocked: {
    'zh-TW': '登入失敗次數過多，帳號已鎖定，請 {minutes} 分鐘後再試',
    'zh-CN': '登录失败次数过多，账号已锁定，请 {minutes} 分钟后再试',
    'en-US': 'Too many failed sign-ins: this account is locked, try again in {minutes} minutes',
  },
  tooManyCaptchas: {
    'zh-TW': '您的網路位址索取驗證碼過於頻繁，請 {minutes} 分鐘後再試',
    'zh-CN': '您的网络地址获取验证码过于频繁，请 {minutes} 分钟后再试',
    'en-US': 'Too many verification codes requested from your address, try again in {minutes} minute(s)',
  },
  tooManyPasswordAttempts: {
    'zh-TW': '目前密碼錯誤次數過多，請 {minutes} 分鐘後再試',
    'zh-CN': '当前密码错误次数过多，请 {minutes} 分钟后再试',
    'en-US': 'Too many wrong current passwords, try again in {minutes} minutes',
  },
  // Wrong forgotten-password codes for one address across its codes (decision 341).
  tooManyResetCodes: {
    'zh-TW': '此電子郵件地址的驗證碼錯誤次數過多，已暫停重設密碼，請 {hours} 小時後再試',
    'zh-CN': '此邮箱地址的验证码错误次数过多，已暂停重置密码，请 {hours} 小时后再试',
    'en-US': 'Too many wrong codes for this e-mail address: password reset is paused, try again in {hours} hour(s)',
  },
  // The picture captcha's codes e-mailed to one address in a day (decision 369).
  tooManyCaptchaMails: {
    'zh-TW': '今天寄到此電子郵件地址的驗證碼已達上限，請 {hours} 小時後再試，或輸入圖片上的驗證碼',
    'zh-CN': '今天发送到此邮箱地址的验证码已达上限，请 {hours} 小时后再试，或输入图片上的验证码',
    'en-US':
      'Too many codes were e-mailed to this address today: try again in {hours} hour(s), or type the picture’s code',
  },
  tooManyBindCodes: {
    'zh-TW': '驗證碼錯誤次數過多，已暫停此項綁定變更，請 {hours} 小時後再試',
    'zh-CN': '验证码错误次数过多，已暂停此项绑定变更，请 {hours} 小时后再试',
    'en-US': 'Too many wrong codes: this binding change is paused, try again in {hours} hour(s)',
  },
  tooManyAttempts: {
    'zh-TW': '您的網路位址嘗試登入次數過多，請 {minutes} 分鐘後再試',
    'zh-CN': '您的网络地址尝试登录次数过多，请 {minutes} 分钟后再试',
    'en-US': 'Too many sign-in attempts from your address, try again in {minutes} minutes',
  },
  emailExists: { 'zh-TW': '此電子郵件已存在', 'zh-CN': '此邮箱已存在', 'en-US': 'This email already exists' },
  mobileExists: {
    'zh-TW': '此電話號碼已存在',
    'zh-CN': '此电话号码已存在',
    'en-US': 'This phone number already exists',
  },
  memberSelfProtected: {
    'zh-TW': '不能停用或刪除自己的帳號',
    'zh-CN': '不能停用或删除自己的账号',
    'en-US': 'You cannot deactivate or remove your own account',
  },
  lastActiveAdmin: {
    'zh-TW': '這是最後一位啟用中的管理員，不能停用、刪除或移除其管理員角色',
    'zh-CN': '这是最后一位启用中的管理员，不能停用、删除或移除其管理员角色',
    'en-US': 'This is the last active administrator: it cannot be deactivated, removed or lose the administrator role',
  },
  projectMemberExists: {
    'zh-TW': '此員工已在專案中',
    'zh-CN': '此员工已在项目中',
    'en-US': 'This staff member is already in the project',
  },
  projectLastManager: {
    'zh-TW': '專案至少需要一位負責人',
    'zh-CN': '项目至少需要一位负责人',
    'en-US': 'A project needs at least one manager',
  },
  taskStatusChange: {
    'zh-TW': '任務無法從目前狀態改為此狀態',
    'zh-CN': '任务无法从当前状态改为此状态',
    'en-US': 'The task cannot move from its current status to this one',
  },
  kpiTypeInUse: {
    'zh-TW': '仍有任務或貢獻紀錄使用此 KPI 類型，請改為停用',
    'zh-CN': '仍有任务或贡献记录使用此 KPI 类型，请改为停用',
    'en-US': 'Tasks or contribution records still use this KPI type; disable it instead',
  },
  kpiTypeExists: {
    'zh-TW': '此 KPI 類型名稱已存在',
    'zh-CN': '此 KPI 类型名称已存在',
    'en-US': 'A KPI type with this name already exists',
  },
  shareRatioExceeded: {
    'zh-TW': '固定分成比例超過 100%',
    'zh-CN': '固定分成比例超过 100%',
    'en-US': 'Fixed share ratios exceed 100%',
  },
  roleExists: { 'zh-TW': '此角色已存在', 'zh-CN': '此角色已存在', 'en-US': 'This role already exists' },
  configExists: {
    'zh-TW': '此平台已有相同鍵名的參數：{key}（{platform}）',
    'zh-CN': '此平台已有相同键名的参数：{key}（{platform}）',
    'en-US': 'A config with key {key} already exists for platform {platform}',
  },
  dictExists: {
    'zh-TW': '字典類型 {type} 中已有資料值 {value}',
    'zh-CN': '字典类型 {type} 中已有数据值 {value}',
    'en-US': 'Dictionary type {type} already has the value {value}',
  },
  tagExists: {
    'zh-TW': '此標籤已存在：類型 {type} 中已有標籤鍵值「{value}」',
    'zh-CN': '此标签已存在：类型 {type} 中已有标签键值“{value}”',
    'en-US': 'This tag already exists: type {type} already has the tag key "{value}"',
  },
  tagLabelExists: {
    'zh-TW': '此標籤已存在：類型 {type} 中已有中文標籤「{label}」',
    'zh-CN': '此标签已存在：类型 {type} 中已有中文标签“{label}”',
    'en-US': 'This tag already exists: type {type} already has the Chinese tag "{label}"',
  },
  labelExists: {
    'zh-TW': '此標記已存在：{name}',
    'zh-CN': '此标记已存在：{name}',
    'en-US': 'This label already exists: {name}',
  },
  builtinRoleRemove: {
    'zh-TW': '內建的管理員角色不能刪除',
    'zh-CN': '内置的管理员角色不能删除',
    'en-US': 'The built-in administrator role cannot be deleted',
  },
  builtinRoleRename: {
    'zh-TW': '內建的管理員角色不能改名',
    'zh-CN': '内置的管理员角色不能改名',
    'en-US': 'The built-in administrator role cannot be renamed',
  },
  builtinRolePerms: {
    'zh-TW': '內建的管理員角色必須保留管理角色的權限：{perms}',
    'zh-CN': '内置的管理员角色必须保留管理角色的权限：{perms}',
    'en-US': 'The built-in administrator role must keep the permissions that manage roles: {perms}',
  },
  grantBeyondOwn: {
    'zh-TW': '無此操作權限 [403]：不能授予自己沒有的權限（{perms}）',
    'zh-CN': '无此操作权限 [403]：不能授予自己没有的权限（{perms}）',
    'en-US': 'Not allowed [403]: you cannot grant permissions you do not hold yourself ({perms})',
  },
  changeBeyondOwn: {
    'zh-TW': '無此操作權限 [403]：不能更改或刪除自己沒有的權限（{perms}）',
    'zh-CN': '无此操作权限 [403]：不能更改或删除自己没有的权限（{perms}）',
    'en-US': 'Not allowed [403]: you cannot change or delete permissions you do not hold yourself ({perms})',
  },
  manageBeyondOwn: {
    'zh-TW': '無此操作權限 [403]：此帳號擁有您沒有的權限（{perms}），只能由權限更高的人員管理',
    'zh-CN': '无此操作权限 [403]：此账号拥有您没有的权限（{perms}），只能由权限更高的人员管理',
    'en-US':
      'Not allowed [403]: this account holds permissions you lack ({perms}); only someone holding them can manage it',
  },
  lastAdmin: {
    'zh-TW': '此成員是最後一位系統管理員，不能移除其管理員角色',
    'zh-CN': '此成员是最后一位系统管理员，不能移除其管理员角色',
    'en-US': 'This member is the last administrator: the administrator role cannot be taken away',
  },
  protectedMenu: {
    'zh-TW': '此項目是管理角色所需的權限，不能刪除或更改權限標識',
    'zh-CN': '此项目是管理角色所需的权限，不能删除或更改权限标识',
    'en-US': 'This item is needed to manage roles: it cannot be deleted and its identifier cannot change',
  },
  roleInUse: {
    'zh-TW': '仍有 {count} 位成員擁有此角色，請先移除他們的此角色再刪除',
    'zh-CN': '仍有 {count} 位成员拥有此角色，请先移除他们的此角色再删除',
    'en-US': '{count} member(s) still hold this role: remove it from them before deleting it',
  },
  memberNeedsRole: {
    'zh-TW': '成員至少需要保留一個角色',
    'zh-CN': '成员至少需要保留一个角色',
    'en-US': 'A member must keep at least one role',
  },
  menuHasChildren: {
    'zh-TW': '此選單仍有子項目，不能刪除',
    'zh-CN': '此菜单仍有子项目，不能删除',
    'en-US': 'This menu still has child items and cannot be deleted',
  },
  menuParentInvalid: {
    'zh-TW': '上層選單不存在、是功能按鈕，或是此項目自身的下層',
    'zh-CN': '上级菜单不存在、是功能按钮，或是此项目自身的下级',
    'en-US': 'The parent does not exist, is a function button, or lies under this item',
  },
  permExists: {
    'zh-TW': '此權限標識已存在',
    'zh-CN': '此权限标识已存在',
    'en-US': 'This permission identifier already exists',
  },
  fileReadError: { 'zh-TW': '檔案讀取錯誤', 'zh-CN': '文件读取错误', 'en-US': 'File read error' },
  fileTypeError: {
    'zh-TW': '檔案類型錯誤：{file}',
    'zh-CN': '文件类型错误：{file}',
    'en-US': 'File type error: {file}',
  },
  fileFormatError: { 'zh-TW': '檔案格式錯誤', 'zh-CN': '文件格式错误', 'en-US': 'File format error' },
  saveFailed: { 'zh-TW': '儲存失敗', 'zh-CN': '保存失败', 'en-US': 'Save Failed' },
  versionConflict: {
    'zh-TW': '此資料已被他人修改，請重新載入後再儲存',
    'zh-CN': '此数据已被他人修改，请重新加载后再保存',
    'en-US': 'Someone else has changed this record; reload it before saving',
  },

  // Validation reasons, used as {detail} of badRequest: "<field> <reason>".
  'v.samePassword': {
    'zh-TW': '{field} 不可與目前密碼相同',
    'zh-CN': '{field} 不能与当前密码相同',
    'en-US': '{field} must differ from the current password',
  },
  'v.ownPassword': {
    'zh-TW': '{field} 是您自己的帳號：請用使用者選單中的「修改密碼」並輸入目前密碼',
    'zh-CN': '{field} 是您自己的账号：请用用户菜单中的“修改密码”并输入当前密码',
    'en-US': '{field} is your own account: use "Change password" in your user menu, with your current password',
  },
  'v.ownContact': {
    'zh-TW':
      '{field} 是您自己的帳號：電子郵件與手機請到「個人中心 › 帳號綁定」更改並以驗證碼確認；登入名稱請由其他管理員更改',
    'zh-CN': '{field} 是您自己的账号：邮箱与手机请到“个人中心 › 账号绑定”更改并以验证码确认；登录名请由其他管理员更改',
    'en-US':
      '{field} is your own account: change your e-mail or mobile under "User centre › Account binding", where a code confirms it; another administrator changes your login name',
  },
  'v.ownTwoFactor': {
    'zh-TW': '{field} 是您自己的帳號：請到「個人中心 › 個人資料」的「兩步驟登入」關閉，並輸入密碼與驗證碼',
    'zh-CN': '{field} 是您自己的账号：请到“个人中心 › 个人资料”的“两步验证登录”关闭，并输入密码与验证码',
    'en-US':
      '{field} is your own account: turn two-factor sign-in off under "User centre › Profile", with your password and a code',
  },
  'v.twoFactorRoleName': {
    'zh-TW': '{field} 不能更改：設定 TWO_FACTOR_ROLES 以此名稱要求此角色使用兩步驟登入',
    'zh-CN': '{field} 不能更改：配置 TWO_FACTOR_ROLES 以此名称要求此角色使用两步验证登录',
    'en-US': '{field} cannot change: the TWO_FACTOR_ROLES setting requires two-factor sign-in of this role by its name',
  },
  'v.required': { 'zh-TW': '{field} 為必填', 'zh-CN': '{field} 为必填', 'en-US': '{field} is required' },
  'v.type': {
    'zh-TW': '{field} 格式不正確（應為{expected}）',
    'zh-CN': '{field} 格式不正确（应为{expected}）',
    'en-US': '{field} has the wrong type (expected {expected})',
  },
  'v.tooLong': {
    'zh-TW': '{field} 長度不能超過 {max}',
    'zh-CN': '{field} 长度不能超过 {max}',
    'en-US': '{field} must be at most {max} characters',
  },
  'v.filledTooLong': {
    'zh-TW': '{field} 填入申請資料後超過 {max} 個字元',
    'zh-CN': '{field} 填入申请资料后超过 {max} 个字符',
    'en-US': "{field} is longer than {max} characters once the application's details are filled in",
  },
  'v.tooShort': {
    'zh-TW': '{field} 長度不能少於 {min}',
    'zh-CN': '{field} 长度不能少于 {min}',
    'en-US': '{field} must be at least {min} characters',
  },
  'v.tooBig': {
    'zh-TW': '{field} 不能大於 {max}',
    'zh-CN': '{field} 不能大于 {max}',
    'en-US': '{field} must be at most {max}',
  },
  'v.tooSmall': {
    'zh-TW': '{field} 不能小於 {min}',
    'zh-CN': '{field} 不能小于 {min}',
    'en-US': '{field} must be at least {min}',
  },
  'v.enum': {
    'zh-TW': '{field} 必須是下列之一：{values}',
    'zh-CN': '{field} 必须是下列之一：{values}',
    'en-US': '{field} must be one of: {values}',
  },
  'v.oneFile': {
    'zh-TW': '{field}：每次只能上傳一個檔案（欄位 file）',
    'zh-CN': '{field}：每次只能上传一个文件（字段 file）',
    'en-US': '{field}: send exactly one file, in the field file',
  },
  'v.nul': {
    'zh-TW': '{field} 含有不允許的控制字元（NUL）',
    'zh-CN': '{field} 含有不允许的控制字符（NUL）',
    'en-US': '{field} contains a character that is not allowed (NUL)',
  },
  'v.format': { 'zh-TW': '{field} 格式不正確', 'zh-CN': '{field} 格式不正确', 'en-US': '{field} is not valid' },
  'v.email': {
    'zh-TW': '{field} 的格式不是電子郵件地址（例如 name@example.com）',
    'zh-CN': '{field} 的格式不是邮箱地址（例如 name@example.com）',
    'en-US': '{field} does not look like an e-mail address (e.g. name@example.com)',
  },
  'v.passwordLength': {
    'zh-TW': '{field} 長度須為 8 到 20 個字元',
    'zh-CN': '{field} 长度须为 8 到 20 个字符',
    'en-US': '{field} must be 8 to 20 characters',
  },
  'v.mobile': {
    'zh-TW': '{field} 不是此地區的有效手機號碼',
    'zh-CN': '{field} 不是此地区的有效手机号码',
    'en-US': '{field} is not a valid mobile number for its region',
  },
  'v.roleRequired': {
    'zh-TW': '{field}：員工至少需要一個角色',
    'zh-CN': '{field}：员工至少需要一个角色',
    'en-US': '{field}: a staff member needs at least one role',
  },
  'v.roleUnknown': {
    'zh-TW': '{field} 包含不存在的角色',
    'zh-CN': '{field} 包含不存在的角色',
    'en-US': '{field} contains a role that does not exist',
  },
  'v.taken': {
    'zh-TW': '{field} 已被使用',
    'zh-CN': '{field} 已被使用',
    'en-US': '{field} is already in use',
  },
  'v.roleName': {
    'zh-TW': '{field} 必須以 ROLE_ 開頭',
    'zh-CN': '{field} 必须以 ROLE_ 开头',
    'en-US': '{field} must start with ROLE_',
  },
  'v.unknownId': {
    'zh-TW': '{field} 含有不存在的項目',
    'zh-CN': '{field} 含有不存在的项目',
    'en-US': '{field} contains an item that does not exist',
  },
  'v.body': {
    'zh-TW': '請求內容無法解析',
    'zh-CN': '请求内容无法解析',
    'en-US': 'What was sent could not be read',
  },
  'v.fileTooLarge': {
    'zh-TW': '{field} 檔案過大（上限 {max}）',
    'zh-CN': '{field} 文件过大（上限 {max}）',
    'en-US': '{field} is too large (limit {max})',
  },
  'v.assignee': {
    'zh-TW': '{field} 須為此專案的成員',
    'zh-CN': '{field} 须为此项目的成员',
    'en-US': '{field} must be a member of the project',
  },
  'v.kpiType': {
    'zh-TW': '{field} 須為啟用中的 KPI 類型',
    'zh-CN': '{field} 须为启用中的 KPI 类型',
    'en-US': '{field} must be an enabled KPI type',
  },
  'v.share': {
    'zh-TW': '{field} 須為 0 至 100 的百分比，最多兩位小數',
    'zh-CN': '{field} 须为 0 至 100 的百分比，最多两位小数',
    'en-US': '{field} must be a percentage from 0 to 100 with at most two decimals',
  },
  'v.date': {
    'zh-TW': '{field} 不是有效的日期（YYYY-MM-DD）',
    'zh-CN': '{field} 不是有效的日期（YYYY-MM-DD）',
    'en-US': '{field} is not a valid date (YYYY-MM-DD)',
  },
  'v.dateOrder': {
    'zh-TW': '{field} 不能早於開始日期',
    'zh-CN': '{field} 不能早于开始日期',
    'en-US': '{field} must not be before the start date',
  },
  'v.issueBeforeExpiry': {
    'zh-TW': '{field} 必須晚於簽發日期',
    'zh-CN': '{field} 必须晚于签发日期',
    'en-US': '{field} must be after the issue date',
  },
  'v.contactRequired': {
    'zh-TW': '{field}：電子郵件或手機至少填寫一項',
    'zh-CN': '{field}：邮箱或手机至少填写一项',
    'en-US': '{field}: an e-mail or a mobile number is required',
  },
  'v.phoneRegion': {
    'zh-TW': '{field}：請選擇電話的國家／地區區號',
    'zh-CN': '{field}：请选择电话的国家／地区区号',
    'en-US': '{field}: choose the region (country code) of the phone number',
  },
  'v.phone': {
    'zh-TW': '{field} 不是正確的電話號碼',
    'zh-CN': '{field} 不是正确的电话号码',
    'en-US': '{field} is not a correct phone number',
  },
  'v.url': {
    'zh-TW': '{field} 不是有效的網址（http/https）',
    'zh-CN': '{field} 不是有效的网址（http/https）',
    'en-US': '{field} is not a valid http(s) link',
  },
  'v.ucasLimit': {
    'zh-TW': '{field}：同一招生週期最多 5 個 UCAS 志願',
    'zh-CN': '{field}：同一招生周期最多 5 个 UCAS 志愿',
    'en-US': '{field}: at most 5 UCAS choices per admissions cycle',
  },
  'v.oxbridge': {
    'zh-TW': '{field}：同一招生週期不能同時申請牛津大學與劍橋大學',
    'zh-CN': '{field}：同一招生周期不能同时申请牛津大学与剑桥大学',
    'en-US': '{field}: Oxford and Cambridge cannot both be chosen in one admissions cycle',
  },
  'v.medicalLimit': {
    'zh-TW': '{field}：同一招生週期最多 4 個醫學、牙醫或獸醫志願',
    'zh-CN': '{field}：同一招生周期最多 4 个医学、牙医或兽医志愿',
    'en-US': '{field}: at most 4 choices in medicine, dentistry or veterinary per admissions cycle',
  },
  'v.firmOnce': {
    'zh-TW': '{field}：同一招生週期只能有一個首選（Firm）',
    'zh-CN': '{field}：同一招生周期只能有一个首选（Firm）',
    'en-US': '{field}: only one choice per admissions cycle can be the firm choice',
  },
  'v.insuranceOnce': {
    'zh-TW': '{field}：同一招生週期只能有一個備選（Insurance）',
    'zh-CN': '{field}：同一招生周期只能有一个备选（Insurance）',
    'en-US': '{field}: only one choice per admissions cycle can be the insurance choice',
  },
  'v.replyNeedsOffer': {
    'zh-TW': '{field}：首選或備選須為已錄取的志願',
    'zh-CN': '{field}：首选或备选须为已录取的志愿',
    'en-US': '{field}: firm or insurance needs an offer',
  },
  'v.cycle': {
    'zh-TW': '{field} 不是已設定的招生週期',
    'zh-CN': '{field} 不是已设置的招生周期',
    'en-US': '{field} is not a configured admissions cycle',
  },
  'v.deadlineOrder': {
    'zh-TW': '{field}：須依序為提前、平等考量、最終截止日',
    'zh-CN': '{field}：须依次为提前、平等考量、最终截止日',
    'en-US': '{field}: deadlines go early, equal consideration, final',
  },
  'v.casNumber': {
    'zh-TW': '{field} 須為 14 個英文大寫字母或數字',
    'zh-CN': '{field} 须为 14 个英文大写字母或数字',
    'en-US': '{field} must be 14 capital letters or digits',
  },
  'v.fundsDays': {
    'zh-TW': '{field}：資金須連續持有至少 28 天',
    'zh-CN': '{field}：资金须连续持有至少 28 天',
    'en-US': '{field}: the funds must be held for at least 28 consecutive days',
  },
  'v.fundsWindow': {
    'zh-TW': '{field}：28 天資金期間的最後一天須在簽證申請日前 31 天內',
    'zh-CN': '{field}：28 天资金期间的最后一天须在签证申请日前 31 天内',
    'en-US': '{field}: the 28-day funds period must end within 31 days before the visa application',
  },
  'v.casExpired': {
    'zh-TW': '{field}：簽證申請日須在 CAS 簽發後六個月內',
    'zh-CN': '{field}：签证申请日须在 CAS 签发后六个月内',
    'en-US': '{field}: the visa application must be within six months of the CAS being issued',
  },
  'v.time': {
    'zh-TW': '{field} 不是有效的時間（HH:MM）',
    'zh-CN': '{field} 不是有效的时间（HH:MM）',
    'en-US': '{field} is not a valid time (HH:MM)',
  },
  'w.earlyDeadline': {
    'zh-TW': '第 {n} 志願 {school}：{date} 晚於提前截止日 {deadline}',
    'zh-CN': '第 {n} 志愿 {school}：{date} 晚于提前截止日 {deadline}',
    'en-US': 'Choice {n} {school}: {date} is after the early deadline {deadline}',
  },
  'w.lateApplication': {
    'zh-TW': '第 {n} 志願 {school}：{date} 晚於平等考量截止日 {deadline}（遲交）',
    'zh-CN': '第 {n} 志愿 {school}：{date} 晚于平等考量截止日 {deadline}（迟交）',
    'en-US': 'Choice {n} {school}: {date} is after the equal-consideration deadline {deadline} (late)',
  },
  'w.clearing': {
    'zh-TW': '第 {n} 志願 {school}：{date} 晚於最終截止日 {deadline}，只能經 Clearing',
    'zh-CN': '第 {n} 志愿 {school}：{date} 晚于最终截止日 {deadline}，只能经 Clearing',
    'en-US': 'Choice {n} {school}: {date} is after the final deadline {deadline}: Clearing only',
  },
  'v.scoreIELTS': {
    'zh-TW': '{field}：IELTS 分項須為 0–9 的半分級距',
    'zh-CN': '{field}：IELTS 单项须为 0–9 的半分级距',
    'en-US': '{field}: IELTS bands are 0–9 in steps of 0.5',
  },
  'v.scoreIELTSTotal': {
    'zh-TW': '{field}：IELTS 總分須為 0–9 的半分級距',
    'zh-CN': '{field}：IELTS 总分须为 0–9 的半分级距',
    'en-US': '{field}: the IELTS overall band is 0–9 in steps of 0.5',
  },
  'v.ieltsTotal': {
    'zh-TW': '{field}：IELTS 總分與四個分項的平均不符',
    'zh-CN': '{field}：IELTS 总分与四个单项的平均不符',
    'en-US': '{field}: the IELTS overall band does not match the four parts',
  },
  'v.scoreTOEFL': {
    'zh-TW': '{field}：TOEFL 分項須為 0–30 的整數',
    'zh-CN': '{field}：TOEFL 单项须为 0–30 的整数',
    'en-US': '{field}: TOEFL section scores are whole numbers 0–30',
  },
  'v.scoreTOEFLTotal': {
    'zh-TW': '{field}：TOEFL 總分須為 0–120 的整數',
    'zh-CN': '{field}：TOEFL 总分须为 0–120 的整数',
    'en-US': '{field}: the TOEFL total is a whole number 0–120',
  },
  'v.scorePTE': {
    'zh-TW': '{field}：PTE 分項須為 10–90 的整數',
    'zh-CN': '{field}：PTE 单项须为 10–90 的整数',
    'en-US': '{field}: PTE scores are whole numbers 10–90',
  },
  'v.scorePTETotal': {
    'zh-TW': '{field}：PTE 總分須為 10–90 的整數',
    'zh-CN': '{field}：PTE 总分须为 10–90 的整数',
    'en-US': '{field}: the PTE overall score is a whole number 10–90',
  },
  'v.scoreOther': {
    'zh-TW': '{field}：分數須為 0 到 1000，最多兩位小數',
    'zh-CN': '{field}：分数须为 0 到 1000，最多两位小数',
    'en-US': '{field}: scores are 0 to 1000, with at most two decimals',
  },
  'v.dictValue': {
    'zh-TW': '{field} 不是字典「{type}」中已啟用的選項：{value}',
    'zh-CN': '{field} 不是字典「{type}」中已启用的选项：{value}',
    'en-US': '{field} is not an enabled option of dictionary {type}: {value}',
  },
  'v.fileType': {
    'zh-TW': '{field} 檔案類型不允許（僅限 PDF、圖片、Word、Excel）',
    'zh-CN': '{field} 文件类型不允许（仅限 PDF、图片、Word、Excel）',
    'en-US': '{field} has a file type that is not allowed (PDF, images, Word, Excel only)',
  },
  // An upload whose bytes are not an allowed type whatever its name says (e.g. an .exe renamed .pdf).
  'v.fileContent': {
    'zh-TW': '{file}：檔案內容與允許的類型不符（僅限 PDF、圖片、Word、Excel）',
    'zh-CN': '{file}：文件内容与允许的类型不符（仅限 PDF、图片、Word、Excel）',
    'en-US': '{file}: the content does not match an allowed file type (PDF, images, Word, Excel only)',
  },
  'v.erasureOpenApplication': {
    'zh-TW': '{field}：此人仍有進行中的申請（編號 {ids}），結案後才能清除個人資料',
    'zh-CN': '{field}：此人仍有进行中的申请（编号 {ids}），结案后才能清除个人资料',
    'en-US': '{field}: this person holds an open application (no. {ids}); close it before erasing their data',
  },
  'v.erasureUnconfirmedPayment': {
    'zh-TW': '{field}：此人仍有未確認的付款（編號 {ids}），確認或作廢後才能清除個人資料',
    'zh-CN': '{field}：此人仍有未确认的付款（编号 {ids}），确认或作废后才能清除个人资料',
    'en-US':
      '{field}: this person has an unconfirmed payment (no. {ids}); confirm or void it before erasing their data',
  },
  'v.retentionDays': {
    'zh-TW': '{field} 須為 {min} 到 {max} 之間的整數',
    'zh-CN': '{field} 须为 {min} 到 {max} 之间的整数',
    'en-US': '{field} must be a whole number from {min} to {max}',
  },
  'v.staff': {
    'zh-TW': '{field} 不是在職的員工',
    'zh-CN': '{field} 不是在职的员工',
    'en-US': '{field} is not an active staff member',
  },
  // An application holds at most FOLLOW_UPS_MAX follow-up items (its list is answered whole).
  'v.followUpsMax': {
    'zh-TW': '{field}：一個申請最多 {max} 個跟進項目',
    'zh-CN': '{field}：一个申请最多 {max} 个跟进项目',
    'en-US': '{field}: an application holds at most {max} follow-up items',
  },
  'v.student': {
    'zh-TW': '{field} 不是學生帳號',
    'zh-CN': '{field} 不是学生账号',
    'en-US': '{field} is not a student account',
  },
  // An export named for a data request answers only that person's open access request.
  'v.openAccessRequest': {
    'zh-TW': '{field} 不是此人尚未完成的查閱請求',
    'zh-CN': '{field} 不是此人尚未完成的查阅请求',
    'en-US': '{field} is not an open access request of this person',
  },
  'w.passportExpiresSoon': {
    'zh-TW': '護照將於 {expiry} 到期，距最早的目標學校申請日期 {date} 不足 6 個月',
    'zh-CN': '护照将于 {expiry} 到期，距最早的目标学校申请日期 {date} 不足 6 个月',
    'en-US': 'The passport expires on {expiry}, less than 6 months after the earliest target-school date {date}',
  },
  'v.templateType': {
    'zh-TW': '{field}：範本類型不能為空',
    'zh-CN': '{field}：模板类型不能为空',
    'en-US': '{field}: Template type cannot be empty',
  },
  'v.recipientsMax': {
    'zh-TW': '{field}：收件人最多 100 位',
    'zh-CN': '{field}：收件人最多 100 位',
    'en-US': '{field}: at most 100 recipients',
  },
  'v.attachmentsMax': {
    'zh-TW': '{field}：附件最多 10 個',
    'zh-CN': '{field}：附件最多 10 个',
    'en-US': '{field}: at most 10 attachments',
  },
  'v.frameHost': {
    'zh-TW': '{field}：此網址的主機不在允許清單中，或為內部位址',
    'zh-CN': '{field}：此网址的主机不在允许列表中，或为内部地址',
    'en-US': '{field}: the host is not allowed or is a private address',
  },
  'v.frameFetch': {
    'zh-TW': '{field}：無法取得 HTML 框架',
    'zh-CN': '{field}：无法获取 HTML 框架',
    'en-US': '{field}: the HTML frame could not be fetched',
  },
  'v.template': {
    'zh-TW': '{field}：範本語法錯誤',
    'zh-CN': '{field}：模板语法错误',
    'en-US': '{field}: the template syntax is not valid',
  },
  mailSenderInUse: {
    'zh-TW': '此郵件伺服器已有寄出的郵件，無法刪除',
    'zh-CN': '此邮件服务器已有发出的邮件，无法删除',
    'en-US': 'This mail server has sent e-mails and cannot be removed',
  },
  mailTestOk: {
    'zh-TW': '連線成功，帳號密碼正確',
    'zh-CN': '连接成功，账号密码正确',
    'en-US': 'Connected, and the account and password were accepted',
  },
  deliveryAuth: {
    'zh-TW': '郵件伺服器拒絕帳號或密碼',
    'zh-CN': '邮件服务器拒绝账号或密码',
    'en-US': 'The mail server refused the account or password',
  },
  deliveryConnection: {
    'zh-TW': '無法連線到郵件伺服器',
    'zh-CN': '无法连接到邮件服务器',
    'en-US': 'The mail server could not be reached',
  },
  deliveryRejected: {
    'zh-TW': '郵件伺服器拒收此收件人',
    'zh-CN': '邮件服务器拒收此收件人',
    'en-US': 'The mail server refused this recipient',
  },
  deliveryTemporary: {
    'zh-TW': '郵件伺服器暫時無法接收，將自動重試',
    'zh-CN': '邮件服务器暂时无法接收，将自动重试',
    'en-US': 'The mail server is temporarily refusing; it will be retried',
  },
  deliveryFailed: {
    'zh-TW': '寄送失敗',
    'zh-CN': '发送失败',
    'en-US': 'Sending failed',
  },
  deliveryErased: {
    'zh-TW': '未寄出：收件人的個人資料已刪除',
    'zh-CN': '未发送：收件人的个人资料已删除',
    'en-US': "Not sent: the recipient's personal data was erased",
  },
  deliverySentUnrecorded: {
    'zh-TW': '已交給服務商寄出，但寄送結果未能記錄',
    'zh-CN': '已交给服务商发送，但发送结果未能记录',
    'en-US': 'Handed to the provider, but the result could not be recorded',
  },
  deliveryLeaseExpired: {
    'zh-TW': '寄送失敗：多次嘗試皆未完成',
    'zh-CN': '发送失败：多次尝试均未完成',
    'en-US': 'Sending failed: no attempt finished',
  },
  'v.unknownField': {
    'zh-TW': '{field} 不是可接受的欄位',
    'zh-CN': '{field} 不是可接受的字段',
    'en-US': '{field} is not an accepted field',
  },
  paymentAlreadyConfirmed: {
    'zh-TW': '此付款記錄已被確認，不可重複確認',
    'zh-CN': '此付款记录已被确认，不可重复确认',
    'en-US': 'This payment record has already been confirmed',
  },
  paymentLocked: {
    'zh-TW': '已確認的付款記錄不可修改金額、幣別、付款日期或類型；請新增退款記錄或作廢',
    'zh-CN': '已确认的付款记录不可修改金额、币种、付款日期或类型；请新增退款记录或作废',
    'en-US': 'A confirmed payment cannot change its amount, currency, date or type; add a refund or void it',
  },
  paymentVoided: {
    'zh-TW': '此付款記錄已作廢，不可再變更',
    'zh-CN': '此付款记录已作废，不可再变更',
    'en-US': 'This payment record has been voided and cannot be changed',
  },
  emailSendAtPast: {
    'zh-TW': '預定發送時間已過，請選擇未來的時間',
    'zh-CN': '预定发送时间已过，请选择将来的时间',
    'en-US': 'The scheduled time has passed; choose a time in the future',
  },
  emailAlreadySent: {
    'zh-TW': '此郵件已開始發送，不可再修改或取消',
    'zh-CN': '此邮件已开始发送，不可再修改或取消',
    'en-US': 'This e-mail has already been sent and can no longer be changed or cancelled',
  },
  emailNotScheduled: {
    'zh-TW': '此郵件並非預定發送，無法修改發送時間或取消',
    'zh-CN': '此邮件并非定时发送，无法修改发送时间或取消',
    'en-US': 'This e-mail was not scheduled for later: its time cannot be changed or cancelled',
  },
  emailCancelled: {
    'zh-TW': '此郵件已取消發送',
    'zh-CN': '此邮件已取消发送',
    'en-US': 'This e-mail has been cancelled',
  },
  noticeNoEmail: {
    'zh-TW': '收件人沒有綁定電子郵件，無法寄送郵件副本',
    'zh-CN': '收件人没有绑定电子邮箱，无法发送邮件副本',
    'en-US': 'No recipient has a bound e-mail address: the e-mail copy cannot be sent',
  },
  'v.amount': {
    'zh-TW': '{field} 須為大於 0 的金額，小數位數不可超過幣別允許的 {digits} 位',
    'zh-CN': '{field} 须为大于 0 的金额，小数位数不可超过币种允许的 {digits} 位',
    'en-US': '{field} must be an amount above 0 with at most {digits} decimals for this currency',
  },
  'v.currency': {
    'zh-TW': '{field} 不是 ISO 4217 幣別代碼',
    'zh-CN': '{field} 不是 ISO 4217 币种代码',
    'en-US': '{field} is not an ISO 4217 currency code',
  },
  'v.attachment': {
    'zh-TW': '{field}：找不到上傳的檔案或檔案已被使用：{file}',
    'zh-CN': '{field}：找不到上传的文件或文件已被使用：{file}',
    'en-US': '{field}: the uploaded file is missing or already in use: {file}',
  },
  'v.receiptImage': {
    'zh-TW': '{field}：須為圖片或 PDF',
    'zh-CN': '{field}：须为图片或 PDF',
    'en-US': '{field}: must be an image or a PDF',
  },
  'v.noticeExpiry': {
    'zh-TW': '{field} 須晚於發布時間',
    'zh-CN': '{field} 须晚于发布时间',
    'en-US': '{field} must be after the publish time',
  },
  'v.noticeRecipient': {
    'zh-TW': '{field}：找不到此會員（0 表示全體會員）',
    'zh-CN': '{field}：找不到此会员（0 表示全体会员）',
    'en-US': '{field}: no such member (0 means all members)',
  },
  walletExists: {
    'zh-TW': '您已經有一個錢包，每位會員只能綁定一個錢包',
    'zh-CN': '您已经有一个钱包，每位会员只能绑定一个钱包',
    'en-US': 'You already have a wallet; a member can bind only one',
  },
  walletNotFound: {
    'zh-TW': '您尚未建立錢包',
    'zh-CN': '您尚未创建钱包',
    'en-US': 'You have not created a wallet yet',
  },
  walletActivated: {
    'zh-TW': '錢包已啟用，助記詞與私鑰不再顯示，也無法捨棄',
    'zh-CN': '钱包已激活，助记词与私钥不再显示，也无法舍弃',
    'en-US': 'The wallet is already activated; its secrets are never shown again and it cannot be discarded',
  },
  walletBackupMismatch: {
    'zh-TW': '輸入的單字與您的助記詞不符，還可再試 {left} 次',
    'zh-CN': '输入的单词与您的助记词不符，还可再试 {left} 次',
    'en-US': 'The words do not match your recovery phrase; tries left: {left}',
  },
  walletCheckRequired: {
    'zh-TW': '請先取得新的備份檢查題目',
    'zh-CN': '请先获取新的备份检查题目',
    'en-US': 'Ask for a new backup check first',
  },
  tooManyFeedbacks: {
    'zh-TW': '您的網路位址送出意見過於頻繁，請 {minutes} 分鐘後再試',
    'zh-CN': '您的网络地址提交意见过于频繁，请 {minutes} 分钟后再试',
    'en-US': 'Too much feedback sent from your address, try again in {minutes} minute(s)',
  },
  feedbackReplySubject: {
    'zh-TW': '回覆：您的意見回饋',
    'zh-CN': '回复：您的意见反馈',
    'en-US': 'Re: your feedback',
  },
  'v.duplicateWord': {
    'zh-TW': '{field} 有重複的項目',
    'zh-CN': '{field} 有重复的项目',
    'en-US': '{field} has the same entry twice',
  },
  'v.yearMonth': {
    'zh-TW': '{field} 不是有效的年月（YYYY-MM）',
    'zh-CN': '{field} 不是有效的年月（YYYY-MM）',
    'en-US': '{field} is not a valid month (YYYY-MM)',
  },
  'v.salary': {
    'zh-TW': '{field} 須為幣別允許小數位數內的正數',
    'zh-CN': '{field} 须为币种允许小数位数内的正数',
    'en-US': '{field} must be a positive amount with the decimals of its currency',
  },
  'v.avatarImage': {
    'zh-TW': '{field}：頭像須為 PNG、JPEG 或 GIF 圖片：{file}',
    'zh-CN': '{field}：头像须为 PNG、JPEG 或 GIF 图片：{file}',
    'en-US': '{field}: the avatar must be a PNG, JPEG or GIF image: {file}',
  },
  'v.logoImage': {
    'zh-TW': '{field}：標誌須為 PNG、JPEG 或 GIF 圖片：{file}',
    'zh-CN': '{field}：标志须为 PNG、JPEG 或 GIF 图片：{file}',
    'en-US': '{field}: the logo must be a PNG, JPEG or GIF image: {file}',
  },
  roleNotHeld: {
    'zh-TW': '您沒有這個角色，無法切換',
    'zh-CN': '您没有这个角色，无法切换',
    'en-US': 'You do not hold this role and cannot switch to it',
  },
  cvExists: {
    'zh-TW': '您的履歷已建立，請改用更新',
    'zh-CN': '您的简历已创建，请改用更新',
    'en-US': 'Your CV already exists; update it instead',
  },
  cycleExists: {
    'zh-TW': '已有 {year} 年入學的招生週期',
    'zh-CN': '已有 {year} 年入学的招生周期',
    'en-US': 'An admissions cycle for {year} entry already exists',
  },
  cycleInUse: {
    'zh-TW': '此招生週期已有志願使用，請改為停用',
    'zh-CN': '此招生周期已有志愿使用，请改为停用',
    'en-US': 'Choices use this cycle: disable it instead',
  },
  visaStageInUse: {
    'zh-TW': '已有申請使用此簽證階段，無法刪除；請改為停用',
    'zh-CN': '已有申请使用此签证阶段，无法删除；请改为停用',
    'en-US': 'Applications have steps in this visa stage, so it cannot be removed; disable it instead',
  },
  visaStageBuiltIn: {
    'zh-TW': '內建的簽證階段帶有檢查規則，無法刪除；請改為停用',
    'zh-CN': '内置的签证阶段带有检查规则，无法删除；请改为停用',
    'en-US': 'A built-in visa stage carries checking rules and cannot be removed; disable it instead',
  },
  applicationDuplicate: {
    'zh-TW': '此學生已有申請 #{id} 含「{choice}」同一入學期的志願',
    'zh-CN': '此学生已有申请 #{id} 含“{choice}”同一入学期的志愿',
    'en-US': 'This student already has application #{id} with {choice} for the same intake',
  },
  applicationDuplicateNoIntake: {
    'zh-TW': '此學生已有申請 #{id} 含「{choice}」的志願（兩者皆未指定入學期）',
    'zh-CN': '此学生已有申请 #{id} 含“{choice}”的志愿（两者皆未指定入学期）',
    'en-US': 'This student already has application #{id} with {choice} (no intake named on either)',
  },
  jobExpired: {
    'zh-TW': '此檔案已過期，請重新匯出',
    'zh-CN': '此文件已过期，请重新导出',
    'en-US': 'This file has expired; export again',
  },
  jobNotReady: {
    'zh-TW': '檔案尚未產生完成',
    'zh-CN': '文件尚未生成完成',
    'en-US': 'The file is not ready yet',
  },
  jobFailed: {
    'zh-TW': '匯出失敗，請稍後再試',
    'zh-CN': '导出失败，请稍后再试',
    'en-US': 'The export failed; try again later',
  },
  jobTooMany: {
    'zh-TW': '您已有匯出正在進行，請等候完成',
    'zh-CN': '您已有导出正在进行，请等候完成',
    'en-US': 'You already have exports in progress; wait for them to finish',
  },
  exportUnknownList: {
    'zh-TW': '此清單無法匯出',
    'zh-CN': '此列表无法导出',
    'en-US': 'This list cannot be exported',
  },
  dataRequestOpen: {
    'zh-TW': '此人已有一筆相同類型且未完成的個資請求',
    'zh-CN': '此人已有一笔相同类型且未完成的个人数据请求',
    'en-US': 'This person already has an open request of that kind',
  },
  eraseBeyondOwn: {
    'zh-TW': '此人員擁有您沒有的權限（{perms}），只能由權限更高的人員清除其個人資料',
    'zh-CN': '此人员拥有您没有的权限（{perms}），只能由权限更高的人员清除其个人数据',
    'en-US': 'This staff member holds permissions you lack ({perms}); only someone holding them can erase their data',
  },
  exportBeyondOwn: {
    'zh-TW': '此人員擁有您沒有的權限（{perms}），只能由權限更高的人員匯出其個人資料',
    'zh-CN': '此人员拥有您没有的权限（{perms}），只能由权限更高的人员导出其个人数据',
    'en-US': 'This staff member holds permissions you lack ({perms}); only someone holding them can export their data',
  },
  personErased: {
    'zh-TW': '此人的個人資料已清除',
    'zh-CN': '此人的个人资料已清除',
    'en-US': "This person's personal data has already been erased",
  },
  cvMissing: {
    'zh-TW': '您尚未建立履歷',
    'zh-CN': '您尚未创建简历',
    'en-US': 'You have not created your CV yet',
  },
  importEmpty: {
    'zh-TW': '檔案中沒有資料列',
    'zh-CN': '文件中没有数据行',
    'en-US': 'The file holds no data rows',
  },
  importFileFormat: {
    'zh-TW': '檔案格式錯誤：第一列須為範本的欄位（{headers}）',
    'zh-CN': '文件格式错误：第一行须为模板的列（{headers}）',
    'en-US': 'File format error: the first row must hold the template columns ({headers})',
  },
  importTooManyRows: {
    'zh-TW': '檔案超過 {max} 列：每次最多匯入 {max} 列（{size} MB 以內）',
    'zh-CN': '文件超过 {max} 行：每次最多导入 {max} 行（{size} MB 以内）',
    'en-US': 'The file has more than {max} rows: at most {max} rows per import (and {size} MB)',
  },
  importNotChecked: {
    'zh-TW': '此匯入已執行或不存在，請重新上傳檔案',
    'zh-CN': '此导入已执行或不存在，请重新上传文件',
    'en-US': 'This import has already run or does not exist: upload the file again',
  },
  importHasRefused: {
    'zh-TW': '「全部或全不」：{count} 列被拒絕，未寫入任何資料',
    'zh-CN': '“全部或全不”：{count} 行被拒绝，未写入任何数据',
    'en-US': 'All or nothing: {count} rows are refused, so nothing was written',
  },
  importChecked: {
    'zh-TW': '試算完成：新增 {add} 筆，變更 {change} 筆，拒絕 {refuse} 筆',
    'zh-CN': '试算完成：新增 {add} 条，变更 {change} 条，拒绝 {refuse} 条',
    'en-US': 'Dry run: {add} to add, {change} to change, {refuse} refused',
  },
  importDone: {
    'zh-TW': '匯入完成：新增 {added} 筆，變更 {changed} 筆，拒絕 {refused} 筆',
    'zh-CN': '导入完成：新增 {added} 条，变更 {changed} 条，拒绝 {refused} 条',
    'en-US': 'Imported: {added} added, {changed} changed, {refused} refused',
  },
  'v.importFileType': {
    'zh-TW': '{field} 不是 Excel（.xlsx）檔案',
    'zh-CN': '{field} 不是 Excel（.xlsx）文件',
    'en-US': '{field} is not an Excel (.xlsx) file',
  },
  'v.importFileRead': {
    'zh-TW': '{field} 無法讀取（{problem}）',
    'zh-CN': '{field} 无法读取（{problem}）',
    'en-US': '{field} could not be read ({problem})',
  },
  'v.importFileBomb': {
    'zh-TW': '{field} 解壓後過大或壓縮比異常（{problem}），已拒絕',
    'zh-CN': '{field} 解压后过大或压缩比异常（{problem}），已拒绝',
    'en-US': '{field} inflates too far or is packed suspiciously tight ({problem}), so it was refused',
  },
  importRowFormula: {
    'zh-TW': '「{column}」是公式，請貼上為值',
    'zh-CN': '“{column}”是公式，请粘贴为值',
    'en-US': '"{column}" holds a formula: paste it as a value',
  },
  importRowControl: {
    'zh-TW': '「{column}」含有控制字元',
    'zh-CN': '“{column}”含有控制字符',
    'en-US': '"{column}" holds a control character',
  },
  importRowDuplicate: {
    'zh-TW': '與第 {row} 列重複',
    'zh-CN': '与第 {row} 行重复',
    'en-US': 'Repeats row {row}',
  },
  importRowExists: {
    'zh-TW': '「{value}」已存在',
    'zh-CN': '“{value}”已存在',
    'en-US': '"{value}" already exists',
  },
  // An application row whose student already applied for the course and intake, in the database or an earlier row
  // of the file (decision 342).
  importRowApplicationExists: {
    'zh-TW': '「{column}」：此學生已有「{choice}」同一入學期的申請',
    'zh-CN': '“{column}”：此学生已有“{choice}”同一入学期的申请',
    'en-US': '"{column}": this student already has an application for {choice} for the same intake',
  },
  importRowSameChoice: {
    'zh-TW': '「{column}」：與第 {row} 列為同一學生的同一課程與入學期',
    'zh-CN': '“{column}”：与第 {row} 行为同一学生的同一课程与入学期',
    'en-US': '"{column}": the same student, course and intake as row {row}',
  },
  importRowNoUpdate: {
    'zh-TW': '「{value}」已存在，而您沒有編輯權限',
    'zh-CN': '“{value}”已存在，而您没有编辑权限',
    'en-US': '"{value}" exists and you may not change it',
  },
  importRowRole: {
    'zh-TW': '角色「{role}」不存在',
    'zh-CN': '角色“{role}”不存在',
    'en-US': 'There is no role "{role}"',
  },
  importColRow: { 'zh-TW': '列', 'zh-CN': '行', 'en-US': 'Row' },
  importColOutcome: { 'zh-TW': '結果', 'zh-CN': '结果', 'en-US': 'Outcome' },
  importColReason: { 'zh-TW': '原因', 'zh-CN': '原因', 'en-US': 'Reason' },
  importAllowedValues: { 'zh-TW': '允許值', 'zh-CN': '允许值', 'en-US': 'Allowed values' },
  importOutcomeAdd: { 'zh-TW': '將新增', 'zh-CN': '将新增', 'en-US': 'to add' },
  importOutcomeChange: { 'zh-TW': '將變更', 'zh-CN': '将变更', 'en-US': 'to change' },
  importOutcomeRefuse: { 'zh-TW': '拒絕', 'zh-CN': '拒绝', 'en-US': 'refused' },
  importOutcomeAdded: { 'zh-TW': '已新增', 'zh-CN': '已新增', 'en-US': 'added' },
  importOutcomeChanged: { 'zh-TW': '已變更', 'zh-CN': '已变更', 'en-US': 'changed' },
  importOutcomeRefused: { 'zh-TW': '拒絕', 'zh-CN': '拒绝', 'en-US': 'refused' },
  importOutcomeSkipped: { 'zh-TW': '未寫入', 'zh-CN': '未写入', 'en-US': 'not written' },
  smsFileType: {
    'zh-TW': '檔案類型錯誤：「{file}」不是 Excel 檔案，請選擇 .xlsx 檔案',
    'zh-CN': '文件类型错误：“{file}”不是 Excel 文件，请选择 .xlsx 文件',
    'en-US': 'File type error: "{file}" is not an Excel file; an .xlsx file must be chosen',
  },
  smsFileRead: { 'zh-TW': '檔案讀取錯誤', 'zh-CN': '文件读取错误', 'en-US': 'File read error' },
  smsFileFormat: {
    'zh-TW': '檔案格式錯誤：第一列須為範本的欄位（{headers}）',
    'zh-CN': '文件格式错误：第一行须为模板的列（{headers}）',
    'en-US': 'File format error: the first row must hold the template columns ({headers})',
  },
  smsRecipientsEmpty: {
    'zh-TW': '收件人列表不能為空',
    'zh-CN': '收件人列表不能为空',
    'en-US': 'Recipient list cannot be empty',
  },
  smsTooManyRows: {
    'zh-TW': '檔案超過 {max} 列：每個檔案最多 {max} 位收件人（{size} MB 以內）',
    'zh-CN': '文件超过 {max} 行：每个文件最多 {max} 位收件人（{size} MB 以内）',
    'en-US': 'The file has more than {max} rows: at most {max} recipients per file (and {size} MB)',
  },
  smsBatchSent: {
    'zh-TW': '此批次簡訊已發送',
    'zh-CN': '此批次短信已发送',
    'en-US': 'This SMS batch has already been sent',
  },
  smsDataRead: {
    'zh-TW': '資料讀取成功：接受 {accepted} 筆，拒絕 {rejected} 筆',
    'zh-CN': '数据读取成功：接受 {accepted} 条，拒绝 {rejected} 条',
    'en-US': 'Data read successfully: {accepted} accepted, {rejected} rejected',
  },
  smsBatchQueued: {
    'zh-TW': '批次簡訊發送成功（{count} 則已排入佇列）',
    'zh-CN': '批量短信发送成功（{count} 条已加入队列）',
    'en-US': 'Batch SMS sent successfully ({count} queued)',
  },
  smsNoGateway: {
    'zh-TW': '未送達：未設定簡訊閘道',
    'zh-CN': '未送达：未配置短信网关',
    'en-US': 'Not delivered: no SMS gateway configured',
  },
  smsGatewayRejected: {
    'zh-TW': '簡訊閘道拒絕了此號碼或內容',
    'zh-CN': '短信网关拒绝了此号码或内容',
    'en-US': 'The SMS gateway refused this number or content',
  },
  smsGatewayUnavailable: {
    'zh-TW': '簡訊閘道暫時無法使用，將再次嘗試',
    'zh-CN': '短信网关暂时不可用，将再次尝试',
    'en-US': 'The SMS gateway is unavailable for now; sending will be retried',
  },
  smsRowMobileEmpty: { 'zh-TW': '手機號碼為空', 'zh-CN': '手机号码为空', 'en-US': 'The mobile number is empty' },
  smsRowRegion: {
    'zh-TW': '地區不正確（請填 ISO 代碼如 TW，或區號如 +886）',
    'zh-CN': '地区不正确（请填 ISO 代码如 TW，或区号如 +886）',
    'en-US': 'The region is not valid (an ISO code such as TW, or a calling code such as +886)',
  },
  smsRowInvalid: {
    'zh-TW': '不是此地區的有效手機號碼',
    'zh-CN': '不是此地区的有效手机号码',
    'en-US': 'Not a valid mobile number for its region',
  },
  smsRowDuplicate: {
    'zh-TW': '與第 {row} 列號碼重複',
    'zh-CN': '与第 {row} 行号码重复',
    'en-US': 'Duplicate of the number on row {row}',
  },
  smsRowVariables: {
    'zh-TW': '變數格式不正確（例如 name=王小明; course=IELTS）',
    'zh-CN': '变量格式不正确（例如 name=王小明; course=IELTS）',
    'en-US': 'The variables are not valid (for example name=Amy; course=IELTS)',
  },
  smsColMobile: { 'zh-TW': '手機號碼', 'zh-CN': '手机号码', 'en-US': 'Mobile' },
  smsColRegion: { 'zh-TW': '地區', 'zh-CN': '地区', 'en-US': 'Region' },
  smsColVariables: { 'zh-TW': '變數', 'zh-CN': '变量', 'en-US': 'Variables' },
  smsColRow: { 'zh-TW': '列號', 'zh-CN': '行号', 'en-US': 'Row' },
  smsColReason: { 'zh-TW': '原因', 'zh-CN': '原因', 'en-US': 'Reason' },
  verifyCodeExpired: {
    'zh-TW': '驗證碼無效或已過期',
    'zh-CN': '验证码无效或已过期',
    'en-US': 'Verification code invalid or expired',
  },
  bindFailed: {
    'zh-TW': '綁定失敗，請稍後再試',
    'zh-CN': '绑定失败，请稍后再试',
    'en-US': 'Bind failed, please try again later',
  },
  rebindFailed: {
    'zh-TW': '更換失敗，請稍後再試',
    'zh-CN': '更换失败，请稍后再试',
    'en-US': 'Replace failed, please try again later',
  },
  smsUnavailable: {
    'zh-TW': '簡訊服務未啟用，無法發送驗證碼',
    'zh-CN': '短信服务未启用，无法发送验证码',
    'en-US': 'SMS is not available: the code cannot be sent',
  },
  mailUnavailable: {
    'zh-TW': '尚未設定郵件伺服器，無法發送驗證碼',
    'zh-CN': '尚未设置邮件服务器，无法发送验证码',
    'en-US': 'No mail server is set up: the code cannot be sent',
  },
  alreadyBound: {
    'zh-TW': '已綁定，請改用更換',
    'zh-CN': '已绑定，请改用更换',
    'en-US': 'Already bound: replace it instead',
  },
  notBound: { 'zh-TW': '尚未綁定', 'zh-CN': '尚未绑定', 'en-US': 'Nothing is bound yet' },
  lastSignInWay: {
    'zh-TW': '這是您唯一的登入方式，無法解除綁定',
    'zh-CN': '这是您唯一的登录方式，无法解除绑定',
    'en-US': 'This is your only way to sign in: it cannot be unbound',
  },
  // Field names as staff know them, for the refusals that name a field (`{field}` of the `v.` reasons); a field
  // without one here is named as the request names it.
  'f.email': { 'zh-TW': '電子郵件', 'zh-CN': '邮箱', 'en-US': 'The e-mail address' },
  'f.mobile': { 'zh-TW': '手機號碼', 'zh-CN': '手机号码', 'en-US': 'The mobile number' },
  'f.areaCode': { 'zh-TW': '國家／地區區號', 'zh-CN': '国家／地区区号', 'en-US': 'The country code' },
  'f.code': { 'zh-TW': '驗證碼', 'zh-CN': '验证码', 'en-US': 'The code' },
  'f.oldCode': {
    'zh-TW': '目前地址的驗證碼',
    'zh-CN': '当前地址的验证码',
    'en-US': 'The code for the current address',
  },
  'f.loginName': { 'zh-TW': '登入名稱', 'zh-CN': '登录名', 'en-US': 'The login name' },
  'f.password': { 'zh-TW': '密碼', 'zh-CN': '密码', 'en-US': 'The password' },
  'f.newPassword': { 'zh-TW': '新密碼', 'zh-CN': '新密码', 'en-US': 'The new password' },
  'f.file': { 'zh-TW': '檔案', 'zh-CN': '文件', 'en-US': 'The file' },
  'f.amount': { 'zh-TW': '金額', 'zh-CN': '金额', 'en-US': 'The amount' },
  'f.currency': { 'zh-TW': '幣別', 'zh-CN': '币种', 'en-US': 'The currency' },
  'f.transactionDate': { 'zh-TW': '付款日期', 'zh-CN': '付款日期', 'en-US': 'The payment date' },
  'f.title': { 'zh-TW': '標題', 'zh-CN': '标题', 'en-US': 'The title' },
  'f.content': { 'zh-TW': '內容', 'zh-CN': '内容', 'en-US': 'The content' },
  'f.body': { 'zh-TW': '送出的內容', 'zh-CN': '提交的内容', 'en-US': 'What was sent' },
  'f.casNumber': { 'zh-TW': 'CAS 編號', 'zh-CN': 'CAS 编号', 'en-US': 'The CAS number' },
  'f.fundsFrom': { 'zh-TW': '資金起始日', 'zh-CN': '资金起始日', 'en-US': 'The first day of the funds' },
  'f.fundsTo': { 'zh-TW': '資金截止日', 'zh-CN': '资金截止日', 'en-US': 'The last day of the funds' },
  'f.stageId': { 'zh-TW': '簽證階段', 'zh-CN': '签证阶段', 'en-US': 'The visa stage' },
  'f.studentId': { 'zh-TW': '學生', 'zh-CN': '学生', 'en-US': 'The student' },
  'v.insuranceNeedsFirm': {
    'zh-TW': '{field}：須有一個有條件錄取的首選（Firm），才能選備選（Insurance）',
    'zh-CN': '{field}：须有一个有条件录取的首选（Firm），才能选备选（Insurance）',
    'en-US': '{field}: an insurance choice needs a firm choice on a conditional offer',
  },
  'v.declineNeedsOffer': {
    'zh-TW': '{field}：尚待結果或未錄取的志願不能婉拒',
    'zh-CN': '{field}：尚待结果或未录取的志愿不能婉拒',
    'en-US': '{field}: a pending or unsuccessful choice cannot be declined',
  },
} as const satisfies Record<string, LocalizedText>;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Readonly<Record<string, string | number>>;

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}

export function formatMessage(key: MessageKey, locale: Locale, params: MessageParams = {}): string {
  const template: string = MESSAGES[key][locale];
  // Most answers' message has no placeholder ('Success' on every call): no scan for one (issue 43).
  if (!template.includes('{')) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
