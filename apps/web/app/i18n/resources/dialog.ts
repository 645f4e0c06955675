/**
 * Texts of the dialogs (ui/dialogs). Every language has every key (checked by i18n.test.ts).
 * SPEC §9 fixes the Korean buttons: 확인, 취소, 예, 아니오. SPEC §5 fixes the English validator
 * messages: 'Invalid email address', 'Invalid URL'.
 */
export const dialog = {
  ko: {
    button: { confirm: '확인', cancel: '취소', yes: '예', no: '아니오', close: '닫기' },
    title: { notice: '알림', dialog: '대화 상자' },
    toast: { region: '알림 메시지' },
    form: { required: '필수', counter: '{{length}}/{{max}}' },
    validation: {
      required: '필수 입력 항목입니다.',
      email: '올바르지 않은 이메일 주소입니다.',
      url: '올바르지 않은 URL입니다.',
      maxLength: '{{max}}자 이내로 입력해 주세요.',
    },
    crop: {
      title: '이미지 자르기',
      zoom: '확대',
      area: '자르기 영역',
      hint: '영역을 끌거나 방향키로 옮기고, 슬라이더로 확대하세요.',
      loading: '이미지를 불러오는 중입니다…',
      loadFailed: '이미지를 불러오지 못했습니다.',
      failed: '이미지를 처리하지 못했습니다. 다시 시도해 주세요.',
    },
  },
  en: {
    button: { confirm: 'OK', cancel: 'Cancel', yes: 'Yes', no: 'No', close: 'Close' },
    title: { notice: 'Notice', dialog: 'Dialog' },
    toast: { region: 'Notifications' },
    form: { required: 'required', counter: '{{length}}/{{max}}' },
    validation: {
      required: 'This field is required.',
      email: 'Invalid email address',
      url: 'Invalid URL',
      maxLength: 'Enter at most {{max}} characters.',
    },
    crop: {
      title: 'Crop image',
      zoom: 'Zoom',
      area: 'Crop area',
      hint: 'Drag the area or move it with the arrow keys; zoom with the slider.',
      loading: 'Loading image…',
      loadFailed: 'The image could not be loaded.',
      failed: 'The image could not be processed. Please try again.',
    },
  },
  ja: {
    button: { confirm: '確認', cancel: 'キャンセル', yes: 'はい', no: 'いいえ', close: '閉じる' },
    title: { notice: 'お知らせ', dialog: 'ダイアログ' },
    toast: { region: '通知' },
    form: { required: '必須', counter: '{{length}}/{{max}}' },
    validation: {
      required: '必須項目です。',
      email: '無効なメールアドレスです',
      url: '無効なURLです',
      maxLength: '{{max}}文字以内で入力してください。',
    },
    crop: {
      title: '画像の切り抜き',
      zoom: '拡大',
      area: '切り抜き範囲',
      hint: '範囲をドラッグまたは矢印キーで移動し、スライダーで拡大します。',
      loading: '画像を読み込んでいます…',
      loadFailed: '画像を読み込めませんでした。',
      failed: '画像を処理できませんでした。もう一度お試しください。',
    },
  },
  'zh-CN': {
    button: { confirm: '确定', cancel: '取消', yes: '是', no: '否', close: '关闭' },
    title: { notice: '提示', dialog: '对话框' },
    toast: { region: '通知' },
    form: { required: '必填', counter: '{{length}}/{{max}}' },
    validation: {
      required: '此项为必填项。',
      email: '无效的电子邮件地址',
      url: '无效的网址',
      maxLength: '最多输入 {{max}} 个字符。',
    },
    crop: {
      title: '裁剪图片',
      zoom: '缩放',
      area: '裁剪区域',
      hint: '拖动区域或用方向键移动，用滑块缩放。',
      loading: '正在加载图片…',
      loadFailed: '无法加载图片。',
      failed: '无法处理图片，请重试。',
    },
  },
} as const;

/** A key of this namespace, for `t()` in the dialogs (nested keys, '.' separated). */
export type DialogTextKey =
  | `button.${keyof typeof dialog.ko.button}`
  | `title.${keyof typeof dialog.ko.title}`
  | `validation.${keyof typeof dialog.ko.validation}`
  | `crop.${keyof typeof dialog.ko.crop}`;
