import type { Lang } from './lang.js';

/**
 * One catalogue of API result codes (SPEC §7: rslt_cd 0 is success). Expected failures answer with a
 * stable non-zero code and a message in the caller's language; the HTTP status is only set apart from
 * 200 for what is not an API call at all, rate limits and faults.
 */
export const ResultCode = {
  OK: 0,
  /** A field has the wrong type, length or format; `{field}` names it. */
  INVALID_INPUT: 1001,
  /** A required field is missing; `{field}` names it. */
  REQUIRED: 1002,
  /** The body is larger than the server accepts. */
  BODY_TOO_LARGE: 1003,
  /** The body could not be decoded (broken encoding, unsupported content type). */
  MALFORMED_BODY: 1004,
  /** A state-changing call came without X-Api-Mode / X-Requested-With (CSRF defence). */
  API_HEADERS_REQUIRED: 1005,
  /** SPEC §6 'This is a login-required service'. */
  LOGIN_REQUIRED: 2001,
  /** The caller's role does not allow the action. */
  FORBIDDEN: 2002,
  /** ID or password wrong (never says which). */
  LOGIN_FAILED: 2101,
  /** SPEC §8: the failure limit is exceeded; verify the phone again, then log in. */
  LOGIN_LIMIT_EXCEEDED: 2102,
  /** The account was closed (withdrawn). */
  ACCOUNT_CLOSED: 2103,
  /** A password breaks a rule of SPEC §5; `{rule}` names the first, rslt_set.rules lists them all. */
  PASSWORD_RULE: 1101,
  /** SPEC §8 'passwords do not match'. */
  PASSWORD_MISMATCH: 1102,
  /** SPEC §5 'phone number must be accurate'. */
  PHONE_INVALID: 1103,
  /** The ID is taken. */
  DUPLICATE_ID: 4101,
  /** The nickname is taken. */
  DUPLICATE_NICK: 4102,
  /** SPEC §8 'pin code check': the pin is wrong; `{num}` tries left. */
  PIN_MISMATCH: 4201,
  /** The pin expired; send a new one. */
  PIN_EXPIRED: 4202,
  /** Too many wrong tries; the pin is void, send a new one. */
  PIN_VOID: 4203,
  /** A new pin can be sent in `{num}` seconds. */
  PIN_RESEND_WAIT: 4204,
  /** The phone verification is missing, expired or for another purpose. */
  VERIFY_REQUIRED: 4205,
  /** SPEC §8 'unregistered phone number': no account uses this phone (offer sign-up). */
  PHONE_UNREGISTERED: 4206,
  /** SPEC §8 'This country is not supported. Please use social login.' */
  COUNTRY_NOT_SUPPORTED: 4207,
  /** SPEC §8 'identity verification failed': the provider did not verify the person (or the verification was used). */
  IDENTITY_FAILED: 4301,
  /** The identity token is missing, spent, over 10 minutes old or for another purpose: verify again. */
  IDENTITY_REQUIRED: 4302,
  /** SPEC §5 'minors need legal guardian consent': an under-14 join without a guardian's verification. */
  GUARDIAN_REQUIRED: 4303,
  /** SPEC §8 'guardian name mismatch': the typed guardian name differs from the verified name. */
  GUARDIAN_NAME_MISMATCH: 4304,
  /** The verified guardian is not an adult (19+). */
  GUARDIAN_NOT_ADULT: 4305,
  /** The verified person is under 19: no adult verification (nothing is recorded). */
  UNDER_ADULT_AGE: 4306,
  /** SPEC §5 'age-restricted content needs adult verification'. */
  ADULT_REQUIRED: 4307,
  /** The account already holds another person's verified identity (or its guardian's). */
  IDENTITY_OTHER_PERSON: 4308,
  /** Only a personal account can apply for a broadcaster, K-star or program account. */
  APPLY_PERSONAL_ONLY: 4701,
  /** Applying needs identity verification first. */
  APPLY_IDENTITY_REQUIRED: 4702,
  /** The application cannot move to that state (final, or backwards). */
  APPLICATION_STATE: 4703,
  /** There is no account of that kind to switch to. */
  NO_OWNED_ACCOUNT: 4704,
  /** Recovery: the chosen account is not an active account of the verified phone. */
  RECOVERY_ACCOUNT_MISMATCH: 4601,
  /** Recovery: the chosen account signs in only with a social provider and has no password to reset. */
  RECOVERY_SOCIAL_ONLY: 4602,
  /** No such API call. */
  NOT_FOUND: 3001,
  /** No such record. */
  NO_DATA: 3002,
  /** Social login: the provider is unknown, not configured (no client id) or social login is switched off. */
  SOCIAL_PROVIDER_DISABLED: 4501,
  /** Social login: the sign-in request is unknown, already used, expired or was started in another browser. */
  SOCIAL_STATE_INVALID: 4502,
  /** Social login: the user cancelled or refused at the provider. */
  SOCIAL_DENIED: 4503,
  /** Social login: the provider answered an error, or its answer could not be verified. */
  SOCIAL_PROVIDER_ERROR: 4504,
  /** Social sign-up: no pending social sign-in in this browser (none, expired or already used). */
  SOCIAL_SIGNUP_EXPIRED: 4505,
  /** Social sign-up: this social identity already belongs to an account; log in with it. */
  SOCIAL_ALREADY_JOINED: 4506,
  /** SPEC §8 'already applied'. */
  ALREADY_APPLIED: 4001,
  /** SPEC §8 'service being prepared'. */
  SERVICE_PREPARING: 5001,
  /** SPEC §8 'unsupported service'. */
  UNSUPPORTED_SERVICE: 5002,
  /** SPEC §8 'menu not yet usable'. */
  MENU_NOT_USABLE: 5003,
  /** SPEC §8 'image upload failed, try again': the file is not a JPEG, PNG, WebP or GIF image, or is broken. */
  IMAGE_UPLOAD_FAILED: 4401,
  /** The image is larger than IMAGE_UPLOAD_MAX_BYTES; `{num}` is the limit in MB. */
  IMAGE_TOO_LARGE: 4402,
  /** The uploaded file sent with a form is unknown, someone else's, already used or expired. */
  UPLOAD_NOT_FOUND: 4403,
  /** SPEC §5 'age-restricted content needs adult verification': adult broadcast needs it first. */
  ADULT_SETTING_NEEDS_VERIFY: 4404,
  /** Withdrawal: the password is wrong. */
  WITHDRAW_PASSWORD_WRONG: 4405,
  /** Withdrawal without a password: the typed nickname is not the account's. */
  WITHDRAW_CONFIRM_MISMATCH: 4406,
  /** Restoring a withdrawal: the account is not closed, or its grace period of `{num}` days is over. */
  RESTORE_UNAVAILABLE: 4407,
  /** Media (ingest): the broadcast is not live (it ended or was already frozen), so it cannot be frozen. */
  BROADCAST_NOT_LIVE: 6001,
  /** Broadcaster side of live video: only a BJ account (type_cd bj) has a stream key and settings. */
  STREAM_BJ_ONLY: 6051,
  /** SPEC §5 'title' required-input message: the broadcast title is empty. */
  STREAM_TITLE_REQUIRED: 6052,
  /** The broadcast title is longer than `{max}` characters. */
  STREAM_TITLE_LENGTH: 6053,
  /** More than `{num}` tags, or a tag longer than `{max}` characters. */
  STREAM_TAGS_LIMIT: 6054,
  /** A quality level other than high, normal or low. */
  STREAM_QUALITY_INVALID: 6055,
  /** SPEC §5 'age-restricted content needs adult verification': an adult broadcast needs an adult-verified account. */
  STREAM_ADULT_NEEDS_VERIFY: 6056,
  /** Viewer side of live video: no broadcast has this vod_key. */
  BROADCAST_NOT_FOUND: 6101,
  /** The broadcast is not kept as a replay (still live, frozen, or not recorded). */
  REPLAY_NOT_FOUND: 6102,
  /** SPEC §1/§8 'mobile only': the site allows replay viewing on mobile only. */
  REPLAY_MOBILE_ONLY: 6103,
  /** A like is counted once per member and broadcast. */
  ALREADY_LIKED: 6104,
  /** The broadcast has ended (a heartbeat or like came too late). */
  BROADCAST_ENDED: 6105,
  /** SPEC §8 'broadcast frozen by an administrator'. */
  BROADCAST_FROZEN: 6106,
  /** Chat: the chat token (us) is missing, forged or expired; ask for a new one and join again. */
  CHAT_TOKEN_INVALID: 6201,
  /** SPEC §8 'forced out of the broadcast': a moderator forced this user out; no rejoin until the BJ lifts it. */
  CHAT_FORCED_OUT: 6202,
  /** SPEC §8 'blocked': the BJ or a manager blocked this user in this BJ's rooms. */
  CHAT_BLOCKED: 6203,
  /** The chat is frozen: only the BJ, managers and operators can write. */
  CHAT_FROZEN: 6204,
  /** This user's chat is suspended in this room. */
  CHAT_USER_FROZEN: 6205,
  /** Slow mode (or the per-user rate): `{num}` seconds until the next message. */
  CHAT_TOO_FAST: 6206,
  /** A message is empty or longer than `{max}` characters. */
  CHAT_MESSAGE_LENGTH: 6207,
  /** Links are not allowed in this room's chat. */
  CHAT_LINKS_NOT_ALLOWED: 6208,
  /** A send or a list before a successful ROOM_JOIN. */
  CHAT_NOT_JOINED: 6209,
  /** A frame that is not JSON `{service, param}` with a known service and valid fields. */
  CHAT_FRAME_INVALID: 6210,
  /** The whisper cannot be delivered: the receiver blocked the sender, or is a guest or yourself. */
  CHAT_WHISPER_REFUSED: 6211,
  /** The user an action is about is not in the room (or does not exist). */
  CHAT_TARGET_NOT_FOUND: 6212,
  /** The action does not apply to that user (the BJ, an operator, a moderator acting on a peer, yourself). */
  CHAT_TARGET_PROTECTED: 6213,
  /** No chat node is running: chat is unavailable for now. */
  CHAT_UNAVAILABLE: 6214,
  /** Too many requests; `{num}` minutes to wait (SPEC §8 'retry in {num} minutes'). */
  RATE_LIMITED: 9001,
  /** A fault on our side; never carries a stack or SQL. */
  INTERNAL_ERROR: 9999,
  /** Wallet: the amount is not a number (letters, symbols). */
  WALLET_AMOUNT_NOT_NUMBER: 7001,
  /** Wallet: the amount has a fraction, a decimal point or an exponent; whole numbers only. */
  WALLET_AMOUNT_NOT_WHOLE: 7002,
  /** Wallet: the amount is zero, negative or below the minimum `{min}`. */
  WALLET_AMOUNT_TOO_SMALL: 7003,
  /** Wallet: the amount is above the maximum `{max}`. */
  WALLET_AMOUNT_TOO_LARGE: 7004,
  /** Wallet: not enough `{currency}` (the site term) for this; nothing was charged. */
  WALLET_INSUFFICIENT: 7005,
  /** Wallet: the idempotency key was already used for a different request (another amount, receiver or kind). */
  WALLET_KEY_REUSED: 7006,
  /** Wallet: no active account is that user. */
  WALLET_USER_NOT_FOUND: 7007,
  /** Wallet: a gift to yourself. */
  WALLET_SELF_GIFT: 7008,
  /** Wallet: the receiver of a gift is not a broadcaster. */
  WALLET_NOT_BJ: 7009,
  /** Wallet: the ledger is overloaded for a moment; nothing was charged, try again. */
  WALLET_BUSY: 7010,
  /** Wallet: the BJ blocked this viewer from their rooms; no gift can be sent there. */
  WALLET_GIFT_BLOCKED: 7011,
  /** Wallet: details only go back `{months}` months besides the current one. */
  WALLET_MONTH_OUT_OF_RANGE: 7012,
  /** Items: no such item in the store. */
  ITEM_NOT_FOUND: 7101,
  /** Items: the item is no longer sold. */
  ITEM_NOT_ON_SALE: 7102,
  /** Items: this item cannot be bought as a gift. */
  ITEM_NOT_GIFTABLE: 7103,
  /** Items: the caller has no such item (or it is someone else's). */
  ITEM_USER_NOT_FOUND: 7104,
  /** Items: the item is past its validity period. */
  ITEM_EXPIRED: 7105,
  /** Items: the item was used `{max}` times today, its daily limit. */
  ITEM_DAILY_LIMIT: 7106,
  /** Items: the item was used up or refunded. */
  ITEM_USED_UP: 7107,
  /** Items: only an item in use can be stopped. */
  ITEM_NOT_IN_USE: 7108,
  /** Items: this item cannot be refunded (not refundable, or received as a gift). */
  ITEM_NOT_REFUNDABLE: 7109,
  /** Items: an item that was used cannot be refunded. */
  ITEM_REFUND_AFTER_USE: 7110,
  /** Items: the refund window of `{days}` days after the purchase has passed. */
  ITEM_REFUND_WINDOW: 7111,
  /** Items: the room given is not live (an item is announced only in a live room). */
  ITEM_NOT_LIVE_ROOM: 7112,
  /** Payments: no such package. */
  PAYMENT_PRODUCT_NOT_FOUND: 7201,
  /** Payments: the package is no longer sold. */
  PAYMENT_PRODUCT_NOT_ON_SALE: 7202,
  /** Payments: the depositor name is not a name a bank prints (letters, digits, spaces, at most {max} characters). */
  PAYMENT_DEPOSITOR_INVALID: 7203,
  /** Payments: income deduction needs a valid mobile number. */
  PAYMENT_RECEIPT_PHONE_INVALID: 7204,
  /** Payments: expense proof needs a valid business registration number (10 digits, check digit). */
  PAYMENT_RECEIPT_BIZ_NO_INVALID: 7205,
  /** Payments: the site has no bank account set (footer bank_account_nm), so bank deposit is unavailable. */
  PAYMENT_BANK_UNAVAILABLE: 7206,
  /** Payments: the member already has `{max}` bank deposit orders waiting for payment. */
  PAYMENT_TOO_MANY_PENDING: 7207,
  /** Payments: no such order. */
  PAYMENT_ORDER_NOT_FOUND: 7208,
  /** Payments: the order is another member's. */
  PAYMENT_ORDER_OTHER_USER: 7209,
  /** Payments: the order was already paid (credited once). */
  PAYMENT_ORDER_ALREADY_PAID: 7210,
  /** Payments: the order passed its deposit deadline. */
  PAYMENT_ORDER_EXPIRED: 7211,
  /** Payments: the order was cancelled. */
  PAYMENT_ORDER_CANCELLED: 7212,
  /** Payments: the order was rejected by an operator. */
  PAYMENT_ORDER_REJECTED: 7213,
  /** Payments: the depositor of the deposit differs from the order. */
  PAYMENT_DEPOSITOR_MISMATCH: 7214,
  /** Payments: the amount deposited differs from the order price. */
  PAYMENT_AMOUNT_MISMATCH: 7215,
  /** Payments: the deposit date is not between the order and its deadline (or in the future). */
  PAYMENT_DEPOSIT_DATE_INVALID: 7216,
  /** Payments: the deposit notification is not signed with the configured key. */
  PAYMENT_WEBHOOK_SIGNATURE: 7217,
  /** Payments: no single pending order matches the notified deposit (left for an operator). */
  PAYMENT_DEPOSIT_UNMATCHED: 7218,
  /** Payments (card): the amount sent back from the checkout is not the order price (tampered); nothing is charged. */
  PAYMENT_CARD_AMOUNT_MISMATCH: 7219,
  /** Payments (card): the order is not a card order. */
  PAYMENT_NOT_CARD_ORDER: 7220,
  /** Payments (card): the card company or the PG refused the payment (`{message}` is its reason); nothing was credited. */
  PAYMENT_PG_REFUSED: 7221,
  /** Payments (card): the PG could not be reached or failed; try again later. */
  PAYMENT_PG_UNAVAILABLE: 7222,
  /** Payments (card): the PG reported a payment for another order or amount; nothing was credited. */
  PAYMENT_PG_MISMATCH: 7223,
  /** Payments: the order was refunded. */
  PAYMENT_ORDER_REFUNDED: 7224,
  /** Payments: only a paid order can be refunded. */
  PAYMENT_REFUND_NOT_PAID: 7225,
  /** Payments: the buyer's wallet no longer holds what the order credited (`{balance}` of `{amount}`); nothing moved. */
  PAYMENT_REFUND_SPENT: 7226,
  /** Payments: the PG refused the refund (`{message}`); nothing moved. */
  PAYMENT_PG_REFUND_FAILED: 7227,
  /** Payments: the order is not a bank deposit order (a card order cannot be confirmed as a deposit). */
  PAYMENT_NOT_BANKBOOK_ORDER: 7228,
  /** Payments: a receipt exists only for a paid (or refunded) order. */
  PAYMENT_RECEIPT_NOT_PAID: 7229,
  /** Supporters: the site has supporters switched off (site switch `supporters`). */
  SUPPORTER_DISABLED: 7301,
  /** Supporters: no such plan. */
  SUPPORTER_PLAN_NOT_FOUND: 7302,
  /** Supporters: the plan is not on sale. */
  SUPPORTER_PLAN_NOT_ON_SALE: 7303,
  /** Supporters: the member to support is not an active broadcaster. */
  SUPPORTER_BJ_NOT_FOUND: 7304,
  /** Supporters: a member cannot support themselves. */
  SUPPORTER_SELF: 7305,
  /** Supporters: the member already auto-pays for this BJ. */
  SUPPORTER_AUTO_EXISTS: 7306,
  /** Supporters: no such charge (order id). */
  SUPPORTER_ORDER_NOT_FOUND: 7307,
  /** Supporters: the charge is another member's. */
  SUPPORTER_ORDER_OTHER_USER: 7308,
  /** Supporters: the charge is already paid (a second confirmation). */
  SUPPORTER_ORDER_ALREADY_PAID: 7309,
  /** Supporters: the checkout took too long; start again. */
  SUPPORTER_ORDER_EXPIRED: 7310,
  /** Supporters: this checkout failed already; start a new one. */
  SUPPORTER_ORDER_FAILED: 7311,
  /** Supporters: the amount differs from the charge. */
  SUPPORTER_AMOUNT_MISMATCH: 7312,
  /** Supporters: a regular charge confirmed as auto-pay or the other way round. */
  SUPPORTER_ORDER_TYPE: 7313,
  /** Supporters: the card registration is not the one issued for this charge. */
  SUPPORTER_CUSTOMER_MISMATCH: 7314,
  /** Supporters: the card company refused the payment; `{message}` is its reason. */
  SUPPORTER_PAYMENT_REFUSED: 7315,
  /** Supporters: the payment provider cannot be reached now. */
  SUPPORTER_PG_UNAVAILABLE: 7316,
  /** Supporters: no such support of the caller's. */
  SUPPORTER_NOT_FOUND: 7317,
  /** Supporters: only an active auto-pay can be cancelled. */
  SUPPORTER_NOT_AUTO_ACTIVE: 7318,
  /** Supporters: the details lists show the current month and the `{months}` before it. */
  SUPPORTER_MONTH_OUT_OF_RANGE: 7319,
} as const;
export type ResultCodeName = keyof typeof ResultCode;
export type ResultCodeValue = (typeof ResultCode)[ResultCodeName];

