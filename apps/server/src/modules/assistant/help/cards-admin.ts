import { PERM } from '@study-crm/shared';
import type { HelpCardDef } from './types.js';

// Help cards of the administration screens: employees and accounts, system setup, access control, projects.
export const ADMIN_CARDS: readonly HelpCardDef[] = [
  {
    id: 'employeeList',
    path: '/employee/employeeList',
    perm: PERM.memberList,
    'zh-TW': {
      title: '員工列表',
      body: '員工帳號：搜尋姓名、電子郵件或手機。\n按「新增帳號」輸入資料並指定角色；可編輯、設定密碼、停用或啟用、重設兩步驟登入與刪除。\n點姓名開啟員工資料。',
      keywords: '員工 帳號 新增員工 新增帳號 角色 密碼 停用 兩步驟 同事',
    },
    'zh-CN': {
      title: '员工列表',
      body: '员工账号：搜索姓名、电子邮件或手机。\n点击“新增账号”输入资料并指定角色；可编辑、设置密码、停用或启用、重置两步验证与删除。\n点姓名打开员工资料。',
      keywords: '员工 账号 新增员工 添加员工 新增账号 角色 密码 停用 两步验证 同事',
    },
    'en-US': {
      title: 'Employee list',
      body: 'Staff accounts: search a name, e-mail or mobile.\nClick "Add account", enter the details and give roles; edit, set a password, deactivate or activate, reset two-factor sign-in or delete.\nClick a name to open the employee profile.',
      keywords: 'employee staff account add user role password deactivate two-factor colleague',
    },
  },
  {
    id: 'employeeProfile',
    path: '/employee/employeeList',
    perm: PERM.memberView,
    'zh-TW': {
      title: '員工資料',
      body: '在員工列表點姓名開啟：員工的帳號、角色、標記與最近活動。',
      keywords: '員工資料 員工詳情 活動 標記',
    },
    'zh-CN': {
      title: '员工资料',
      body: '在员工列表点姓名打开：员工的账号、角色、标记与最近活动。',
      keywords: '员工资料 员工详情 活动 标记',
    },
    'en-US': {
      title: 'Employee profile',
      body: "Open it by clicking a name in the employee list: the employee's account, roles, labels and recent activity.",
      keywords: 'employee profile detail activity labels',
    },
  },
  {
    id: 'accountList',
    path: '/employee/accountList',
    perm: PERM.userList,
    'zh-TW': {
      title: '帳號列表',
      body: '學生 App 的會員帳號。\n按「新增帳號」輸入電子郵件或手機；可編輯、設定密碼或刪除。',
      keywords: '會員帳號 學生帳號 App 帳號 新增會員',
    },
    'zh-CN': {
      title: '账号列表',
      body: '学生 App 的会员账号。\n点击“新增账号”输入电子邮件或手机；可编辑、设置密码或删除。',
      keywords: '会员账号 学生账号 App 账号 新增会员',
    },
    'en-US': {
      title: 'Accounts',
      body: 'The student app\'s member accounts.\nClick "Add account" and enter an e-mail or mobile; edit, set a password or delete.',
      keywords: 'member accounts student app account add member',
    },
  },
  {
    id: 'configManage',
    path: '/systemSetup/configManage',
    perm: PERM.configList,
    'zh-TW': {
      title: '參數設定',
      body: '系統參數：每個鍵有正式與測試兩個值。\n按「新增」輸入鍵、值與備註；可編輯或刪除。',
      keywords: '參數 設定 系統參數 config 鍵值',
    },
    'zh-CN': {
      title: '参数设置',
      body: '系统参数：每个键有正式与测试两个值。\n点击“新增”输入键、值与备注；可编辑或删除。',
      keywords: '参数 设置 系统参数 config 键值',
    },
    'en-US': {
      title: 'Config parameters',
      body: 'System parameters: each key has a production and a testing value.\nClick "Add" and enter the key, values and remarks; edit or delete them.',
      keywords: 'config parameter setting key value',
    },
  },
  {
    id: 'dictManage',
    path: '/systemSetup/dictManage',
    perm: PERM.dictList,
    'zh-TW': {
      title: '字典管理',
      body: '下拉選單的選項（申請狀態、幣別、服務項目…），依類型分組。\n選類型後按「新增」輸入值、中英文名稱與顏色；可停用、排序或編輯。',
      keywords: '字典 選項 下拉 申請狀態 幣別 類型',
    },
    'zh-CN': {
      title: '字典管理',
      body: '下拉菜单的选项（申请状态、币种、服务项目…），按类型分组。\n选择类型后点击“新增”输入值、中英文名称与颜色；可停用、排序或编辑。',
      keywords: '字典 选项 下拉 申请状态 币种 类型',
    },
    'en-US': {
      title: 'Dictionaries',
      body: 'The options of drop-down lists (application statuses, currencies, services…), grouped by type.\nChoose a type and click "Add" to enter a value, Chinese and English names and a colour; disable, sort or edit entries.',
      keywords: 'dictionary options drop-down application status currency type',
    },
  },
  {
    id: 'sysTagManage',
    path: '/systemSetup/sysTagManage',
    perm: PERM.tagList,
    'zh-TW': {
      title: '標籤管理',
      body: '學生、申請與院校的標籤。\n按「新增」選類型並輸入標籤名稱；可編輯、停用或刪除。',
      keywords: '標籤 tag 分類',
    },
    'zh-CN': {
      title: '标签管理',
      body: '学生、申请与院校的标签。\n点击“新增”选择类型并输入标签名称；可编辑、停用或删除。',
      keywords: '标签 tag 分类',
    },
    'en-US': {
      title: 'Tags',
      body: 'Tags for students, applications and schools.\nClick "Add", choose the type and enter the tag; edit, disable or delete them.',
      keywords: 'tags tag category',
    },
  },
  {
    id: 'labels',
    path: '/systemSetup/labels',
    perm: PERM.labelList,
    'zh-TW': {
      title: '會員標記',
      body: '可貼在會員上的標記（名稱、顏色與說明）。\n按「新增」建立標記，再到員工列表為會員加上標記。',
      keywords: '標記 會員標記 label',
    },
    'zh-CN': {
      title: '会员标记',
      body: '可贴在会员上的标记（名称、颜色与说明）。\n点击“新增”创建标记，再到员工列表为会员加上标记。',
      keywords: '标记 会员标记 label',
    },
    'en-US': {
      title: 'Member labels',
      body: 'Labels that can be put on members (name, colour, description).\nClick "Add" to create one, then label members from the employee list.',
      keywords: 'labels member label',
    },
  },
  {
    id: 'contentManage',
    path: '/systemSetup/contentManage',
    perm: PERM.contentList,
    'zh-TW': {
      title: '公告管理',
      body: '登入頁與首頁顯示的公告。\n按「新增」輸入標題、內容、語言與顯示期間，發佈後即顯示；可置頂、編輯或刪除。',
      keywords: '公告 新聞 登入頁 發佈 置頂',
    },
    'zh-CN': {
      title: '公告管理',
      body: '登录页与首页显示的公告。\n点击“新增”输入标题、内容、语言与显示期间，发布后即显示；可置顶、编辑或删除。',
      keywords: '公告 新闻 登录页 发布 置顶',
    },
    'en-US': {
      title: 'Announcements',
      body: 'Announcements shown on the login page and the home page.\nClick "Add", enter the title, content, language and display window; published items show at once; pin, edit or delete them.',
      keywords: 'announcement news login page publish pin',
    },
  },
  {
    id: 'merchantSettings',
    path: '/systemSetup/merchantSettings',
    perm: PERM.merchantUpdate,
    'zh-TW': {
      title: '商戶資料',
      body: '顧問公司在登入頁顯示的名稱（三種語言）、標誌與聯絡電子郵件；修改後確認儲存。',
      keywords: '商戶 公司名稱 標誌 logo 聯絡',
    },
    'zh-CN': {
      title: '商户资料',
      body: '顾问公司在登录页显示的名称（三种语言）、标志与联系电子邮件；修改后确认保存。',
      keywords: '商户 公司名称 标志 logo 联系',
    },
    'en-US': {
      title: 'Merchant',
      body: "The consultancy's name in three languages, logo and contact e-mail shown on the login page; edit and confirm the save.",
      keywords: 'merchant company name logo contact',
    },
  },
  {
    id: 'operationLog',
    path: '/systemSetup/operationLog',
    perm: PERM.auditList,
    'zh-TW': {
      title: '系統操作日誌',
      body: '每次修改資料、登入、登出與被拒絕的操作，含操作人、角色、時間、來源位址、結果與修改前後的值；密碼等機密只標示「已變更」。\n可依操作人、模組與操作、記錄、結果與日期篩選，按「查看」看欄位差異；日誌不能修改或刪除。',
      keywords: '系統操作日誌 稽核 登入紀錄 誰修改 欄位差異 安全',
    },
    'zh-CN': {
      title: '系统操作日志',
      body: '每次修改数据、登录、退出与被拒绝的操作，含操作人、角色、时间、来源地址、结果与修改前后的值；密码等机密只标示“已变更”。\n可按操作人、模块与操作、记录、结果与日期筛选，点击“查看”看字段差异；日志不能修改或删除。',
      keywords: '系统操作日志 审计 登录记录 谁修改 字段差异 安全',
    },
    'en-US': {
      title: 'Operation log',
      body: 'Every change of data, sign-in, sign-out and refused call: who, role, time, client address, outcome and the values before and after; secrets such as passwords are only marked "changed".\nFilter by member, module and action, record, outcome and dates; "View" shows the field diff. Entries cannot be changed or removed.',
      keywords: 'system audit trail sign-in record field diff security',
    },
  },
  {
    id: 'admissionsCycles',
    path: '/systemSetup/admissionsCycles',
    perm: PERM.cycleList,
    'zh-TW': {
      title: '招生週期',
      body: '每個 UCAS 招生週期（入學年份）的提前截止日、平等考量截止日與最終截止日（英國時間 18:00）。UCAS 改日期時在此編輯並儲存，申請表的檢查與提醒立即採用新日期。',
      keywords: '招生週期 UCAS 截止日 入學年份 牛津 劍橋 醫學 Clearing',
    },
    'zh-CN': {
      title: '招生周期',
      body: '每个 UCAS 招生周期（入学年份）的提前截止日、平等考量截止日与最终截止日（英国时间 18:00）。UCAS 改日期时在此编辑并保存，申请表的检查与提醒立即采用新日期。',
      keywords: '招生周期 UCAS 截止日 入学年份 牛津 剑桥 医学 Clearing',
    },
    'en-US': {
      title: 'Admissions cycles',
      body: "Each UCAS cycle (entry year) with its early, equal-consideration and final deadlines (18:00 UK time). When UCAS moves a date, edit the cycle and save: the application form's checks and the reminders use it at once.",
      keywords: 'admissions cycle UCAS deadline entry year Oxford Cambridge medicine Clearing',
    },
  },
  {
    id: 'visaStages',
    path: '/systemSetup/visaStages',
    perm: PERM.visaStageList,
    'zh-TW': {
      title: '簽證階段',
      body: '學生簽證清單的階段與順序：錄取條件達成、申請 CAS、CAS 簽發、資金證明、肺結核檢測、遞交簽證、簽證結果、出發、註冊入學。可改名、調整順序、設定所需文件類型、新增或停用階段；內建階段帶有 CAS 與資金規則，不能刪除。',
      keywords: '簽證 學生簽證 CAS 資金證明 肺結核 清單 階段 順序',
    },
    'zh-CN': {
      title: '签证阶段',
      body: '学生签证清单的阶段与顺序：录取条件达成、申请 CAS、CAS 签发、资金证明、肺结核检测、递交签证、签证结果、出发、注册入学。可改名、调整顺序、设置所需文件类型、新增或停用阶段；内置阶段带有 CAS 与资金规则，不能删除。',
      keywords: '签证 学生签证 CAS 资金证明 肺结核 清单 阶段 顺序',
    },
    'en-US': {
      title: 'Visa stages',
      body: 'The stages of the Student visa checklist and their order: offer met, CAS requested, CAS issued, financial evidence, TB test, visa applied, decision, travel, enrolled. Rename, reorder, set the document type a stage expects, add or disable stages; built-in stages carry the CAS and funds rules and cannot be removed.',
      keywords: 'visa Student visa CAS funds financial evidence TB checklist stage order',
    },
  },
  {
    id: 'dataRequests',
    path: '/systemSetup/dataRequests',
    perm: PERM.privacyList,
    'zh-TW': {
      title: '個資請求',
      body: '依英國 GDPR 記錄個人的資料查閱與刪除請求：收件日、一個月後的到期日、負責人與狀態；到期前 7、3、1 天提醒負責人。\n在員工或帳號清單按「匯出個人資料」，系統於背景產生壓縮檔（可讀摘要與 JSON），完成後連結送到訊息盒，7 天內可下載。',
      keywords: '個資 GDPR 資料查閱 刪除 匯出 請求 到期',
    },
    'zh-CN': {
      title: '个资请求',
      body: '依英国 GDPR 记录个人的数据查阅与删除请求：收件日、一个月后的到期日、负责人与状态；到期前 7、3、1 天提醒负责人。\n在员工或账号列表点击“导出个人数据”，系统在后台生成压缩包（可读摘要与 JSON），完成后链接发到消息盒，7 天内可下载。',
      keywords: '个资 GDPR 数据查阅 删除 导出 请求 到期',
    },
    'en-US': {
      title: 'Data requests',
      body: "Subject access and erasure requests under the UK GDPR: received, due one month later, who answers it and its status; the assignee is reminded 7, 3 and 1 days before the due date.\nOn the employee or account list, 'Export personal data' builds an archive (a readable summary and JSON) in the background; its link arrives in the message box and downloads for 7 days.",
      keywords: 'GDPR personal data subject access erasure export request due',
    },
  },
  {
    id: 'roleManage',
    path: '/accessManage/roleManage',
    perm: PERM.roleList,
    'zh-TW': {
      title: '角色管理',
      body: '角色決定會員可開啟的選單與按鈕。\n按「新增角色」輸入名稱（ROLE_ 開頭），勾選權限；「角色成員」可加入或移除會員。',
      keywords: '角色 權限 成員 授權 ROLE',
    },
    'zh-CN': {
      title: '角色管理',
      body: '角色决定会员可打开的菜单与按钮。\n点击“新增角色”输入名称（ROLE_ 开头），勾选权限；“角色成员”可加入或移除会员。',
      keywords: '角色 权限 成员 授权 ROLE',
    },
    'en-US': {
      title: 'Roles',
      body: 'Roles decide which menus and buttons members may use.\nClick "Add role", enter a name starting with ROLE_ and tick its permissions; "Role members" adds or removes members.',
      keywords: 'role permission members grant access ROLE',
    },
  },
  {
    id: 'menuManage',
    path: '/accessManage/menuManage',
    perm: PERM.menuList,
    'zh-TW': {
      title: '選單管理',
      body: '選單與按鈕權限的樹狀結構。\n按「新增選單」設定名稱、路徑、元件與圖示；可排序、隱藏、編輯或刪除。',
      keywords: '選單 菜單 按鈕 權限 路徑 排序',
    },
    'zh-CN': {
      title: '菜单管理',
      body: '菜单与按钮权限的树状结构。\n点击“新增菜单”设置名称、路径、组件与图标；可排序、隐藏、编辑或删除。',
      keywords: '菜单 选单 按钮 权限 路径 排序',
    },
    'en-US': {
      title: 'Menus',
      body: 'The tree of menus and button permissions.\nClick "Add menu" to set the name, path, component and icon; sort, hide, edit or delete items.',
      keywords: 'menu button permission path sort',
    },
  },
  {
    id: 'projectList',
    path: '/projectManage/projectList',
    perm: PERM.projectList,
    'zh-TW': {
      title: '全部專案',
      body: '所有專案與其狀態。\n按「新增專案」輸入名稱與說明；在專案中管理成員、分潤比例（固定比例合計不超過 100%）與專案章程。',
      keywords: '專案 項目 新增專案 成員 分潤 比例 章程',
    },
    'zh-CN': {
      title: '全部项目',
      body: '所有项目与其状态。\n点击“新增项目”输入名称与说明；在项目中管理成员、分润比例（固定比例合计不超过 100%）与项目章程。',
      keywords: '项目 专案 新增项目 添加项目 成员 分润 比例 章程',
    },
    'en-US': {
      title: 'All projects',
      body: 'Every project and its status.\nClick "New project" and enter a name and description; manage its members, shares (fixed shares at most 100% in all) and constitution inside the project.',
      keywords: 'project new add members share ratio constitution',
    },
  },
  {
    id: 'taskList',
    path: '/projectManage/taskList',
    perm: PERM.taskList,
    'zh-TW': {
      title: '全部任務',
      body: '所有專案的任務，可切換列表或看板。\n按「新增任務」選專案、負責人、截止日、KPI 類型與點數；完成的任務會寫入貢獻紀錄。',
      keywords: '任務 新增任務 指派 負責人 截止日 看板 KPI 點數',
    },
    'zh-CN': {
      title: '全部任务',
      body: '所有项目的任务，可切换列表或看板。\n点击“新增任务”选择项目、负责人、截止日、KPI 类型与点数；完成的任务会写入贡献记录。',
      keywords: '任务 新增任务 添加任务 指派 负责人 截止日 看板 KPI 点数',
    },
    'en-US': {
      title: 'All tasks',
      body: 'Every project\'s tasks, as a list or a board.\nClick "New task" to choose the project, assignee, due date, KPI type and points; a done task writes a contribution record.',
      keywords: 'task new add assign assignee due date board KPI points',
    },
  },
  {
    id: 'contributionList',
    path: '/projectManage/contributionList',
    perm: PERM.contributionList,
    'zh-TW': {
      title: '貢獻紀錄',
      body: '完成任務產生的貢獻紀錄（誰、哪個專案、點數、日期），以及過去 30 天的 KPI 彙總。',
      keywords: '貢獻 KPI 彙總 點數 績效',
    },
    'zh-CN': {
      title: '贡献记录',
      body: '完成任务产生的贡献记录（谁、哪个项目、点数、日期），以及过去 30 天的 KPI 汇总。',
      keywords: '贡献 KPI 汇总 点数 绩效',
    },
    'en-US': {
      title: 'Contribution records',
      body: 'The contribution records written by done tasks (who, project, points, day) and the KPI summary of the past 30 days.',
      keywords: 'contribution KPI summary points performance',
    },
  },
  {
    id: 'kpiTypeList',
    path: '/projectManage/kpiTypeList',
    perm: PERM.kpiTypeList,
    'zh-TW': {
      title: 'KPI 類型',
      body: '任務可選的 KPI 類型（三種語言名稱、單位與權重）。\n按「新增」建立；使用中的類型不能刪除，可停用。',
      keywords: 'KPI 類型 權重 單位',
    },
    'zh-CN': {
      title: 'KPI 类型',
      body: '任务可选的 KPI 类型（三种语言名称、单位与权重）。\n点击“新增”创建；使用中的类型不能删除，可停用。',
      keywords: 'KPI 类型 权重 单位',
    },
    'en-US': {
      title: 'KPI types',
      body: 'The KPI types tasks can have (names in three languages, unit, weight).\nClick "New KPI type" to add one; a type in use cannot be deleted but can be disabled.',
      keywords: 'KPI type weight unit',
    },
  },
];
