// The account feature's public surface: what other features may import (docs/architecture.md#boundaries).
// Everything else in this folder is private to it; a route module may still import any file of it.
export { AgreementChecks, type Agreements, agreementFields, hasRequiredAgreements, NO_AGREEMENTS } from './agreements';
export { brokenRuleTexts, NewPasswordFields, newPasswordReady } from './new-password-fields';
export { PhoneVerify } from './phone-verify';
