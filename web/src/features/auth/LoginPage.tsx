import { ZSignInRequest } from '@compass/shared';
import { ArrowRight, Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { signIn, signInFailureMessage, ssoRedirectUrl } from '../../api/auth';
import { notifyError } from '../../api/errors';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { InputField } from '../../components/FormField';
import { PageSpinner } from '../../components/Spinner';
import { browser } from '../../lib/browser';
import { getRememberedUsername, setRememberedUsername } from '../../lib/storage';
import { usePageTitle } from '../../shell/pageTitle';
import { AuthLayout } from './AuthLayout';
import { associatedAccountsFlag, completeSignIn, resolveReturnUrl } from './session';
import { GoogleLogo, MicrosoftLogo } from './SsoIcons';
import { useSsoToken } from './useSsoToken';

/** Reads and deletes the `message` cookie a server redirect may leave for the login page. */
export function takeMessageCookie(): string | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith('message='));
  if (!entry) return null;
  document.cookie = 'message=; Max-Age=0; path=/';
  const raw = entry.slice('message='.length);
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')) || null;
  } catch {
    return raw || null;
  }
}

function firstIssue(result: ReturnType<typeof ZSignInRequest.safeParse>, field: 'username' | 'password') {
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

/** The login page of 000 section 2.3: username, then password; SSO; remember me. */
export function LoginPage() {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = resolveReturnUrl(params);
  const target = params.get('target');
  const ssoPending = useSsoToken(params.get('token'), {
    returnUrl,
    target,
    hasAssociatedAccounts: associatedAccountsFlag(params.get('hasAssociatedAccounts')),
  });

  const [step, setStep] = useState<'username' | 'password'>('username');
  const [username, setUsername] = useState(getRememberedUsername);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => getRememberedUsername() !== '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const message = takeMessageCookie();
    if (message) toast.error(message);
  }, []);

  useEffect(() => {
    if (step === 'password') passwordRef.current?.focus();
    else usernameRef.current?.focus();
  }, [step]);

  function submitUsername(event: FormEvent) {
    event.preventDefault();
    const message = ZSignInRequest.shape.username.safeParse(username).error?.issues[0]?.message ?? null;
    setError(message);
    if (message) return;
    setStep('password');
  }

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const parsed = ZSignInRequest.safeParse({ username, password, appType: 'web' });
    const message = firstIssue(parsed, 'username') ?? firstIssue(parsed, 'password');
    setError(message);
    if (!parsed.success) return;
    setPending(true);
    try {
      const result = await signIn(parsed.data);
      setRememberedUsername(remember ? parsed.data.username : null);
      await completeSignIn(navigate, {
        authToken: result.authToken,
        hasAssociatedAccounts: result.hasAssociatedAccounts,
        returnUrl,
        target,
      });
    } catch (failure) {
      setError(signInFailureMessage(failure));
      setPending(false);
    }
  }

  if (ssoPending) return <PageSpinner label="Signing you in…" />;

  return (
    <AuthLayout
      title={step === 'username' ? 'Sign in' : 'Enter your password'}
      subtitle={step === 'username' ? 'Welcome back. Sign in to continue to your workspace.' : undefined}
    >
      {step === 'username' ? (
        <form className="auth-form" onSubmit={submitUsername} noValidate aria-label="Sign in">
          <InputField
            label="Username or email address"
            error={error}
            ref={usernameRef}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onValueChange={(value) => {
              setUsername(value);
              setError(null);
            }}
          />
          <RememberRow remember={remember} onChange={setRemember} />
          <Button
            type="submit"
            variant="primary"
            size="lg"
            block
            disabled={username === ''}
            iconEnd={<ArrowRight size={18} aria-hidden="true" />}
          >
            Next
          </Button>
        </form>
      ) : (
        <form
          className="auth-form"
          onSubmit={(event) => void submitPassword(event)}
          noValidate
          aria-label="Enter password"
        >
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <LockedUsername
            username={username}
            disabled={pending}
            onEdit={() => {
              setStep('username');
              setPassword('');
              setError(null);
            }}
          />
          <InputField
            label="Password"
            error={error}
            type="password"
            ref={passwordRef}
            name="password"
            autoComplete="current-password"
            value={password}
            onValueChange={(value) => {
              setPassword(value);
              setError(null);
            }}
          />
          <RememberRow remember={remember} onChange={setRemember} />
          <Button
            type="submit"
            variant="primary"
            size="lg"
            block
            disabled={password === ''}
            loading={pending}
          >
            Sign In
          </Button>
        </form>
      )}

      <div className="auth-divider">or continue with</div>
      <SsoButtons companyId={params.get('companyId')} returnUrl={returnUrl} />
    </AuthLayout>
  );
}

/** Under both steps: keep the username for next time, or go and reset the password. */
function RememberRow({ remember, onChange }: { remember: boolean; onChange: (remember: boolean) => void }) {
  return (
    <div className="auth-form-row">
      <label className="checkbox">
        <input type="checkbox" checked={remember} onChange={(event) => onChange(event.target.checked)} />
        Remember me
      </label>
      <Link to="/forgot-password">Forgot password?</Link>
    </div>
  );
}

/** The password step's username: shown, not editable but through Edit (back to the first step). */
function LockedUsername({
  username,
  disabled,
  onEdit,
}: {
  username: string;
  disabled: boolean;
  onEdit: () => void;
}) {
  const usernameId = useId();
  return (
    <div className="field">
      <span className="field-label" id={`${usernameId}-locked`}>
        Username
      </span>
      <div className="locked-username" aria-labelledby={`${usernameId}-locked`}>
        <Avatar name={username} />
        <span className="locked-username-text" data-testid="locked-username">
          {username.trim()}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={onEdit}
          disabled={disabled}
          aria-label="Edit username"
        >
          <Pencil size={14} aria-hidden="true" />
          Edit
        </button>
      </div>
    </div>
  );
}

/** Sign-in with Microsoft or Google: off to the provider, which returns to this page with a token. */
function SsoButtons({ companyId, returnUrl }: { companyId: string | null; returnUrl: string }) {
  const [ssoProvider, setSsoProvider] = useState<'microsoft' | 'google' | null>(null);

  async function startSso(provider: 'microsoft' | 'google') {
    setSsoProvider(provider);
    try {
      const { redirectUrl } = await ssoRedirectUrl(provider, { companyId, returnUrl });
      browser.assign(redirectUrl);
    } catch (failure) {
      notifyError(failure);
      setSsoProvider(null);
    }
  }

  return (
    <div className="sso-buttons">
      <Button
        onClick={() => void startSso('microsoft')}
        loading={ssoProvider === 'microsoft'}
        disabled={ssoProvider !== null}
        icon={<MicrosoftLogo />}
        aria-label="Sign in with Microsoft"
      >
        Microsoft
      </Button>
      <Button
        onClick={() => void startSso('google')}
        loading={ssoProvider === 'google'}
        disabled={ssoProvider !== null}
        icon={<GoogleLogo />}
        aria-label="Sign in with Google"
      >
        Google
      </Button>
    </div>
  );
}
