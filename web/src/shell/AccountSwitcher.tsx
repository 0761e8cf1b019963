import type { TAccount, TPermissions } from '@compass/shared';
import { ArrowLeft, Check } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { signIn, signInFailureMessage, startSession, switchSignIn, useAccounts } from '../api/auth';
import { ApiError, notifyError } from '../api/errors';
import { Avatar } from '../components/Avatar';
import { Button } from '../components/Button';
import { InputField } from '../components/FormField';
import { Spinner } from '../components/Spinner';

export interface AccountEntry extends TAccount {
  kind: 'employee' | 'externalParty';
}

/** Employees first, then external parties, as the accounts call lists them. */
export function accountEntries(accounts: {
  employees: TAccount[];
  externalParties: TAccount[];
}): AccountEntry[] {
  return [
    ...accounts.employees.map((account) => ({ ...account, kind: 'employee' as const })),
    ...accounts.externalParties.map((account) => ({ ...account, kind: 'externalParty' as const })),
  ];
}

interface AccountSwitcherProps {
  permissions: TPermissions;
  /** Called once a switch succeeded (after navigation to /dashboard). */
  onSwitched?: () => void;
  /** Reports whether the password step is showing (the dialog adjusts its title). */
  onStepChange?: (step: 'list' | 'password') => void;
}

/**
 * The switch-account list of 000 section 2.4: name, company, a type badge and a 'Logged In'
 * marker. Choosing another account signs in to it at once, or in external-party mode first asks
 * for that account's password.
 */
export function AccountSwitcher({ permissions, onSwitched, onStepChange }: AccountSwitcherProps) {
  const navigate = useNavigate();
  const accounts = useAccounts(permissions.userId);
  const [switchingId, setSwitchingId] = useState<string | null>(null);
  const [passwordFor, setPasswordFor] = useState<AccountEntry | null>(null);
  const externalPartyMode = permissions.userType !== 'employee';

  async function finish(authToken: string) {
    await startSession(authToken);
    navigate('/dashboard');
    onSwitched?.();
  }

  async function choose(account: AccountEntry) {
    if (externalPartyMode) {
      setPasswordFor(account);
      onStepChange?.('password');
      return;
    }
    setSwitchingId(account._id);
    try {
      const { authToken } = await switchSignIn(account._id);
      await finish(authToken);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 401)) notifyError(error);
    } finally {
      setSwitchingId(null);
    }
  }

  if (passwordFor) {
    return (
      <PasswordStep
        account={passwordFor}
        onBack={() => {
          setPasswordFor(null);
          onStepChange?.('list');
        }}
        onSignedIn={finish}
      />
    );
  }

  if (accounts.isPending) {
    return (
      <div className="page-spinner" style={{ minHeight: 160 }}>
        <div className="page-spinner-inner">
          <Spinner size="lg" label="Loading accounts" />
        </div>
      </div>
    );
  }
  if (accounts.isError) {
    return (
      <div className="alert alert-danger" role="alert">
        The accounts could not be loaded. {accounts.error.message}
      </div>
    );
  }

  const entries = accountEntries(accounts.data.accounts);
  const loggedInUser = accounts.data.loggedInUser;
  if (entries.length === 0) {
    return <p className="text-secondary">There are no other accounts linked to this sign-in.</p>;
  }

  return (
    <ul className="account-list" aria-label="Accounts">
      {entries.map((account) => {
        const current = account._id === loggedInUser;
        const busy = switchingId === account._id;
        return (
          <li key={`${account.kind}-${account._id}`}>
            <button
              type="button"
              className="account-option"
              aria-current={current ? 'true' : undefined}
              disabled={current || switchingId !== null}
              onClick={() => void choose(account)}
              aria-label={`${account.name}, ${account.companyName}, ${
                account.kind === 'employee' ? 'Employee' : 'external party'
              }${current ? ', Logged In' : ''}`}
            >
              <Avatar name={account.name} src={account.logo} size={40} />
              <span className="account-text">
                <span className="account-name">{account.name}</span>
                <span className="account-company">{account.companyName}</span>
              </span>
              <span className="account-badges">
                <span className={account.kind === 'employee' ? 'badge badge-primary' : 'badge badge-neutral'}>
                  {account.kind === 'employee' ? 'Employee' : 'external party'}
                </span>
                {current && (
                  <span className="badge badge-success">
                    <Check size={12} aria-hidden="true" />
                    Logged In
                  </span>
                )}
              </span>
              {busy && <Spinner label="Switching account" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function PasswordStep({
  account,
  onBack,
  onSignedIn,
}: {
  account: AccountEntry;
  onBack: () => void;
  onSignedIn: (authToken: string) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || pending) return;
    setPending(true);
    setError(null);
    try {
      const result = await signIn({
        username: account.email ?? '',
        password,
        appType: 'web',
        externalParty: true,
      });
      await onSignedIn(result.authToken);
    } catch (failure) {
      setError(signInFailureMessage(failure));
      setPending(false);
    }
  }

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
      <div className="locked-username">
        <Avatar name={account.name} src={account.logo} />
        <span className="locked-username-text">
          {account.name}
          <span className="text-muted text-sm"> · {account.email ?? account.companyName}</span>
        </span>
      </div>
      <InputField
        label="Password"
        error={error}
        type="password"
        value={password}
        autoComplete="current-password"
        autoFocus
        onValueChange={setPassword}
      />
      <div className="row-between">
        <Button variant="ghost" icon={<ArrowLeft size={16} aria-hidden="true" />} onClick={onBack}>
          Go Back
        </Button>
        <Button type="submit" variant="primary" disabled={!password} loading={pending}>
          Sign In
        </Button>
      </div>
    </form>
  );
}
