import { createContext, type ReactNode, useContext } from 'react';

/** Opens the sign-in panel; resolves true once signed in (at once when already), false when closed without. */
export type OpenSignIn = () => Promise<boolean>;

const SignInContext = createContext<OpenSignIn | null>(null);

/**
 * Where the sign-in panel comes from: the app's composition (root.tsx) gives the account feature's panel
 * (features/account/sign-in-panel.tsx), so any feature can ask for a sign-in without knowing that feature.
 */
export function SignInProvider({ open, children }: { open: OpenSignIn; children: ReactNode }) {
  return <SignInContext.Provider value={open}>{children}</SignInContext.Provider>;
}

/**
 * The reusable sign-in panel (SPEC §4: a feature that needs an account, such as payment, opens it when
 * the visitor is signed out). After a sign-in the root data is reloaded, so the header and `useUser()`
 * show the new user.
 */
export function useSignIn(): { open: OpenSignIn } {
  const open = useContext(SignInContext);
  if (!open) throw new Error('useSignIn outside SignInProvider (root.tsx provides it)');
  return { open };
}
