import { type Lang, PASSWORD_LENGTH, type PasswordRule, passwordRuleMessages, passwordViolations } from '@byeol/contract';
import type { Answer } from '../../lib/answer';
import { useLang } from '../../lib/use-site';
import { TextField } from '../../ui/fields';

/** Whether a new password may be sent: it breaks no SPEC §5 rule (against the account's ID) and the confirmation matches. */
export function newPasswordReady(passwd: string, confirm: string, id: string): boolean {
  return passwd !== '' && passwordViolations(passwd, id).length === 0 && confirm === passwd;
}

/** The texts of the rules a PASSWORD_RULE refusal lists (rslt_set.rules), in `lang`. */
export function brokenRuleTexts(res: Answer<unknown>, lang: Lang): string[] {
  const rules = ((res.rslt_set as { rules?: unknown } | null)?.rules ?? []) as PasswordRule[];
  return rules.filter((r) => r in passwordRuleMessages).map((r) => passwordRuleMessages[r][lang]);
}

/**
 * A new password and its confirmation (name="passwd" / "passwd_confirm"): each SPEC §5 rule the password
 * breaks is shown live under it, the length rule as the hint, and a mismatching confirmation under the
 * confirmation; the server's refusals follow. Used by the join, the password reset and the password change.
 */
export function NewPasswordFields({
  idPrefix,
  accountId,
  passwd,
  confirm,
  onPasswd,
  onConfirm,
  errors,
  labels,
  required,
}: {
  /** The inputs' ids are `${idPrefix}-passwd` and `${idPrefix}-passwd-confirm`. */
  idPrefix: string;
  /** The ID the password must not contain (the same_as_id rule). */
  accountId: string;
  passwd: string;
  confirm: string;
  onPasswd: (value: string) => void;
  onConfirm: (value: string) => void;
  /** The server's refusals of each field. */
  errors: { passwd?: readonly string[]; passwd_confirm?: readonly string[] };
  /** The password's and the confirmation's labels, and the note shown when the password breaks no rule. */
  labels: { passwd: string; confirm: string; ok: string };
  required?: boolean;
}) {
  const lang = useLang();
  const violations = passwd ? passwordViolations(passwd, accountId) : [];
  const mismatch = confirm !== '' && confirm !== passwd;
  return (
    <>
      <TextField
        id={`${idPrefix}-passwd`}
        name="passwd"
        type="password"
        label={labels.passwd}
        autoComplete="new-password"
        maxLength={PASSWORD_LENGTH.max}
        required={required}
        value={passwd}
        onChange={(e) => onPasswd(e.target.value)}
        errors={[...violations.map((rule) => passwordRuleMessages[rule][lang]), ...(errors.passwd ?? [])]}
        success={passwd && violations.length === 0 ? labels.ok : undefined}
        hint={passwordRuleMessages.length[lang]}
      />
      <TextField
        id={`${idPrefix}-passwd-confirm`}
        name="passwd_confirm"
        type="password"
        label={labels.confirm}
        autoComplete="new-password"
        maxLength={PASSWORD_LENGTH.max}
        required={required}
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        errors={[mismatch ? passwordRuleMessages.confirm[lang] : '', ...(errors.passwd_confirm ?? [])]}
      />
    </>
  );
}
