/** Every user-visible message of the specification, written once and quoted exactly. */
export const messages = {
  common: {
    success: 'Success',
    invalidCredentials: 'Invalid credentials',
    sessionExpired: 'Your session has expired. Please sign in again.',
    forbidden: 'You do not have access to this.',
    notFound: 'Not found.',
    serverError: 'Something went wrong. Please try again.',
    validationFailed: 'Please correct the highlighted fields.',
    tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
    accountLocked:
      'This account is locked after too many failed sign-in attempts. Try again later or reset your password.',
    deleteFileConfirm: 'Are you sure want to delete this file?',
  },
  login: {
    usernameRequired: 'Please enter username',
    passwordRequired: 'Please enter password',
  },
  forgotPassword: {
    usernameRequired: 'Please enter registered username/email address',
    /** The same answer whether or not the account exists. */
    sent: 'If the account exists, we have e-mailed a link to reset the password.',
  },
  resetPassword: {
    bothRequired: 'Please enter both password & confirm password',
    minLength: 'Password must be at least 8 characters',
    mustMatch: 'Both passwords must be match',
    invalidToken: 'This password reset link is invalid or has expired.',
    done: 'Your password has been reset. Please sign in with your new password.',
  },
  changePassword: {
    currentRequired: 'Current password is required.',
    newRequired: 'New password is required.',
    newMinLength: 'New password must be at least 8 characters long.',
    newComplexity:
      'New password must contain at least one lowercase letter, one uppercase letter, one number, and one special character.',
    confirmRequired: 'Confirm new password is required.',
    mustMatch: 'Both passwords must match.',
    expiredBanner: 'Your password has expired. Please reset your password to a new one below:',
  },
  updateUsername: {
    title: 'Update Your Username',
    emailRequired: 'Please enter email address',
    emailInvalid: 'Please enter valid email address',
    inUse: 'This e-mail address is already used by another account.',
    done: 'Your username has been updated. Please sign in again with your e-mail address.',
  },
  unsubscribe: {
    done: "You have been unsubscribed from optional e-mails. To receive them again, contact your organisation's system admin.",
    invalidToken: 'This unsubscribe link is invalid.',
  },
  logout: { inProgress: 'Logging you out...' },
  dashboard: {
    passwordChangeRequired:
      'Your password has expired. Please change your password before using the dashboard.',
    supplierPortalDisabled:
      'The supplier portal is not enabled for your company. Please contact the organisation you work with.',
    suppliersHaveNoBarChart: 'The task overview chart is available to employees only.',
  },
  offline: { title: 'No Internet Connection' },
  action: {
    responseRequired: 'Please enter response',
    instructionRequired: 'Please enter instruction.',
    actionTypeRequired: 'Please select Action Type.',
    investigatorRequired: 'Please enter investigator.',
    dueDateRequired: 'Please enter due date.',
  },
  submission: {
    coordinatorRequired: 'Please select coordinator',
    descriptionRequired: 'Please enter form description',
    dateRequired: 'Please enter date',
    workplaceRequired: 'Please select workplace',
    branchRequired: 'Please select branch',
    mandatoryFields: 'Please complete mandatory field/s',
    notCoordinator: 'You cannot modify this form as you are not the Coordinator.',
    notRecorder: 'You cannot modify this form because you are not the person who recorded it.',
    closed: 'The form is closed. You have to "Re-Open" to modify.',
    openTaskBlocksClose:
      'This form is assigned an open task, and cannot be closed until the task is completed.',
    guestUser: 'Guest User',
  },
  clockIn: {
    loading: 'Loading...',
    notFoundTitle: 'Ops!',
    notFound: 'No information was found for the scanned employee QR code.',
    alreadyClockedIn: 'You are already clocked in.',
    notClockedIn: 'You are not clocked in, so there is nothing to clock out.',
    clockedIn: 'You are clocked in.',
    clockedOut: 'You are clocked out.',
    notYours: 'You can only clock in and out with your own QR code.',
  },
} as const;
