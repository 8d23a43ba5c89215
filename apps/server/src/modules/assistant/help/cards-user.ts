import type { HelpCardDef } from './types.js';

// Help cards of the pages every signed-in member has: the dashboard and the user centre (spec section 2).
export const USER_CARDS: readonly HelpCardDef[] = [
  {
    id: 'HomeIndex',
    path: '/home/index',
    perm: null,
    'zh-TW': {
      title: '首頁儀表板',
      body: '從右上角使用者選單的「儀表板」開啟：過去 7、14 或 30 天的申請、付款、跟進、郵件、回饋與您的任務數字。\n點卡片或圖表可開啟篩選好的列表；只顯示您有權限的部分。',
      keywords: '首頁 儀表板 統計 圖表 數字 報表 dashboard',
    },
    'zh-CN': {
      title: '首页仪表板',
      body: '从右上角用户菜单的“仪表板”打开：过去 7、14 或 30 天的申请、付款、跟进、邮件、反馈与您的任务数字。\n点卡片或图表可打开筛选好的列表；只显示您有权限的部分。',
      keywords: '首页 仪表板 统计 图表 数字 报表 dashboard',
    },
    'en-US': {
      title: 'Home dashboard',
      body: 'Open it with "Dashboard" in the user menu (top right): figures of the past 7, 14 or 30 days for applications, payments, follow-ups, e-mails, feedback and your tasks.\nClick a card or chart to open the filtered list; only what you may see is shown.',
      keywords: 'home dashboard statistics charts figures report',
    },
  },
  {
    id: 'Profile',
    path: '/user/profile',
    perm: null,
    'zh-TW': {
      title: '個人資料',
      body: '您的暱稱、姓名、頭像、聯絡方式、技能與經歷。\n按「編輯資料」修改後儲存；也可在這裡設定兩步驟登入（驗證器 App）；切換角色在右上角的使用者選單。',
      keywords: '個人資料 頭像 暱稱 兩步驟登入 驗證器 切換角色 我的資料',
    },
    'zh-CN': {
      title: '个人资料',
      body: '您的昵称、姓名、头像、联系方式、技能与经历。\n点击“编辑资料”修改后保存；也可在这里设置两步验证登录（验证器 App）；切换角色在右上角的用户菜单。',
      keywords: '个人资料 头像 昵称 两步验证 验证器 切换角色 我的资料',
    },
    'en-US': {
      title: 'Profile',
      body: 'Your nickname, names, avatar, contact details, skills and history.\nClick "Edit profile" and save; two-factor sign-in (authenticator app) is set up here too; switch roles from the user menu (top right).',
      keywords: 'profile avatar nickname two-factor authenticator switch role my details',
    },
  },
  {
    id: 'ResetPwd',
    path: '/user/resetPwd',
    perm: null,
    'zh-TW': {
      title: '修改密碼',
      body: '輸入目前的密碼與兩次新密碼（8 到 20 個字元）後確認；其他裝置的登入會結束。',
      keywords: '修改密碼 更改密碼 密碼 重設',
    },
    'zh-CN': {
      title: '修改密码',
      body: '输入当前密码与两次新密码（8 到 20 个字符）后确认；其他设备的登录会结束。',
      keywords: '修改密码 更改密码 密码 重置',
    },
    'en-US': {
      title: 'Change password',
      body: 'Enter your current password and the new one twice (8 to 20 characters), then confirm; sign-ins on other devices end.',
      keywords: 'change password reset',
    },
  },
  {
    id: 'BindAccount',
    path: '/user/bindAccount',
    perm: null,
    'zh-TW': {
      title: '帳號綁定',
      body: '綁定、更換或解除登入用的電子郵件與手機。\n輸入新的電子郵件或手機，按「發送驗證碼」並填入收到的驗證碼（60 秒內不能重發）。',
      keywords: '綁定 電子郵件 手機 驗證碼 解綁 更換',
    },
    'zh-CN': {
      title: '账号绑定',
      body: '绑定、更换或解除登录用的电子邮件与手机。\n输入新的电子邮件或手机，点击“发送验证码”并填入收到的验证码（60 秒内不能重发）。',
      keywords: '绑定 电子邮件 手机 验证码 解绑 更换',
    },
    'en-US': {
      title: 'Account binding',
      body: 'Bind, replace or unbind the e-mail and mobile you sign in with.\nEnter the new e-mail or mobile, click "Send code" and type the code you receive (it can be sent again after 60 seconds).',
      keywords: 'bind email mobile verification code unbind replace',
    },
  },
  {
    id: 'Wallet',
    path: '/user/wallet',
    perm: null,
    'zh-TW': {
      title: '我的錢包',
      body: '每位會員可建立一個錢包：再次輸入登入密碼後「建立錢包」。\n把助記詞與私鑰抄在紙上備份，通過備份檢查（輸入三個隨機字）後啟用；啟用後不再顯示。',
      keywords: '錢包 助記詞 私鑰 備份 啟用 地址',
    },
    'zh-CN': {
      title: '我的钱包',
      body: '每位会员可创建一个钱包：再次输入登录密码后“创建钱包”。\n把助记词与私钥抄在纸上备份，通过备份检查（输入三个随机词）后激活；激活后不再显示。',
      keywords: '钱包 助记词 私钥 备份 激活 地址',
    },
    'en-US': {
      title: 'My wallet',
      body: 'Each member can create one wallet: enter your sign-in password again and click "Create wallet".\nWrite the recovery phrase and private key down on paper, pass the backup check (three random words) and activate; they are never shown again.',
      keywords: 'wallet recovery phrase mnemonic private key backup activate address',
    },
  },
  {
    id: 'Resume',
    path: '/user/resume',
    perm: null,
    'zh-TW': {
      title: '履歷',
      body: '您的履歷：按「建立履歷」輸入標題與求職目標，其餘內容取自個人資料；之後可編輯。',
      keywords: '履歷 簡歷 CV 求職',
    },
    'zh-CN': {
      title: '简历',
      body: '您的简历：点击“创建简历”输入标题与求职目标，其余内容取自个人资料；之后可编辑。',
      keywords: '简历 履历 CV 求职',
    },
    'en-US': {
      title: 'Resume',
      body: 'Your CV: click "Create CV", enter a title and an objective; the rest comes from your profile; edit it later.',
      keywords: 'resume CV curriculum vitae',
    },
  },
  {
    id: 'MyProjects',
    path: '/user/projects',
    perm: null,
    'zh-TW': {
      title: '我的專案',
      body: '您參與的專案；點專案開啟詳情，查看成員、分潤比例與章程（專案管理者可編輯）。',
      keywords: '我的專案 專案 成員 章程',
    },
    'zh-CN': {
      title: '我的项目',
      body: '您参与的项目；点项目打开详情，查看成员、分润比例与章程（项目管理者可编辑）。',
      keywords: '我的项目 项目 成员 章程',
    },
    'en-US': {
      title: 'My projects',
      body: 'The projects you belong to; open one to see its members, shares and constitution (its managers can edit them).',
      keywords: 'my projects project members constitution',
    },
  },
  {
    id: 'ProjectDetail',
    path: '/user/projects',
    perm: null,
    'zh-TW': {
      title: '專案詳情',
      body: '從「我的專案」或「全部專案」點專案開啟：概覽、成員管理（加入成員、設定分潤比例）與專案章程（每次儲存為新版本）。',
      keywords: '專案詳情 成員管理 分潤 章程 版本',
    },
    'zh-CN': {
      title: '项目详情',
      body: '从“我的项目”或“全部项目”点项目打开：概览、成员管理（加入成员、设置分润比例）与项目章程（每次保存为新版本）。',
      keywords: '项目详情 成员管理 分润 章程 版本',
    },
    'en-US': {
      title: 'Project details',
      body: 'Open a project from "My projects" or "All projects": overview, members (add members, set shares) and the constitution (each save is a new revision).',
      keywords: 'project details members shares constitution revision',
    },
  },
  {
    id: 'MyTasks',
    path: '/user/tasks',
    perm: null,
    'zh-TW': {
      title: '我的任務',
      body: '指派給您的任務，列表或看板。\n拖動卡片或選狀態來更新進度（待辦、進行中、待審核、已完成）；完成的任務會記入您的貢獻點數。',
      keywords: '我的任務 任務 待辦 看板 進度 截止日 完成',
    },
    'zh-CN': {
      title: '我的任务',
      body: '指派给您的任务，列表或看板。\n拖动卡片或选择状态来更新进度（待办、进行中、待审核、已完成）；完成的任务会记入您的贡献点数。',
      keywords: '我的任务 任务 待办 看板 进度 截止日 完成',
    },
    'en-US': {
      title: 'My tasks',
      body: 'The tasks assigned to you, as a list or a board.\nDrag a card or pick a status to move it along (to do, in progress, in review, done); a done task adds to your contribution points.',
      keywords: 'my tasks task to do board progress due date done',
    },
  },
];
