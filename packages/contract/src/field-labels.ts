import type { Lang } from './lang.js';

/**
 * What the caller calls a field (issue 15: 'invalid input: value' showed an API field name). INVALID_INPUT
 * and REQUIRED name the refused field by its label here in the caller's language; `rslt_set.field` keeps
 * the API name, so a form still puts the message under the right input. A field with no label here is
 * left out of the message (UNNAMED_FIELD_MESSAGES) rather than shown by its API name.
 */
type Label = Readonly<Record<Lang, string>>;
const l = (ko: string, en: string, ja: string, zh: string): Label => ({ ko, en, ja, 'zh-CN': zh });

export const FIELD_LABELS: Readonly<Record<string, Label>> = {
  // Accounts: sign-up, sign-in, recovery, profile.
  id: l('아이디', 'ID', 'ID', '账号'),
  passwd: l('비밀번호', 'Password', 'パスワード', '密码'),
  passwd_confirm: l('비밀번호 확인', 'Password confirmation', 'パスワード（確認）', '确认密码'),
  current_passwd: l('현재 비밀번호', 'Current password', '現在のパスワード', '当前密码'),
  nick: l('닉네임', 'Nickname', 'ニックネーム', '昵称'),
  birth_date: l('생년월일', 'Date of birth', '生年月日', '出生日期'),
  sex: l('성별', 'Gender', '性別', '性别'),
  email: l('이메일', 'Email', 'メールアドレス', '电子邮箱'),
  phone_no: l('휴대폰 번호', 'Phone number', '携帯電話番号', '手机号码'),
  phone_country_num: l('국가 번호', 'Country code', '国番号', '国家代码'),
  pincode: l('인증번호', 'Verification number', '認証番号', '验证码'),
  verify_token: l('휴대폰 인증', 'Phone verification', '携帯電話認証', '手机验证'),
  otp: l('인증 코드', 'Authentication code', '認証コード', '动态验证码'),
  agree_terms: l('이용약관 동의', 'Agreement to the terms', '利用規約への同意', '同意使用条款'),
  agree_privacy: l(
    '개인정보 수집 및 이용 동의',
    'Agreement to the privacy policy',
    '個人情報の収集・利用への同意',
    '同意个人信息收集与使用',
  ),
  agree_marketing: l('마케팅 정보 수신 동의', 'Marketing consent', 'マーケティング情報の受信への同意', '同意接收营销信息'),
  guardian_name: l('보호자 이름', "Guardian's name", '保護者の氏名', '监护人姓名'),
  guardian_token: l('보호자 본인인증', "Guardian's verification", '保護者の本人確認', '监护人身份验证'),
  state_memo: l('상태 메시지', 'Status message', 'ステータスメッセージ', '状态消息'),
  confirm_nick: l('닉네임 확인', 'Nickname confirmation', 'ニックネームの確認', '确认昵称'),
  referral_code: l('추천인 코드', 'Referral code', '紹介コード', '推荐码'),
  // Posts, comments, reports, questions.
  title: l('제목', 'Title', 'タイトル', '标题'),
  content: l('내용', 'Content', '内容', '内容'),
  files: l('첨부 파일', 'Attachments', '添付ファイル', '附件'),
  file: l('파일', 'File', 'ファイル', '文件'),
  message: l('메시지', 'Message', 'メッセージ', '消息'),
  keyword: l('검색어', 'Search term', '検索ワード', '搜索词'),
  search_keyword: l('검색어', 'Search term', '検索ワード', '搜索词'),
  reason: l('사유', 'Reason', '理由', '原因'),
  question: l('질문', 'Question', '質問', '问题'),
  answer: l('답변', 'Answer', '回答', '回答'),
  category: l('분류', 'Category', 'カテゴリー', '分类'),
  report_type: l('신고 유형', 'Report type', '通報の種類', '举报类型'),
  tags: l('태그', 'Tags', 'タグ', '标签'),
  name: l('이름', 'Name', '名前', '名称'),
  image: l('이미지', 'Image', '画像', '图片'),
  image_url: l('이미지', 'Image', '画像', '图片'),
  banner: l('배너 이미지', 'Banner image', 'バナー画像', '横幅图片'),
  start_date: l('시작일', 'Start date', '開始日', '开始日期'),
  end_date: l('종료일', 'End date', '終了日', '结束日期'),
  // Broadcasting and channels.
  adult_yn: l('성인 방송', 'Adult broadcast', '成人向け配信', '成人直播'),
  record_yn: l('녹화', 'Recording', '録画', '录制'),
  login_required_yn: l('로그인 필요', 'Sign-in required', 'ログイン必須', '需要登录'),
  qualities: l('화질', 'Quality', '画質', '画质'),
  debut_date: l('데뷔일', 'Debut date', 'デビュー日', '出道日期'),
  agency: l('소속사', 'Agency', '所属事務所', '经纪公司'),
  intro: l('소개', 'Introduction', '紹介', '简介'),
  operating_plan: l('운영 계획', 'Operating plan', '運営計画', '运营计划'),
  social_url: l('SNS 주소', 'Social media URL', 'SNSのURL', '社交媒体链接'),
  business_no: l('사업자등록번호', 'Business registration number', '事業者登録番号', '营业执照号码'),
  video_url: l('영상 주소', 'Video URL', '動画のURL', '视频链接'),
  video_file_sn: l('영상 파일', 'Video file', '動画ファイル', '视频文件'),
  // Money.
  depositor_nm: l('입금자명', 'Depositor name', '振込名義', '汇款人姓名'),
  cash_receipt_type: l('현금영수증', 'Cash receipt', '現金領収書', '现金收据'),
  cash_receipt_no: l('현금영수증 번호', 'Cash receipt number', '現金領収書の番号', '现金收据号码'),
  product_sn: l('상품', 'Package', '商品', '商品'),
  amount: l('금액', 'Amount', '金額', '金额'),
  price: l('가격', 'Price', '価格', '价格'),
  star_cnt: l('수량', 'Amount', '数量', '数量'),
  cnt: l('수량', 'Quantity', '数量', '数量'),
  deposited_at: l('입금 일시', 'Deposit time', '入金日時', '汇款时间'),
  days: l('일수', 'Days', '日数', '天数'),
  // The site footer (SPEC §3), edited in the console.
  company_nm: l('상호', 'Company name', '商号', '公司名称'),
  ceo_nm: l('대표자', 'CEO', '代表者', '代表人'),
  reg_num: l('사업자등록번호', 'Business registration number', '事業者登録番号', '营业执照号'),
  online_business_num: l('통신판매업 신고번호', 'Mail-order business number', '通信販売業届出番号', '通信销售业申报号'),
  adr_nm: l('주소', 'Address', '住所', '地址'),
  phone1: l('전화번호 1', 'Phone 1', '電話番号1', '电话1'),
  phone2: l('전화번호 2', 'Phone 2', '電話番号2', '电话2'),
  hosting_business_nm: l('호스팅 서비스 제공자', 'Hosting provider', 'ホスティング提供者', '托管服务提供商'),
  bank_account_nm: l('입금 계좌', 'Bank account for deposits', '振込先口座', '汇款账户'),
};

/**
 * The label of an API field in a language: the field itself, else its first part (`files.2` → files);
 * undefined when the field has none (a paging or internal field: the message then leaves it out).
 */
export function fieldLabel(field: string, lang: Lang): string | undefined {
  const own = Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field] : undefined;
  if (own) return own[lang];
  const head = field.split('.')[0] ?? '';
  return head !== field && Object.hasOwn(FIELD_LABELS, head) ? FIELD_LABELS[head]?.[lang] : undefined;
}

/** The messages of the codes that name a `{field}`, for a field without a label: the field is left out. */
export const UNNAMED_FIELD_MESSAGES: Readonly<Record<string, Label>> = {
  INVALID_INPUT: l('입력값이 올바르지 않습니다.', 'Please check what you entered.', '入力値が正しくありません。', '输入值不正确。'),
  REQUIRED: l('필수 입력 항목을 입력해 주세요.', 'Please fill in the required fields.', '必須項目を入力してください。', '请填写必填项。'),
};
