import { PERM } from '@study-crm/shared';
import type { HelpCardDef } from './types.js';

const APPS = '/applicationManage/applicationList';

// Help cards of the day-to-day screens: applications and what hangs off them, payments, feedback, messaging.
export const WORK_CARDS: readonly HelpCardDef[] = [
  {
    id: 'applicationList',
    path: APPS,
    perm: PERM.applicationList,
    'zh-TW': {
      title: '申請列表',
      body: '所有留學申請，依申請時間排序。\n按「新增申請」填寫學生資料、教育背景、語言成績與目標院校並儲存。\n用狀態、老師與日期篩選，或搜尋姓名、護照號碼、電子郵件；每列的動作可開啟跟進、付款與檔案。',
      keywords: '留學 申請 學生 新增學生 個案 新增申請 建立申請 狀態 錄取 CAS 篩選 搜尋',
    },
    'zh-CN': {
      title: '申请列表',
      body: '所有留学申请，按申请时间排序。\n点击“新增申请”填写学生资料、教育背景、语言成绩与目标院校并保存。\n用状态、老师与日期筛选，或搜索姓名、护照号码、电子邮件；每行的操作可打开跟进、付款与文件。',
      keywords: '留学 申请 学生 新增学生 添加学生 个案 新增申请 添加申请 新建申请 状态 录取 CAS 筛选 搜索',
    },
    'en-US': {
      title: 'Application list',
      body: 'Every study-abroad application, newest application date first.\nClick "New application" to enter the student, education, language scores and target schools, then save.\nFilter by status, teacher and date or search a name, passport number or e-mail; each row opens its follow-ups, payments and files.',
      keywords: 'applications student add student case new create status offer CAS filter search',
    },
  },
  {
    id: 'applicationDetail',
    path: APPS,
    perm: PERM.applicationView,
    'zh-TW': {
      title: '申請詳情',
      body: '在申請列表點學生姓名開啟。\n分段編輯個人資料、教育經歷、工作經驗、語言成績、推薦人、目標院校（UCAS 專業代碼最多 5 個）與重要備註。\n儲存前會再確認；別人先存過時會提示衝突。',
      keywords: '申請詳情 編輯申請 修改 個人資料 教育 語言成績 推薦人 目標院校 UCAS 護照',
    },
    'zh-CN': {
      title: '申请详情',
      body: '在申请列表点学生姓名打开。\n分段编辑个人资料、教育经历、工作经验、语言成绩、推荐人、目标院校（UCAS 专业代码最多 5 个）与重要备注。\n保存前会再确认；别人先保存过时会提示冲突。',
      keywords: '申请详情 编辑申请 修改 个人资料 教育 语言成绩 推荐人 目标院校 UCAS 护照',
    },
    'en-US': {
      title: 'Application detail',
      body: "Open it from the application list by clicking the student's name.\nEdit personal info, education, work experience, language scores, referrers, target schools (at most 5 with a UCAS code) and important notes.\nSaving asks for confirmation and warns when someone else saved first.",
      keywords: 'edit application detail personal education language score referrer target school UCAS passport',
    },
  },
  {
    id: 'userFollow',
    path: APPS,
    perm: PERM.followList,
    'zh-TW': {
      title: '跟進記錄',
      body: '在申請列表某一列按「跟進」開啟。\n按「新增跟進」選服務項目、跟進老師與簽約日期；完成後勾選完成。\n跟進老師會在訊息盒收到待辦，到期日為簽約日期；頁面上方顯示服務完成比例。',
      keywords: '跟進 跟進記錄 新增跟進 服務 待辦 簽約日期 老師 進度',
    },
    'zh-CN': {
      title: '跟进记录',
      body: '在申请列表某一行点击“跟进”打开。\n点击“新增跟进”选择服务项目、跟进老师与签约日期；完成后勾选完成。\n跟进老师会在消息盒收到待办，到期日为签约日期；页面上方显示服务完成比例。',
      keywords: '跟进 跟进记录 新增跟进 添加跟进 服务 待办 签约日期 老师 进度',
    },
    'en-US': {
      title: 'Follow-ups',
      body: 'Open it with the "Follow-up" action of an application in the application list.\nClick "Add follow-up" to choose the service, the follow-up teacher and the contract date; tick it done when finished.\nThe follow-up teacher gets a to-do due on the contract date; the header shows the share of the service completed.',
      keywords: 'follow-up follow up add service to-do contract date teacher progress',
    },
  },
  {
    id: 'userTransactions',
    path: APPS,
    perm: PERM.paymentUserList,
    'zh-TW': {
      title: '學生付款記錄',
      body: '在申請列表某一列按「付款」開啟，只列出這位學生的付款。\n可在這裡為該申請新增、確認或作廢付款，上方顯示各幣別合計。',
      keywords: '學生 付款 單一學生 申請的付款',
    },
    'zh-CN': {
      title: '学生付款记录',
      body: '在申请列表某一行点击“付款”打开，只列出这位学生的付款。\n可在这里为该申请新增、确认或作废付款，上方显示各币种合计。',
      keywords: '学生 付款 单个学生 申请的付款',
    },
    'en-US': {
      title: 'Student payments',
      body: 'Open it with the "Payments" action of an application in the application list; it lists that student\'s payments only.\nAdd, confirm or void that application\'s payments here; totals per currency are shown above.',
      keywords: 'student payments one student application payments',
    },
  },
  {
    id: 'userFiles',
    path: APPS,
    perm: PERM.fileList,
    'zh-TW': {
      title: '檔案管理',
      body: '在申請列表某一列按「檔案」開啟。\n把檔案拖到上傳區或點擊選擇，選檔案類型（護照、成績單、錄取通知、簽證…）；可預覽、下載、改名或刪除。',
      keywords: '檔案 上傳 文件 護照 成績單 錄取通知 簽證 下載 附件',
    },
    'zh-CN': {
      title: '文件管理',
      body: '在申请列表某一行点击“文件”打开。\n把文件拖到上传区或点击选择，选择文件类型（护照、成绩单、录取通知、签证…）；可预览、下载、改名或删除。',
      keywords: '文件 上传 档案 护照 成绩单 录取通知 签证 下载 附件',
    },
    'en-US': {
      title: 'Files',
      body: 'Open it with the "Files" action of an application in the application list.\nDrag files onto the upload area or click to choose, pick the file type (passport, transcript, offer letter, visa…); preview, download, rename or delete them.',
      keywords: 'files upload documents passport transcript offer letter visa download attachment',
    },
  },
  {
    id: 'transactions',
    path: '/transactionsManage/transactions',
    perm: PERM.paymentList,
    'zh-TW': {
      title: '付款記錄',
      body: '所有學生的付款記錄（收款與退款），上方顯示各幣別的合計與待確認金額。\n新增付款記錄：按「新增付款」，選擇申請、標題、類型、日期、金額與幣別，可附合約、付款截圖與收據，儲存前確認。\n確認後金額、幣別、日期與類型即鎖定；錯誤的記錄以退款或作廢更正。',
      keywords: '付款 付款記錄 新增付款 收款 退款 款項 金額 幣別 待確認 確認付款 作廢 收據 交易',
    },
    'zh-CN': {
      title: '付款记录',
      body: '所有学生的付款记录（收款与退款），上方显示各币种的合计与待确认金额。\n新增付款记录：点击“新增付款”，选择申请、标题、类型、日期、金额与币种，可附合同、付款截图与收据，保存前确认。\n确认后金额、币种、日期与类型即锁定；错误的记录以退款或作废更正。',
      keywords: '付款 付款记录 新增付款 添加付款 录入付款 收款 退款 款项 金额 币种 待确认 确认付款 作废 收据 交易',
    },
    'en-US': {
      title: 'Payment records',
      body: 'Every student\'s payment records (collections and refunds), with totals and amounts pending confirmation per currency above.\nTo add a payment record, click "Add payment": choose the application, title, type, date, amount and currency, attach contracts, payment screenshots or a receipt, and confirm the save.\nOnce confirmed, amount, currency, date and type are locked; correct a wrong record with a refund or a void.',
      keywords:
        'payment payments record add new collection refund amount currency pending confirm void receipt transaction',
    },
  },
  {
    id: 'tracks',
    path: '/tracksManage/tracks',
    perm: PERM.trackList,
    'zh-TW': {
      title: '付款操作日誌',
      body: '每筆付款記錄的建立、修改、確認、作廢與附件變更，含操作人、時間與修改前後的值。\n日誌只能查看，不能修改；可依付款記錄與時間篩選。',
      keywords: '操作日誌 付款日誌 稽核 歷史 誰改了 變更紀錄',
    },
    'zh-CN': {
      title: '付款操作日志',
      body: '每笔付款记录的创建、修改、确认、作废与附件变更，含操作人、时间与修改前后的值。\n日志只能查看，不能修改；可按付款记录与时间筛选。',
      keywords: '操作日志 付款日志 审计 历史 谁改了 变更记录',
    },
    'en-US': {
      title: 'Payment operation log',
      body: 'Every create, update, confirm, void and attachment change of the payment records, with who, when and the values before and after.\nThe log is read-only; filter it by payment record and time.',
      keywords: 'operation log audit history who changed payment log',
    },
  },
  {
    id: 'feedback',
    path: '/feedbackManage/feedback',
    perm: PERM.feedbackList,
    'zh-TW': {
      title: '意見回饋',
      body: '學生與家長的留言，可依狀態（未回覆、已回覆）與時間篩選或搜尋。\n點「詳情」查看留言與回覆紀錄，輸入回覆後確認送出；回覆會寄到留言人的電子郵件或訊息盒，送出後不能修改。\n「匯出 Excel」匯出篩選後的列表。',
      keywords: '回饋 意見 留言 反饋 回覆 未回覆 匯出 家長 投訴',
    },
    'zh-CN': {
      title: '意见反馈',
      body: '学生与家长的留言，可按状态（未回复、已回复）与时间筛选或搜索。\n点“详情”查看留言与回复记录，输入回复后确认发送；回复会发到留言人的电子邮件或消息盒，发送后不能修改。\n“导出 Excel”导出筛选后的列表。',
      keywords: '反馈 意见 留言 回馈 回复 未回复 导出 家长 投诉',
    },
    'en-US': {
      title: 'Feedback',
      body: 'Messages from students and parents; filter by status (open, answered) and time, or search.\nClick "Detail" to read the message and its replies, type a reply and confirm to send it; it reaches the sender by e-mail or message box and cannot be edited afterwards.\n"Export Excel" exports the filtered list.',
      keywords: 'feedback message reply answer unanswered open export parent complaint',
    },
  },
  {
    id: 'emailManage',
    path: '/message/emailManage',
    perm: PERM.emailList,
    'zh-TW': {
      title: '郵件管理',
      body: '已寄出與排隊中的電子郵件及每位收件人的寄送狀態。\n寫郵件：按「新增郵件」，選寄件伺服器、收件人（逗號分隔）、範本或主旨與內容，可加附件，預覽後寄出。\n失敗的收件人可重新寄送。',
      keywords: '郵件 電子郵件 寄信 發送郵件 新增郵件 收件人 附件 重新寄送 email',
    },
    'zh-CN': {
      title: '邮件管理',
      body: '已发送与排队中的电子邮件及每位收件人的发送状态。\n写邮件：点击“新增邮件”，选择发件服务器、收件人（逗号分隔）、模板或主题与内容，可加附件，预览后发送。\n失败的收件人可重新发送。',
      keywords: '邮件 电子邮件 发邮件 发送邮件 新增邮件 收件人 附件 重新发送 email',
    },
    'en-US': {
      title: 'E-mails',
      body: 'E-mails sent and queued, with the delivery status of each recipient.\nTo write one, click "New e-mail": choose the mail server, recipients (comma-separated), a template or a subject and content, add attachments, preview and send.\nFailed recipients can be sent again.',
      keywords: 'email e-mail send mail new recipients attachment resend',
    },
  },
  {
    id: 'emailSenderManage',
    path: '/message/emailSenderManage',
    perm: PERM.mailSenderList,
    'zh-TW': {
      title: '郵件伺服器',
      body: '寄信用的 SMTP 伺服器：主機、連接埠、信箱帳號與密碼（加密保存，不會顯示）。\n按「新增」加入伺服器，「測試連線」檢查設定是否正確。',
      keywords: 'SMTP 郵件伺服器 寄件 信箱 密碼 連接埠 測試連線',
    },
    'zh-CN': {
      title: '邮件服务器',
      body: '发信用的 SMTP 服务器：主机、端口、邮箱账号与密码（加密保存，不会显示）。\n点击“新增”添加服务器，“测试连接”检查设置是否正确。',
      keywords: 'SMTP 邮件服务器 发件 邮箱 密码 端口 测试连接',
    },
    'en-US': {
      title: 'Mail servers',
      body: 'The SMTP servers e-mails are sent through: host, port, mailbox account and password (encrypted, never shown).\nClick "Add" to add one and "Test connection" to check its settings.',
      keywords: 'SMTP mail server sender mailbox password port test connection',
    },
  },
  {
    id: 'noticeManage',
    path: '/message/noticeManage',
    perm: PERM.noticeList,
    'zh-TW': {
      title: '會員通知',
      body: '發到會員訊息盒的通知。\n按「新增」輸入標題與內容，選收件會員或「全部會員」，確認後發出；可編輯或刪除。',
      keywords: '通知 會員通知 公告 訊息盒 廣播 全部會員',
    },
    'zh-CN': {
      title: '会员通知',
      body: '发到会员消息盒的通知。\n点击“新增”输入标题与内容，选择收件会员或“全部会员”，确认后发出；可编辑或删除。',
      keywords: '通知 会员通知 公告 消息盒 广播 全部会员',
    },
    'en-US': {
      title: 'Member notices',
      body: 'Notices posted to members\' message boxes.\nClick "Add", enter a title and content, choose members or "All members", and confirm; notices can be edited or deleted.',
      keywords: 'notice member notices message box broadcast all members',
    },
  },
  {
    id: 'smsManage',
    path: '/message/smsManage',
    perm: PERM.smsList,
    'zh-TW': {
      title: '簡訊管理',
      body: '群發簡訊：按「新增簡訊」，上傳收件人 .xlsx 檔、選發送終端與範本或輸入內容，選立即或排程發送並確認。\n每批次可查看每位收件人的發送狀態。',
      keywords: '簡訊 SMS 群發 發送簡訊 新增簡訊 Excel xlsx 收件人 排程',
    },
    'zh-CN': {
      title: '短信管理',
      body: '群发短信：点击“新增短信”，上传收件人 .xlsx 文件、选择发送终端与模板或输入内容，选择立即或定时发送并确认。\n每批次可查看每位收件人的发送状态。',
      keywords: '短信 SMS 群发 发送短信 新增短信 Excel xlsx 收件人 定时',
    },
    'en-US': {
      title: 'SMS',
      body: 'Bulk SMS: click "New SMS", upload the recipients as an .xlsx file, choose the sending terminal and a template or type the content, send now or schedule, and confirm.\nEach batch shows the delivery status of every recipient.',
      keywords: 'SMS text message bulk send new xlsx excel recipients schedule',
    },
  },
  {
    id: 'templateManage',
    path: '/message/templateManage',
    perm: PERM.templateList,
    'zh-TW': {
      title: '範本管理',
      body: '郵件、簡訊與會員通知的範本，可用學生、申請與老師的變數。\n按「新增」選類型、輸入名稱、標題與內容；可預覽、編輯或刪除。',
      keywords: '範本 模板 郵件範本 簡訊範本 變數',
    },
    'zh-CN': {
      title: '模板管理',
      body: '邮件、短信与会员通知的模板，可用学生、申请与老师的变量。\n点击“新增”选择类型、输入名称、标题与内容；可预览、编辑或删除。',
      keywords: '模板 范本 邮件模板 短信模板 变量',
    },
    'en-US': {
      title: 'Templates',
      body: 'Templates for e-mails, SMS and member notices, with student, application and teacher variables.\nClick "Add", choose the type, enter a name, title and content; preview, edit or delete them.',
      keywords: 'template email template SMS template variables',
    },
  },
];
