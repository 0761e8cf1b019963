/** Every user-visible message of the specification, written once and quoted exactly. */
export const messages = {
  common: {
    success: 'Success',
    invalidCredentials: 'Invalid credentials',
    sessionExpired: 'Your session has expired. Please sign in again.',
    forbidden: 'You do not have access to this.',
    passwordChangeRequired: 'Your password has expired. Please change your password before continuing.',
    notFound: 'Not found.',
    serverError: 'Something went wrong. Please try again.',
    validationFailed: 'Please correct the highlighted fields.',
    tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
    accountLocked:
      'This account is locked after too many failed sign-in attempts. Try again later or reset your password.',
    deleteFileConfirm: 'Are you sure want to delete this file?',
    serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
    busy: 'The server is busy. Please try again in a moment.',
    /** The file store is full, over its quota or read-only: nothing of the upload was kept. */
    fileStoreUnavailable: 'The file store cannot take files at the moment. Try again later.',
    invalidValue: 'A value is not valid here: it is too long, out of range or not of the right kind.',
    alreadyExists: 'This record already exists.',
    referenceMissing: 'A record this refers to does not exist.',
    changedMeanwhile: 'Someone else changed this at the same time. Please try again.',
    accountDeactivated: 'This account is deactivated. Contact your administrator.',
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
  invitation: {
    invalidToken:
      'This invitation link has expired or has already been used. Ask your administrator to send a new invitation.',
    done: 'Your password is set. Please sign in with your username and new password.',
    noEmail: 'An invitation needs an e-mail address.',
    inactive: 'This account is deactivated: reactivate it before sending an invitation.',
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
    /** Instead of expiredBanner at an account's first sign-in, with its initial password. */
    welcomeBanner: (organisation: string) =>
      `Welcome to ${organisation}: choose a password to finish setting up your account.`,
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
    /** Instead of passwordChangeRequired at an account's first sign-in, with its initial password. */
    passwordChoiceRequired: (organisation: string) =>
      `Welcome to ${organisation}: choose a password before using the dashboard.`,
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
    notFound: 'This action was not found or is not assigned to you.',
    alreadyComplete: 'This action is already completed and can no longer be changed.',
    completed: 'The action has been completed.',
    draftSaved: 'Your response has been saved as a draft.',
  },
  submission: {
    coordinatorRequired: 'Please select coordinator',
    descriptionRequired: 'Please enter form description',
    dateRequired: 'Please enter date',
    workplaceRequired: 'Please select workplace',
    branchRequired: 'Please select branch',
    /** Shown for the branch of a workplace that has none (a branch is then not asked for). */
    branchNotApplicable: 'Not applicable: this workplace has no branches.',
    mandatoryFields: 'Please complete mandatory field/s',
    notCoordinator: 'You cannot modify this form as you are not the Coordinator.',
    notRecorder: 'You cannot modify this form because you are not the person who recorded it.',
    closed: 'The form is closed. You have to "Re-Open" to modify.',
    openTaskBlocksClose:
      'This form is assigned an open task, and cannot be closed until the task is completed.',
    guestUser: 'Guest User',
    draftSaved: 'The form has been saved as a draft.',
    submitted: 'The form has been submitted.',
    updated: 'The form has been updated.',
    filesUploaded: 'The files have been uploaded.',
    inactiveSelection: 'A selected record is no longer active. Please choose another one.',
    unknownField: 'The form does not have this field. Reload the form and try again.',
    branchOfWorkplace: 'The selected branch does not belong to the selected workplace.',
    templateInactive: 'This form template is not available.',
    notAllowedToRecord: 'Your account cannot record forms.',
    supplierFormsOnly: 'External parties can fill in supplier forms only.',
    coordinatorKept: 'The coordinators of this form are chosen by the organisation.',
    placeKept: 'The workplace and branch of this form are chosen by the organisation.',
    actionsOfOrganisationKept:
      'Actions the organisation raised on this form cannot be removed or changed here.',
    assigneeOutsideCompany: 'Actions can be assigned to your own company’s personnel only.',
    fileFieldRequired: 'Choose the file field the files belong to.',
    cannotReturnToDraft: 'A submitted form cannot be saved as a draft.',
    versionRequired: 'The version of the form you read is missing. Reload the form and try again.',
    optionNotOffered: 'This option is not offered by the form. Reload the form and try again.',
  },
  closeOff: {
    closed: 'The form is closed.',
    reopened: 'The form is re-opened.',
    draftCannotClose: 'A draft cannot be closed. Submit the form first.',
    notClosed: 'The form is not closed.',
    notSubmitted: 'The assigned form has not been submitted yet.',
    notSupplierForm: 'This form is not a supplier form.',
    closeRestricted: 'Your role does not allow closing forms.',
    stale: 'The form was changed by someone else. Reload it and try again.',
  },
  links: {
    unknown: 'This link is not valid. Please ask the sender for a new link.',
    expired: 'This link has expired. Please ask the sender for a new link.',
    revoked: 'This link has been revoked. Please ask the sender for a new link.',
    wrongResource: 'This link does not give access to this item.',
    wrongOperation: 'This link does not allow this change.',
    revokedDone: 'The link has been revoked.',
    noneToRevoke: 'There is no active link to revoke.',
  },
  supplierForm: {
    onlySupplierForms: 'Suppliers can change supplier forms only.',
    notThisAssignment: 'This form does not belong to this supplier assignment.',
    stillDraft: 'This form is still a draft. Submit the form first.',
    alreadySubmitted: 'This form has already been submitted.',
    submitted: 'The form has been sent to the organisation.',
  },
  externalTask: {
    viewOnly: 'This action is view-only.',
    fileDeleted: 'The file has been deleted.',
  },
  qrCodes: {
    notYourCode: 'You can only see your own clock-in QR code.',
    posterCall: 'Scan to fill in this form',
    posterNotQr: 'Only QR forms take submissions from a QR code poster. Change the form type to QR first.',
    posterHint: 'Open your phone camera, point it at the code and follow the link.',
    myCodeTitle: 'My clock-in QR code',
    myCodeHint: 'Scan this code with your phone to clock in and out.',
  },
  qrSubmission: {
    invalidLink: 'This QR code link is incomplete. Please scan the code again.',
    unknownOrganisation:
      'This QR code does not belong to a known organisation. Please ask the organisation for a new QR code.',
    formUnavailable:
      'This form is not available for QR submissions. Please ask the organisation for a new QR code.',
    coordinatorUnavailable:
      'The person who receives this form is no longer available. Please ask the organisation for a new QR code.',
    thankYouTitle: 'Thank you',
    thankYou: 'Your form has been submitted. Its number is',
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
    signatureRequired: 'Please sign before clocking in.',
    missedClockOut:
      'Your last clock-in has no clock-out and is over a day old. Ask your manager to correct it on your timesheet.',
  },
} as const;
