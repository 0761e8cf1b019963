/**
 * The account screens other than sign-in, loaded when one is opened (router.tsx): the sign-in page
 * is the one most visitors see first, so it alone ships with the entry.
 */
export { ChangePasswordPage } from './ChangePasswordPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { LoginTaskPage } from './LoginTaskPage';
export { LogoutPage } from './LogoutPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { SwitchUserPage } from './SwitchUserPage';
export { UnsubscribePage } from './UnsubscribePage';
export { UpdateUsernamePage } from './UpdateUsernamePage';