type Messages = Record<Lang, string>;

/** Messages per code and language; `{name}` placeholders are filled from the error's params. */
export const resultMessages: Record<ResultCodeName, Messages> = {
  OK: { ko: '성공', en: 'Success', ja: '成功', 'zh-CN': '成功' },
  INVALID_INPUT: {
    ko: '입력값이 올바르지 않습니다: {field}',
    en: 'Invalid value: {field}',
    ja: '入力値が正しくありません: {field}',
    'zh-CN': '输入值不正确：{field}',
  },
  REQUIRED: {
    ko: '필수 입력 항목입니다: {field}',
    en: 'This field is required: {field}',
    ja: '必須項目です: {field}',
    'zh-CN': '此项为必填项：{field}',
  },
  BODY_TOO_LARGE: {
    ko: '요청이 너무 큽니다.',
    en: 'The request is too large.',
    ja: 'リクエストが大きすぎます。',
    'zh-CN': '请求过大。',
  },
  MALFORMED_BODY: {
    ko: '요청 내용을 읽을 수 없습니다.',
    en: 'The request body could not be read.',
    ja: 'リクエストの内容を読み取れません。',
    'zh-CN': '无法读取请求内容。',
  },
  API_HEADERS_REQUIRED: {
    ko: '허용되지 않은 요청입니다.',
    en: 'This request is not allowed.',
    ja: '許可されていないリクエストです。',
    'zh-CN': '不允许此请求。',
  },
  LOGIN_FAILED: {
    ko: '아이디 또는 비밀번호가 올바르지 않습니다.',
    en: 'The ID or password is incorrect.',
    ja: 'IDまたはパスワードが正しくありません。',
    'zh-CN': 'ID或密码不正确。',
  },
  LOGIN_LIMIT_EXCEEDED: {
    ko: '로그인 실패 횟수를 초과했습니다. 휴대폰 인증을 다시 한 후 로그인해 주세요.',
    en: 'Too many failed logins. Verify your phone again, then log in.',
    ja: 'ログインの失敗回数が上限を超えました。携帯電話の認証をやり直してからログインしてください。',
    'zh-CN': '登录失败次数已超过上限。请重新进行手机验证后再登录。',
  },
  ACCOUNT_CLOSED: {
    ko: '탈퇴한 계정입니다.',
    en: 'This account has been closed.',
    ja: '退会したアカウントです。',
    'zh-CN': '该账号已注销。',
  },
  PASSWORD_RULE: {
    ko: '비밀번호 규칙에 맞지 않습니다.',
    en: 'The password does not follow the rules.',
    ja: 'パスワードのルールに合っていません。',
    'zh-CN': '密码不符合规则。',
  },
  PASSWORD_MISMATCH: {
    ko: '비밀번호가 일치하지 않습니다.',
    en: 'Passwords do not match.',
    ja: 'パスワードが一致しません。',
    'zh-CN': '两次输入的密码不一致。',
  },
  PHONE_INVALID: {
    ko: '휴대폰 번호를 정확하게 입력해 주세요.',
    en: 'Please enter an accurate phone number.',
    ja: '携帯電話番号を正確に入力してください。',
    'zh-CN': '请输入正确的手机号码。',
  },
  DUPLICATE_ID: {
    ko: '이미 사용 중인 아이디입니다.',
    en: 'This ID is already in use.',
    ja: 'このIDはすでに使われています。',
    'zh-CN': '该ID已被使用。',
  },
  DUPLICATE_NICK: {
    ko: '이미 사용 중인 닉네임입니다.',
    en: 'This nickname is already in use.',
    ja: 'このニックネームはすでに使われています。',
    'zh-CN': '该昵称已被使用。',
  },
  PIN_MISMATCH: {
    ko: '인증번호를 확인해 주세요. (남은 횟수 {num}회)',
    en: 'Please check the verification number. ({num} tries left)',
    ja: '認証番号をご確認ください。（残り{num}回）',
    'zh-CN': '请检查验证码。（剩余{num}次）',
  },
  PIN_EXPIRED: {
    ko: '인증번호 입력 시간이 지났습니다. 인증번호를 다시 받아 주세요.',
    en: 'The verification number has expired. Please request a new one.',
    ja: '認証番号の有効期限が切れました。再度受け取ってください。',
    'zh-CN': '验证码已过期，请重新获取。',
  },
  PIN_VOID: {
    ko: '인증번호를 여러 번 잘못 입력했습니다. 인증번호를 다시 받아 주세요.',
    en: 'Too many wrong verification numbers. Please request a new one.',
    ja: '認証番号の入力を複数回間違えました。再度受け取ってください。',
    'zh-CN': '验证码输入错误次数过多，请重新获取。',
  },
  PIN_RESEND_WAIT: {
    ko: '{num}초 후에 인증번호를 다시 받을 수 있습니다.',
    en: 'You can request a new verification number in {num} seconds.',
    ja: '{num}秒後に認証番号を再送できます。',
    'zh-CN': '{num}秒后可重新获取验证码。',
  },
  VERIFY_REQUIRED: {
    ko: '휴대폰 인증을 먼저 완료해 주세요.',
    en: 'Please complete phone verification first.',
    ja: '先に携帯電話の認証を完了してください。',
    'zh-CN': '请先完成手机验证。',
  },
  PHONE_UNREGISTERED: {
    ko: '가입되지 않은 휴대폰 번호입니다. 회원가입을 진행해 주세요.',
    en: 'This phone number is not registered. Please sign up.',
    ja: '登録されていない携帯電話番号です。会員登録をお願いします。',
    'zh-CN': '该手机号码未注册，请先注册。',
  },
  COUNTRY_NOT_SUPPORTED: {
    ko: '지원하지 않는 국가입니다. 소셜 로그인을 이용해 주세요.',
    en: 'This country is not supported. Please use social login.',
    ja: 'サポートされていない国です。ソーシャルログインをご利用ください。',
    'zh-CN': '不支持该国家/地区，请使用社交账号登录。',
  },
  RECOVERY_ACCOUNT_MISMATCH: {
    ko: '인증한 휴대폰 번호로 가입된 계정 중에서 선택해 주세요.',
    en: 'Please choose one of the accounts of the verified phone number.',
    ja: '認証した携帯電話番号で登録されたアカウントから選択してください。',
    'zh-CN': '请从已验证手机号码注册的账号中选择。',
  },
  RECOVERY_SOCIAL_ONLY: {
    ko: '소셜 로그인으로 가입한 계정은 비밀번호가 없습니다. 가입한 소셜 서비스로 로그인해 주세요.',
    en: 'This account signs in with social login and has no password. Please log in with that service.',
    ja: 'ソーシャルログインで登録したアカウントにはパスワードがありません。登録したソーシャルサービスでログインしてください。',
    'zh-CN': '通过社交账号注册的账号没有密码，请使用注册时的社交服务登录。',
  },
  LOGIN_REQUIRED: {
    ko: '로그인이 필요한 서비스입니다.',
    en: 'This is a login-required service.',
    ja: 'ログインが必要なサービスです。',
    'zh-CN': '此服务需要登录。',
  },
  FORBIDDEN: {
    ko: '권한이 없습니다.',
    en: 'You do not have permission.',
    ja: '権限がありません。',
    'zh-CN': '没有权限。',
  },
  IDENTITY_FAILED: {
    ko: '본인인증에 실패했습니다.',
    en: 'Identity verification failed.',
    ja: '本人認証に失敗しました。',
    'zh-CN': '身份验证失败。',
  },
  IDENTITY_REQUIRED: {
    ko: '본인인증을 다시 진행해 주세요.',
    en: 'Please verify your identity again.',
    ja: '本人認証をもう一度行ってください。',
    'zh-CN': '请重新进行身份验证。',
  },
  GUARDIAN_REQUIRED: {
    ko: '만 14세 미만은 법정대리인(보호자)의 동의가 필요합니다.',
    en: 'Users under 14 need the consent of a legal guardian.',
    ja: '14歳未満の方は法定代理人（保護者）の同意が必要です。',
    'zh-CN': '未满14岁的用户需要法定监护人的同意。',
  },
  GUARDIAN_NAME_MISMATCH: {
    ko: '법정대리인(보호자) 이름이 본인인증한 이름과 일치하지 않습니다.',
    en: "The guardian's name does not match the verified name.",
    ja: '法定代理人（保護者）の氏名が本人認証した氏名と一致しません。',
    'zh-CN': '监护人姓名与验证的姓名不一致。',
  },
  GUARDIAN_NOT_ADULT: {
    ko: '법정대리인(보호자)은 만 19세 이상이어야 합니다.',
    en: 'The legal guardian must be 19 or older.',
    ja: '法定代理人（保護者）は19歳以上である必要があります。',
    'zh-CN': '法定监护人必须年满19岁。',
  },
  UNDER_ADULT_AGE: {
    ko: '만 19세 미만은 성인인증을 할 수 없습니다.',
    en: 'Adult verification is only for people aged 19 or older.',
    ja: '19歳未満の方は成人認証を行えません。',
    'zh-CN': '未满19岁无法进行成人认证。',
  },
  ADULT_REQUIRED: {
    ko: '성인인증이 필요한 서비스입니다.',
    en: 'This service needs adult verification.',
    ja: '成人認証が必要なサービスです。',
    'zh-CN': '此服务需要成人认证。',
  },
  IDENTITY_OTHER_PERSON: {
    ko: '이 계정은 다른 사람 명의로 본인인증되어 있습니다.',
    en: "This account is verified under another person's identity.",
    ja: 'このアカウントは別の方の名義で本人認証されています。',
    'zh-CN': '此账号已用他人身份完成验证。',
  },
  APPLY_PERSONAL_ONLY: {
    ko: '개인 계정에서만 신청할 수 있습니다.',
    en: 'Only a personal account can apply.',
    ja: '個人アカウントからのみ申請できます。',
    'zh-CN': '只有个人账号可以申请。',
  },
  APPLY_IDENTITY_REQUIRED: {
    ko: '본인인증(성인인증)을 먼저 완료해 주세요.',
    en: 'Please complete identity (adult) verification first.',
    ja: '先に本人認証（成人認証）を完了してください。',
    'zh-CN': '请先完成身份（成人）认证。',
  },
  APPLICATION_STATE: {
    ko: '신청을 그 상태로 바꿀 수 없습니다.',
    en: 'The application cannot be moved to that state.',
    ja: '申請をその状態に変更できません。',
    'zh-CN': '无法将申请更改为该状态。',
  },
  NO_OWNED_ACCOUNT: {
    ko: '전환할 계정이 없습니다.',
    en: 'There is no account to switch to.',
    ja: '切り替えるアカウントがありません。',
    'zh-CN': '没有可切换的账号。',
  },
  NOT_FOUND: {
    ko: '요청한 기능을 찾을 수 없습니다.',
    en: 'No such call.',
    ja: 'リクエストされた機能が見つかりません。',
    'zh-CN': '找不到请求的功能。',
  },
  NO_DATA: {
    ko: '데이터가 없습니다.',
    en: 'No data.',
    ja: 'データがありません。',
    'zh-CN': '没有数据。',
  },
  SOCIAL_PROVIDER_DISABLED: {
    ko: '사용할 수 없는 소셜 로그인입니다.',
    en: 'This social login is not available.',
    ja: 'このソーシャルログインは利用できません。',
    'zh-CN': '此社交登录不可用。',
  },
  SOCIAL_STATE_INVALID: {
    ko: '로그인 요청이 만료되었거나 올바르지 않습니다. 다시 시도해 주세요.',
    en: 'The sign-in request has expired or is not valid. Please try again.',
    ja: 'ログインリクエストの有効期限が切れたか、正しくありません。もう一度お試しください。',
    'zh-CN': '登录请求已过期或无效，请重试。',
  },
  SOCIAL_DENIED: {
    ko: '소셜 로그인이 취소되었습니다.',
    en: 'The social login was cancelled.',
    ja: 'ソーシャルログインがキャンセルされました。',
    'zh-CN': '社交登录已取消。',
  },
  SOCIAL_PROVIDER_ERROR: {
    ko: '소셜 로그인 서비스에서 로그인을 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The social login service could not confirm the sign-in. Please try again shortly.',
    ja: 'ソーシャルログインサービスでログインを確認できませんでした。しばらくしてからもう一度お試しください。',
    'zh-CN': '社交登录服务无法确认登录，请稍后重试。',
  },
  SOCIAL_SIGNUP_EXPIRED: {
    ko: '소셜 회원가입 시간이 지났습니다. 소셜 로그인을 다시 해 주세요.',
    en: 'The social sign-up has expired. Please use social login again.',
    ja: 'ソーシャル会員登録の有効期限が切れました。もう一度ソーシャルログインしてください。',
    'zh-CN': '社交注册已过期，请重新使用社交登录。',
  },
  SOCIAL_ALREADY_JOINED: {
    ko: '이미 가입된 소셜 계정입니다. 로그인해 주세요.',
    en: 'This social account has already joined. Please log in.',
    ja: 'すでに登録済みのソーシャルアカウントです。ログインしてください。',
    'zh-CN': '该社交账号已注册，请登录。',
  },
  ALREADY_APPLIED: {
    ko: '이미 신청하셨습니다.',
    en: 'You have already applied.',
    ja: 'すでに申請済みです。',
    'zh-CN': '您已申请过。',
  },
  SERVICE_PREPARING: {
    ko: '서비스 준비 중입니다.',
    en: 'This service is being prepared.',
    ja: 'サービス準備中です。',
    'zh-CN': '服务准备中。',
  },
  UNSUPPORTED_SERVICE: {
    ko: '지원하지 않는 서비스입니다.',
    en: 'This service is not supported.',
    ja: 'サポートされていないサービスです。',
    'zh-CN': '不支持此服务。',
  },
  MENU_NOT_USABLE: {
    ko: '아직 이용할 수 없는 메뉴입니다.',
    en: 'This menu is not available yet.',
    ja: 'まだ利用できないメニューです。',
    'zh-CN': '此菜单暂不可用。',
  },
  IMAGE_UPLOAD_FAILED: {
    ko: '이미지 업로드에 실패했습니다. 다시 시도해 주세요.',
    en: 'The image upload failed. Please try again.',
    ja: '画像のアップロードに失敗しました。もう一度お試しください。',
    'zh-CN': '图片上传失败，请重试。',
  },
  IMAGE_TOO_LARGE: {
    ko: '이미지는 {num}MB 이하만 올릴 수 있습니다.',
    en: 'Images can be at most {num} MB.',
    ja: '画像は{num}MB以下のみアップロードできます。',
    'zh-CN': '图片大小不能超过{num}MB。',
  },
  UPLOAD_NOT_FOUND: {
    ko: '업로드한 파일을 찾을 수 없습니다. 다시 올려 주세요.',
    en: 'The uploaded file could not be found. Please upload it again.',
    ja: 'アップロードしたファイルが見つかりません。もう一度アップロードしてください。',
    'zh-CN': '找不到已上传的文件，请重新上传。',
  },
  ADULT_SETTING_NEEDS_VERIFY: {
    ko: '성인 방송을 보려면 성인 인증이 필요합니다.',
    en: 'Adult verification is required to watch adult broadcasts.',
    ja: '成人向け放送を見るには成人認証が必要です。',
    'zh-CN': '观看成人直播需要进行成人认证。',
  },
  WITHDRAW_PASSWORD_WRONG: {
    ko: '비밀번호가 올바르지 않습니다.',
    en: 'The password is incorrect.',
    ja: 'パスワードが正しくありません。',
    'zh-CN': '密码不正确。',
  },
  WITHDRAW_CONFIRM_MISMATCH: {
    ko: '닉네임을 정확하게 입력해 주세요.',
    en: 'Please type your nickname exactly.',
    ja: 'ニックネームを正確に入力してください。',
    'zh-CN': '请准确输入您的昵称。',
  },
  RESTORE_UNAVAILABLE: {
    ko: '복구할 수 있는 탈퇴 계정이 아닙니다. 탈퇴 후 {num}일 안에만 복구할 수 있습니다.',
    en: 'This account cannot be restored. A closed account can be restored only within {num} days.',
    ja: '復元できる退会アカウントではありません。退会後{num}日以内のみ復元できます。',
    'zh-CN': '该账号无法恢复。注销后仅可在{num}天内恢复。',
  },
  BROADCAST_NOT_LIVE: {
    ko: '진행 중인 방송이 아닙니다.',
    en: 'This broadcast is not live.',
    ja: '配信中の放送ではありません。',
    'zh-CN': '该直播当前未在进行。',
  },
  STREAM_BJ_ONLY: {
    ko: '방송은 BJ 계정에서만 할 수 있습니다. BJ 신청 후 BJ 계정으로 전환해 주세요.',
    en: 'Only a BJ account can broadcast. Apply for a BJ account and switch to it.',
    ja: 'ライブ配信はBJアカウントでのみ行えます。BJ申請後、BJアカウントに切り替えてください。',
    'zh-CN': '只有BJ账号可以直播。请申请BJ账号并切换到该账号。',
  },
  STREAM_TITLE_REQUIRED: {
    ko: '방송 제목을 입력해 주세요.',
    en: 'Please enter a broadcast title.',
    ja: '放送タイトルを入力してください。',
    'zh-CN': '请输入直播标题。',
  },
  STREAM_TITLE_LENGTH: {
    ko: '방송 제목은 {max}자까지 입력할 수 있습니다.',
    en: 'The broadcast title can be at most {max} characters.',
    ja: '放送タイトルは{max}文字まで入力できます。',
    'zh-CN': '直播标题最多可输入{max}个字符。',
  },
  STREAM_TAGS_LIMIT: {
    ko: '태그는 {num}개까지, 각 {max}자까지 입력할 수 있습니다.',
    en: 'Up to {num} tags, each at most {max} characters.',
    ja: 'タグは{num}個まで、各{max}文字まで入力できます。',
    'zh-CN': '标签最多{num}个，每个最多{max}个字符。',
  },
  STREAM_QUALITY_INVALID: {
    ko: '화질은 고화질, 일반 화질, 저화질 중에서 선택해 주세요.',
    en: 'Choose quality levels among high, normal and low.',
    ja: '画質は高画質・標準画質・低画質から選んでください。',
    'zh-CN': '请从高清、标清、流畅中选择画质。',
  },
  STREAM_ADULT_NEEDS_VERIFY: {
    ko: '성인 방송은 성인 인증을 마친 계정만 설정할 수 있습니다.',
    en: 'Only an adult-verified account can set an adult broadcast.',
    ja: '成人向け放送は成人認証済みのアカウントのみ設定できます。',
    'zh-CN': '只有完成成人认证的账号才能设置成人直播。',
  },
  BROADCAST_NOT_FOUND: {
    ko: '방송을 찾을 수 없습니다.',
    en: 'The broadcast could not be found.',
    ja: '放送が見つかりません。',
    'zh-CN': '找不到该直播。',
  },
  REPLAY_NOT_FOUND: {
    ko: '다시보기가 없는 방송입니다.',
    en: 'This broadcast has no replay.',
    ja: 'この放送にはアーカイブがありません。',
    'zh-CN': '该直播没有回放。',
  },
  REPLAY_MOBILE_ONLY: {
    ko: '다시보기는 모바일에서만 이용할 수 있습니다.',
    en: 'Replays are available on mobile only.',
    ja: 'アーカイブはモバイルでのみご利用いただけます。',
    'zh-CN': '回放仅支持在移动端观看。',
  },
  ALREADY_LIKED: {
    ko: '이미 좋아요를 눌렀습니다.',
    en: 'You already liked this broadcast.',
    ja: 'すでにいいねしています。',
    'zh-CN': '您已经点过赞了。',
  },
  BROADCAST_ENDED: {
    ko: '방송이 종료되었습니다.',
    en: 'The broadcast has ended.',
    ja: '放送は終了しました。',
    'zh-CN': '直播已结束。',
  },
  BROADCAST_FROZEN: {
    ko: '관리자에 의해 방송이 정지되었습니다.',
    en: 'This broadcast was frozen by an administrator.',
    ja: '管理者により放送が停止されました。',
    'zh-CN': '该直播已被管理员冻结。',
  },
  CHAT_TOKEN_INVALID: {
    ko: '채팅 연결이 만료되었습니다. 다시 연결해 주세요.',
    en: 'The chat connection expired. Please reconnect.',
    ja: 'チャット接続の有効期限が切れました。再接続してください。',
    'zh-CN': '聊天连接已过期，请重新连接。',
  },
  CHAT_FORCED_OUT: {
    ko: '방송에서 강제퇴장 되었습니다.',
    en: 'You were forced out of the broadcast.',
    ja: '放送から強制退場させられました。',
    'zh-CN': '您已被强制退出直播。',
  },
  CHAT_BLOCKED: {
    ko: '차단되었습니다.',
    en: 'You have been blocked.',
    ja: 'ブロックされています。',
    'zh-CN': '您已被屏蔽。',
  },
  CHAT_FROZEN: {
    ko: '채팅이 얼려져 있습니다. BJ와 매니저만 채팅할 수 있습니다.',
    en: 'The chat is frozen. Only the BJ and managers can chat.',
    ja: 'チャットが凍結されています。BJとマネージャーのみチャットできます。',
    'zh-CN': '聊天已冻结，仅主播和管理员可以发言。',
  },
  CHAT_USER_FROZEN: {
    ko: '채팅이 금지되었습니다.',
    en: 'Your chat has been suspended in this room.',
    ja: 'このルームでのチャットが停止されています。',
    'zh-CN': '您在此直播间的聊天已被禁止。',
  },
  CHAT_TOO_FAST: {
    ko: '{num}초 후에 다시 채팅할 수 있습니다.',
    en: 'You can chat again in {num} seconds.',
    ja: '{num}秒後に再びチャットできます。',
    'zh-CN': '{num}秒后可以再次发言。',
  },
  CHAT_MESSAGE_LENGTH: {
    ko: '채팅은 1자 이상 {max}자 이하로 입력해 주세요.',
    en: 'A message must be 1 to {max} characters.',
    ja: 'メッセージは1〜{max}文字で入力してください。',
    'zh-CN': '消息长度须为1至{max}个字符。',
  },
  CHAT_LINKS_NOT_ALLOWED: {
    ko: '이 방송에서는 링크를 보낼 수 없습니다.',
    en: 'Links are not allowed in this chat.',
    ja: 'このチャットではリンクを送信できません。',
    'zh-CN': '此聊天不允许发送链接。',
  },
  CHAT_NOT_JOINED: {
    ko: '채팅방에 입장한 후 이용해 주세요.',
    en: 'Join the chat room first.',
    ja: '先にチャットルームに入室してください。',
    'zh-CN': '请先进入聊天室。',
  },
  CHAT_FRAME_INVALID: {
    ko: '잘못된 채팅 요청입니다.',
    en: 'Invalid chat request.',
    ja: '不正なチャットリクエストです。',
    'zh-CN': '无效的聊天请求。',
  },
  CHAT_WHISPER_REFUSED: {
    ko: '귓속말을 보낼 수 없는 사용자입니다.',
    en: 'You cannot whisper to this user.',
    ja: 'このユーザーにはささやきを送れません。',
    'zh-CN': '无法向该用户发送悄悄话。',
  },
  CHAT_TARGET_NOT_FOUND: {
    ko: '채팅방에 없는 사용자입니다.',
    en: 'That user is not in this chat room.',
    ja: 'そのユーザーはチャットルームにいません。',
    'zh-CN': '该用户不在此聊天室。',
  },
  CHAT_TARGET_PROTECTED: {
    ko: '이 사용자에게는 할 수 없는 작업입니다.',
    en: 'This action cannot be applied to that user.',
    ja: 'このユーザーにはこの操作を行えません。',
    'zh-CN': '无法对该用户执行此操作。',
  },
  CHAT_UNAVAILABLE: {
    ko: '채팅 서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The chat server is unavailable. Please try again shortly.',
    ja: 'チャットサーバーに接続できません。しばらくしてからもう一度お試しください。',
    'zh-CN': '无法连接聊天服务器，请稍后重试。',
  },
  RATE_LIMITED: {
    ko: '{num}분 후에 다시 시도해 주세요.',
    en: 'Please try again in {num} minutes.',
    ja: '{num}分後にもう一度お試しください。',
    'zh-CN': '请在{num}分钟后重试。',
  },
  INTERNAL_ERROR: {
    ko: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'A temporary error occurred. Please try again shortly.',
    ja: '一時的なエラーが発生しました。しばらくしてからもう一度お試しください。',
    'zh-CN': '发生临时错误，请稍后重试。',
  },
  WALLET_AMOUNT_NOT_NUMBER: {
    ko: '수량은 숫자로 입력해 주세요.',
    en: 'Enter the amount as a number.',
    ja: '数量は数字で入力してください。',
    'zh-CN': '请输入数字作为数量。',
  },
  WALLET_AMOUNT_NOT_WHOLE: {
    ko: '수량은 소수점 없는 정수로 입력해 주세요.',
    en: 'Enter the amount as a whole number, without a decimal point.',
    ja: '数量は小数点のない整数で入力してください。',
    'zh-CN': '请输入不带小数点的整数数量。',
  },
  WALLET_AMOUNT_TOO_SMALL: {
    ko: '수량은 {min} 이상이어야 합니다.',
    en: 'The amount must be at least {min}.',
    ja: '数量は{min}以上で入力してください。',
    'zh-CN': '数量不能少于{min}。',
  },
  WALLET_AMOUNT_TOO_LARGE: {
    ko: '수량은 {max} 이하여야 합니다.',
    en: 'The amount can be at most {max}.',
    ja: '数量は{max}以下で入力してください。',
    'zh-CN': '数量不能超过{max}。',
  },
  WALLET_INSUFFICIENT: {
    ko: '{currency}이(가) 부족합니다.',
    en: 'You do not have enough {currency}.',
    ja: '{currency}が不足しています。',
    'zh-CN': '{currency}余额不足。',
  },
  WALLET_KEY_REUSED: {
    ko: '이미 다른 요청에 사용된 요청 키입니다. 새로 시도해 주세요.',
    en: 'This request key was already used for a different request. Please try again.',
    ja: 'このリクエストキーは別のリクエストで使用済みです。もう一度お試しください。',
    'zh-CN': '该请求密钥已用于其他请求，请重新尝试。',
  },
  WALLET_USER_NOT_FOUND: {
    ko: '존재하지 않는 회원입니다.',
    en: 'No such member.',
    ja: '存在しない会員です。',
    'zh-CN': '该会员不存在。',
  },
  WALLET_SELF_GIFT: {
    ko: '자기 자신에게는 선물할 수 없습니다.',
    en: 'You cannot send a gift to yourself.',
    ja: '自分自身にはプレゼントできません。',
    'zh-CN': '不能给自己送礼物。',
  },
  WALLET_NOT_BJ: {
    ko: '선물을 받을 수 없는 회원입니다.',
    en: 'This member cannot receive gifts.',
    ja: 'この会員はプレゼントを受け取れません。',
    'zh-CN': '该会员无法接收礼物。',
  },
  WALLET_BUSY: {
    ko: '요청이 많아 처리하지 못했습니다. 차감된 금액은 없으니 잠시 후 다시 시도해 주세요.',
    en: 'Too many requests right now. Nothing was charged; please try again shortly.',
    ja: 'リクエストが集中しています。引き落としはありません。しばらくしてからもう一度お試しください。',
    'zh-CN': '当前请求过多，未扣除任何金额，请稍后重试。',
  },
  WALLET_GIFT_BLOCKED: {
    ko: '이 방송에서는 선물할 수 없습니다.',
    en: 'You cannot send gifts in this broadcast.',
    ja: 'この放送ではプレゼントできません。',
    'zh-CN': '无法在此直播中送礼物。',
  },
  WALLET_MONTH_OUT_OF_RANGE: {
    ko: '이번 달과 지난 {months}개월의 내역만 볼 수 있습니다.',
    en: 'Only this month and the last {months} months can be shown.',
    ja: '今月と過去{months}か月分の履歴のみ表示できます。',
    'zh-CN': '只能查看本月及过去{months}个月的记录。',
  },
  ITEM_NOT_FOUND: {
    ko: '존재하지 않는 아이템입니다.',
    en: 'No such item.',
    ja: '存在しないアイテムです。',
    'zh-CN': '该道具不存在。',
  },
  ITEM_NOT_ON_SALE: {
    ko: '판매가 종료된 아이템입니다.',
    en: 'This item is no longer on sale.',
    ja: '販売が終了したアイテムです。',
    'zh-CN': '该道具已停止销售。',
  },
  ITEM_NOT_GIFTABLE: {
    ko: '선물할 수 없는 아이템입니다.',
    en: 'This item cannot be given as a gift.',
    ja: 'プレゼントできないアイテムです。',
    'zh-CN': '该道具不能作为礼物赠送。',
  },
  ITEM_USER_NOT_FOUND: {
    ko: '보유하지 않은 아이템입니다.',
    en: 'You do not have this item.',
    ja: '保有していないアイテムです。',
    'zh-CN': '您没有该道具。',
  },
  ITEM_EXPIRED: {
    ko: '사용 기간이 만료된 아이템입니다.',
    en: 'This item has expired.',
    ja: '使用期間が終了したアイテムです。',
    'zh-CN': '该道具已过期。',
  },
  ITEM_DAILY_LIMIT: {
    ko: '오늘 사용 가능 횟수({max}회)를 모두 사용했습니다.',
    en: 'This item was already used {max} times today, its daily limit.',
    ja: '本日の使用可能回数（{max}回）をすべて使用しました。',
    'zh-CN': '今日的使用次数（{max}次）已用完。',
  },
  ITEM_USED_UP: {
    ko: '이미 사용이 끝났거나 환불된 아이템입니다.',
    en: 'This item was already used up or refunded.',
    ja: '使用済みまたは払い戻し済みのアイテムです。',
    'zh-CN': '该道具已用完或已退款。',
  },
  ITEM_NOT_IN_USE: {
    ko: '사용 중인 아이템만 중지할 수 있습니다.',
    en: 'Only an item in use can be stopped.',
    ja: '使用中のアイテムのみ停止できます。',
    'zh-CN': '只能停止正在使用的道具。',
  },
  ITEM_NOT_REFUNDABLE: {
    ko: '환불할 수 없는 아이템입니다.',
    en: 'This item cannot be refunded.',
    ja: '払い戻しできないアイテムです。',
    'zh-CN': '该道具不可退款。',
  },
  ITEM_REFUND_AFTER_USE: {
    ko: '사용한 아이템은 환불할 수 없습니다.',
    en: 'An item that has been used cannot be refunded.',
    ja: '使用したアイテムは払い戻しできません。',
    'zh-CN': '已使用的道具不能退款。',
  },
  ITEM_REFUND_WINDOW: {
    ko: '구매 후 {days}일이 지나 환불할 수 없습니다.',
    en: 'Refunds are only possible within {days} days of the purchase.',
    ja: '購入から{days}日を過ぎたため払い戻しできません。',
    'zh-CN': '购买超过{days}天，无法退款。',
  },
  ITEM_NOT_LIVE_ROOM: {
    ko: '방송 중인 방에서만 사용할 수 있습니다.',
    en: 'Items can only be announced in a live broadcast.',
    ja: '放送中のルームでのみ使用できます。',
    'zh-CN': '只能在直播中的房间使用。',
  },
  PAYMENT_PRODUCT_NOT_FOUND: {
    ko: '존재하지 않는 상품입니다.',
    en: 'No such package.',
    ja: '存在しない商品です。',
    'zh-CN': '商品不存在。',
  },
  PAYMENT_PRODUCT_NOT_ON_SALE: {
    ko: '현재 판매하지 않는 상품입니다.',
    en: 'This package is no longer sold.',
    ja: '現在販売していない商品です。',
    'zh-CN': '该商品目前不再销售。',
  },
  PAYMENT_DEPOSITOR_INVALID: {
    ko: '입금자명을 정확히 입력해 주세요. (문자·숫자, 최대 {max}자)',
    en: 'Enter the depositor name as the bank shows it (letters and digits, at most {max} characters).',
    ja: '振込名義を正しく入力してください。（文字・数字、最大{max}文字）',
    'zh-CN': '请正确输入汇款人姓名（文字和数字，最多{max}个字符）。',
  },
  PAYMENT_RECEIPT_PHONE_INVALID: {
    ko: '소득공제용 휴대폰 번호를 정확히 입력해 주세요.',
    en: 'Enter a valid mobile number for the income deduction receipt.',
    ja: '所得控除用の携帯電話番号を正しく入力してください。',
    'zh-CN': '请正确输入用于所得扣除的手机号码。',
  },
  PAYMENT_RECEIPT_BIZ_NO_INVALID: {
    ko: '지출증빙용 사업자등록번호를 정확히 입력해 주세요.',
    en: 'Enter a valid business registration number for the expense proof receipt.',
    ja: '経費証憑用の事業者登録番号を正しく入力してください。',
    'zh-CN': '请正确输入用于支出凭证的营业执照号码。',
  },
  PAYMENT_BANK_UNAVAILABLE: {
    ko: '현재 무통장입금을 이용할 수 없습니다.',
    en: 'Bank deposit is not available at the moment.',
    ja: '現在、銀行振込はご利用いただけません。',
    'zh-CN': '目前无法使用银行转账。',
  },
  PAYMENT_TOO_MANY_PENDING: {
    ko: '입금 대기 중인 주문이 {max}건 있습니다. 입금하거나 취소한 뒤 다시 주문해 주세요.',
    en: 'You already have {max} orders waiting for a deposit. Pay or cancel one first.',
    ja: '入金待ちの注文が{max}件あります。入金またはキャンセルしてから再度ご注文ください。',
    'zh-CN': '您已有{max}笔待汇款订单，请先付款或取消后再下单。',
  },
  PAYMENT_ORDER_NOT_FOUND: {
    ko: '존재하지 않는 주문입니다.',
    en: 'No such order.',
    ja: '存在しない注文です。',
    'zh-CN': '订单不存在。',
  },
  PAYMENT_ORDER_OTHER_USER: {
    ko: '본인의 주문만 확인할 수 있습니다.',
    en: 'This order belongs to another member.',
    ja: 'ご本人の注文のみ確認できます。',
    'zh-CN': '只能查看本人的订单。',
  },
  PAYMENT_ORDER_ALREADY_PAID: {
    ko: '이미 입금 확인된 주문입니다.',
    en: 'This order has already been paid.',
    ja: 'すでに入金確認済みの注文です。',
    'zh-CN': '该订单已确认付款。',
  },
  PAYMENT_ORDER_EXPIRED: {
    ko: '입금 기한이 지난 주문입니다.',
    en: 'The deposit deadline of this order has passed.',
    ja: '入金期限を過ぎた注文です。',
    'zh-CN': '该订单已超过汇款期限。',
  },
  PAYMENT_ORDER_CANCELLED: {
    ko: '취소된 주문입니다.',
    en: 'This order was cancelled.',
    ja: 'キャンセルされた注文です。',
    'zh-CN': '该订单已取消。',
  },
  PAYMENT_ORDER_REJECTED: {
    ko: '입금이 확인되지 않아 처리되지 않은 주문입니다.',
    en: 'This order was rejected: no matching deposit was found.',
    ja: '入金が確認できず処理されなかった注文です。',
    'zh-CN': '未确认到汇款，该订单已被拒绝。',
  },
  PAYMENT_DEPOSITOR_MISMATCH: {
    ko: '입금자명이 주문과 다릅니다.',
    en: 'The depositor name differs from the order.',
    ja: '振込名義が注文と異なります。',
    'zh-CN': '汇款人姓名与订单不一致。',
  },
  PAYMENT_AMOUNT_MISMATCH: {
    ko: '입금액이 주문 금액과 다릅니다.',
    en: 'The amount deposited differs from the order amount.',
    ja: '入金額が注文金額と異なります。',
    'zh-CN': '汇款金额与订单金额不一致。',
  },
  PAYMENT_DEPOSIT_DATE_INVALID: {
    ko: '입금 일시가 주문 일시와 입금 기한 사이가 아닙니다.',
    en: 'The deposit date is not between the order time and its deadline.',
    ja: '入金日時が注文日時と入金期限の間ではありません。',
    'zh-CN': '汇款时间不在下单时间与汇款期限之间。',
  },
  PAYMENT_WEBHOOK_SIGNATURE: {
    ko: '입금 알림의 서명이 올바르지 않습니다.',
    en: 'The deposit notification signature is invalid.',
    ja: '入金通知の署名が正しくありません。',
    'zh-CN': '汇款通知的签名无效。',
  },
  PAYMENT_DEPOSIT_UNMATCHED: {
    ko: '입금 내역과 일치하는 대기 주문을 찾을 수 없습니다.',
    en: 'No single pending order matches this deposit.',
    ja: '入金内容と一致する入金待ち注文が見つかりません。',
    'zh-CN': '找不到与该汇款一致的待付款订单。',
  },
  PAYMENT_CARD_AMOUNT_MISMATCH: {
    ko: '결제 금액이 주문 금액과 다릅니다. 결제가 진행되지 않았습니다.',
    en: 'The payment amount differs from the order price. Nothing was charged.',
    ja: '決済金額が注文金額と異なります。決済は行われていません。',
    'zh-CN': '支付金额与订单金额不一致，未进行扣款。',
  },
  PAYMENT_NOT_CARD_ORDER: {
    ko: '카드 결제 주문이 아닙니다.',
    en: 'This order is not a card payment.',
    ja: 'カード決済の注文ではありません。',
    'zh-CN': '该订单不是银行卡支付订单。',
  },
  PAYMENT_PG_REFUSED: {
    ko: '결제가 승인되지 않았습니다: {message}',
    en: 'The payment was not approved: {message}',
    ja: '決済が承認されませんでした: {message}',
    'zh-CN': '支付未获批准：{message}',
  },
  PAYMENT_PG_UNAVAILABLE: {
    ko: '결제 대행사와 통신할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The payment provider cannot be reached. Please try again later.',
    ja: '決済代行会社と通信できません。しばらくしてから再度お試しください。',
    'zh-CN': '无法连接支付服务商，请稍后再试。',
  },
  PAYMENT_PG_MISMATCH: {
    ko: '결제 대행사의 결제 정보가 주문과 일치하지 않습니다.',
    en: 'The payment reported by the provider does not match the order.',
    ja: '決済代行会社の決済情報が注文と一致しません。',
    'zh-CN': '支付服务商的支付信息与订单不一致。',
  },
  PAYMENT_ORDER_REFUNDED: {
    ko: '환불된 주문입니다.',
    en: 'This order was refunded.',
    ja: '返金済みの注文です。',
    'zh-CN': '该订单已退款。',
  },
  PAYMENT_REFUND_NOT_PAID: {
    ko: '결제 완료된 주문만 환불할 수 있습니다.',
    en: 'Only a paid order can be refunded.',
    ja: '決済完了の注文のみ返金できます。',
    'zh-CN': '只有已支付的订单才能退款。',
  },
  PAYMENT_REFUND_SPENT: {
    ko: '구매자가 이미 사용하여 환불할 수 없습니다 (보유 {balance} / 환불 {amount}).',
    en: 'The buyer has already spent it, so it cannot be refunded (holds {balance} of {amount}).',
    ja: '購入者が既に使用したため返金できません（保有 {balance} / 返金 {amount}）。',
    'zh-CN': '购买者已使用，无法退款（持有 {balance} / 退款 {amount}）。',
  },
  PAYMENT_PG_REFUND_FAILED: {
    ko: '결제 대행사가 환불을 거절했습니다: {message}',
    en: 'The payment provider refused the refund: {message}',
    ja: '決済代行会社が返金を拒否しました: {message}',
    'zh-CN': '支付服务商拒绝了退款：{message}',
  },
  PAYMENT_NOT_BANKBOOK_ORDER: {
    ko: '무통장입금 주문이 아닙니다.',
    en: 'This order is not a bank deposit.',
    ja: '銀行振込の注文ではありません。',
    'zh-CN': '该订单不是银行汇款订单。',
  },
  PAYMENT_RECEIPT_NOT_PAID: {
    ko: '결제 완료된 주문만 영수증을 볼 수 있습니다.',
    en: 'A receipt is only available for a paid order.',
    ja: '領収書は決済完了の注文のみご覧いただけます。',
    'zh-CN': '只有已支付的订单才能查看收据。',
  },
  SUPPORTER_DISABLED: {
    ko: '서포터즈 서비스를 이용할 수 없습니다.',
    en: 'Supporters are not available on this site.',
    ja: 'サポーターズはご利用いただけません。',
    'zh-CN': '目前无法使用支持者服务。',
  },
  SUPPORTER_PLAN_NOT_FOUND: {
    ko: '존재하지 않는 서포터즈 상품입니다.',
    en: 'No such supporter plan.',
    ja: '存在しないサポーターズプランです。',
    'zh-CN': '该支持者方案不存在。',
  },
  SUPPORTER_PLAN_NOT_ON_SALE: {
    ko: '판매하지 않는 서포터즈 상품입니다.',
    en: 'This supporter plan is not on sale.',
    ja: '販売されていないサポーターズプランです。',
    'zh-CN': '该支持者方案已停售。',
  },
  SUPPORTER_BJ_NOT_FOUND: {
    ko: '후원할 수 있는 BJ가 아닙니다.',
    en: 'This member is not a broadcaster you can support.',
    ja: 'サポートできるBJではありません。',
    'zh-CN': '该会员不是可支持的主播。',
  },
  SUPPORTER_SELF: {
    ko: '본인을 후원할 수 없습니다.',
    en: 'You cannot support yourself.',
    ja: 'ご自身をサポートすることはできません。',
    'zh-CN': '不能支持自己。',
  },
  SUPPORTER_AUTO_EXISTS: {
    ko: '이미 이 BJ의 정기결제 서포터입니다.',
    en: 'You already support this BJ with auto-pay.',
    ja: 'すでにこのBJの定期決済サポーターです。',
    'zh-CN': '您已通过自动扣款支持该主播。',
  },
  SUPPORTER_ORDER_NOT_FOUND: {
    ko: '존재하지 않는 결제입니다.',
    en: 'No such payment.',
    ja: '存在しない決済です。',
    'zh-CN': '该付款不存在。',
  },
  SUPPORTER_ORDER_OTHER_USER: {
    ko: '본인의 결제만 확인할 수 있습니다.',
    en: 'This payment belongs to another member.',
    ja: 'ご本人の決済のみ確認できます。',
    'zh-CN': '只能查看本人的付款。',
  },
  SUPPORTER_ORDER_ALREADY_PAID: {
    ko: '이미 완료된 결제입니다.',
    en: 'This payment is already complete.',
    ja: 'すでに完了した決済です。',
    'zh-CN': '该付款已完成。',
  },
  SUPPORTER_ORDER_EXPIRED: {
    ko: '결제 시간이 지났습니다. 다시 시도해 주세요.',
    en: 'The payment time has run out. Please start again.',
    ja: '決済の有効時間が過ぎました。もう一度お試しください。',
    'zh-CN': '付款已超时，请重新开始。',
  },
  SUPPORTER_ORDER_FAILED: {
    ko: '실패한 결제입니다. 다시 시도해 주세요.',
    en: 'This payment failed. Please start again.',
    ja: '失敗した決済です。もう一度お試しください。',
    'zh-CN': '该付款失败，请重新开始。',
  },
  SUPPORTER_AMOUNT_MISMATCH: {
    ko: '결제 금액이 주문과 다릅니다.',
    en: 'The amount differs from the order.',
    ja: '決済金額が注文と異なります。',
    'zh-CN': '付款金额与订单不一致。',
  },
  SUPPORTER_ORDER_TYPE: {
    ko: '결제 방식이 주문과 다릅니다.',
    en: 'The payment type differs from the order.',
    ja: '決済方式が注文と異なります。',
    'zh-CN': '付款方式与订单不一致。',
  },
  SUPPORTER_CUSTOMER_MISMATCH: {
    ko: '카드 등록 정보가 주문과 다릅니다.',
    en: 'The card registration does not match the order.',
    ja: 'カード登録情報が注文と一致しません。',
    'zh-CN': '银行卡登记信息与订单不一致。',
  },
  SUPPORTER_PAYMENT_REFUSED: {
    ko: '결제가 거절되었습니다: {message}',
    en: 'The payment was refused: {message}',
    ja: '決済が拒否されました: {message}',
    'zh-CN': '付款被拒绝：{message}',
  },
  SUPPORTER_PG_UNAVAILABLE: {
    ko: '결제 서비스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The payment service cannot be reached. Please try again later.',
    ja: '決済サービスに接続できません。しばらくしてから再度お試しください。',
    'zh-CN': '无法连接付款服务，请稍后再试。',
  },
  SUPPORTER_NOT_FOUND: {
    ko: '존재하지 않는 서포터즈 내역입니다.',
    en: 'No such support.',
    ja: '存在しないサポーターズ履歴です。',
    'zh-CN': '该支持记录不存在。',
  },
  SUPPORTER_NOT_AUTO_ACTIVE: {
    ko: '진행 중인 정기결제가 아닙니다.',
    en: 'This is not an active auto-pay.',
    ja: '進行中の定期決済ではありません。',
    'zh-CN': '这不是进行中的自动扣款。',
  },
  SUPPORTER_MONTH_OUT_OF_RANGE: {
    ko: '조회할 수 없는 월입니다. 이번 달과 지난 {months}개월만 조회할 수 있습니다.',
    en: 'That month cannot be shown: only this month and the previous {months} months.',
    ja: '照会できない月です。今月と過去{months}か月のみ照会できます。',
    'zh-CN': '无法查询该月份：仅可查询本月及之前{months}个月。',
  },
};

const nameByCode = new Map<number, ResultCodeName>(Object.entries(ResultCode).map(([name, code]) => [code, name as ResultCodeName]));

export function resultCodeName(code: number): ResultCodeName | undefined {
  return nameByCode.get(code);
}

/** The message for a code in a language, with `{param}` placeholders filled. */
export function resultMessage(name: ResultCodeName, lang: Lang, params: Record<string, string | number> = {}): string {
  return resultMessages[name][lang].replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}
