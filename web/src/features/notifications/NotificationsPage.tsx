import {
  ACCOUNT_KIND_LABELS,
  ACCOUNT_KINDS,
  testMailSendCall,
  unsubscribedUserReEnableCall,
  type AccountKind,
  type TMailCategoryRow,
  type TTestMail,
  type TUnsubscribedUser,
} from '@compass/shared';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { usePermissions } from '../../api/auth';
import { useCall } from '../../api/useCall';
import { changeLogKeys } from '../../api/queryKeys';
import { Button } from '../../components/Button';
import { ChangeLogPanel } from '../../components/ChangeLogPanel';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { ListFilters } from '../../components/ListFilters';
import { ListState } from '../../components/ListParts';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { fetchUnsubscribedUsers, notificationKeys, useMailCategories, useTestMailStatus } from './api';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * System Administration > Notifications: who unsubscribed from optional e-mail and turning it on
 * again (000 section 6: that is the organisation's system admin's), the e-mails the organisation
 * sends, and a test mail to the administrator's own address.
 */
export function NotificationsPage() {
  usePageTitle('Notifications');
  const permissions = usePermissions();
  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <h1>Notifications</h1>
          <p>
            Who has unsubscribed from optional e-mail, the e-mails your organisation sends, and a test mail.
          </p>
        </div>
      </div>
      <div className="admin-columns">
        <UnsubscribedUsers />
        <div className="stack-lg">
          <TestMailCard />
          <section className="card card-body stack" aria-labelledby="notifications-history">
            <h2 id="notifications-history" className="card-title">
              History
            </h2>
            {permissions.data && (
              <ChangeLogPanel entityType="notifications" entityId={permissions.data.companyId} />
            )}
          </section>
        </div>
      </div>
      <MailCategories />
    </div>
  );
}

function UnsubscribedUsers() {
  const [confirming, setConfirming] = useState<TUnsubscribedUser | null>(null);
  const list = usePagedList({
    queryKey: notificationKeys.unsubscribed,
    filters: { kind: '' as AccountKind | '' },
    fetch: fetchUnsubscribedUsers,
  });
  const reEnable = useCall(unsubscribedUserReEnableCall, {
    invalidate: [notificationKeys.unsubscribed, changeLogKeys.all],
    onSuccess: () => setConfirming(null),
  });
  return (
    <section className="stack" aria-labelledby="unsubscribed-title">
      <div>
        <h2 id="unsubscribed-title">Unsubscribed from optional e-mail</h2>
        <p className="text-secondary text-sm">
          People who used the unsubscribe link of an optional e-mail. They still get the e-mails they need to
          work; re-enabling sends them the optional ones again.
        </p>
      </div>
      <ListFilters
        placeholder="Name, username, e-mail or company"
        onSearch={list.search}
        active={list.activeFilters}
      >
        <SelectField
          label="Kind"
          value={list.filters.kind}
          none="Everyone"
          options={ACCOUNT_KINDS.map((value) => ({ value, label: ACCOUNT_KIND_LABELS[value] }))}
          onChange={(value) => list.setFilter('kind', value as AccountKind | '')}
        />
      </ListFilters>
      <PagedTable
        label="Unsubscribed users"
        list={list}
        columns={['Person', 'Kind', 'Unsubscribed', 'Reason']}
        empty="Nobody has unsubscribed: everyone receives the optional e-mails."
        narrowedEmpty="Nobody who unsubscribed matches."
      >
        {list.rows.map((row) => (
          <tr key={row._id}>
            <td>
              <div>{row.name}</div>
              <div className="text-sm text-secondary">{row.email ?? row.username}</div>
            </td>
            <td>
              <div>{ACCOUNT_KIND_LABELS[row.kind]}</div>
              {row.company && <div className="text-sm text-secondary">{row.company}</div>}
            </td>
            <td>
              <time dateTime={row.unsubscribedAt}>{day.format(new Date(row.unsubscribedAt))}</time>
            </td>
            <td>{row.unsubscribeReason ?? <span className="text-secondary">No reason given</span>}</td>
            <td className="row-actions">
              <Button
                size="sm"
                aria-label={`Re-enable e-mails to ${row.name}`}
                onClick={() => setConfirming(row)}
              >
                Re-enable
              </Button>
            </td>
          </tr>
        ))}
      </PagedTable>
      {confirming && (
        <ConfirmDialog
          title="Re-enable optional e-mails?"
          confirmLabel="Re-enable"
          pending={reEnable.isPending}
          onConfirm={() => reEnable.mutate({ body: { _id: confirming._id } })}
          onClose={() => setConfirming(null)}
        >
          <div className="stack">
            <p>
              {confirming.name} ({confirming.email ?? confirming.username}) unsubscribed on{' '}
              {day.format(new Date(confirming.unsubscribedAt))}
              {confirming.unsubscribeReason ? `: “${confirming.unsubscribeReason}”` : '.'}
            </p>
            <p>
              Form copies, reminders and the other optional e-mails will reach them again, each with its
              unsubscribe link. The change is kept in this page’s history under your name.
            </p>
          </div>
        </ConfirmDialog>
      )}
    </section>
  );
}

function TestMailCard() {
  const latest = useTestMailStatus();
  const send = useCall(testMailSendCall, {
    invalidate: [notificationKeys.testMail, notificationKeys.categories],
  });
  return (
    <section className="card card-body stack" aria-labelledby="test-mail-title">
      <h2 id="test-mail-title" className="card-title">
        Test mail
      </h2>
      <p className="text-secondary text-sm">
        Sends a mail to your own address through the same outbox as every other e-mail, to check that mail
        from the product arrives. One a minute.
      </p>
      <div>
        <Button
          variant="primary"
          icon={<Send size={16} aria-hidden="true" />}
          loading={send.isPending}
          onClick={() => send.mutate({})}
        >
          Send a test mail
        </Button>
      </div>
      {latest.data && <TestMailResult mail={latest.data} />}
    </section>
  );
}

/** Where the latest test mail stands, as the mail worker left it. */
function TestMailResult({ mail }: { mail: TTestMail }) {
  const at = when.format(new Date(mail.sentAt ?? mail.createdAt));
  if (mail.status === 'sent')
    return (
      <p role="status">
        <span className="badge badge-success">Sent</span> to {mail.to} on {at}. If it is not in the inbox,
        look in the spam folder.
      </p>
    );
  if (mail.status === 'failed')
    return (
      <div role="status" className="stack">
        <p>
          <span className="badge badge-danger">Not sent</span> to {mail.to}: the mail server refused it after{' '}
          {mail.attempts} attempt{mail.attempts === 1 ? '' : 's'}.
        </p>
        {mail.lastError && <p className="text-sm text-secondary">{mail.lastError}</p>}
      </div>
    );
  return (
    <div role="status" className="stack">
      <p>
        <span className="badge badge-primary">Queued</span> for {mail.to} on {at}
        {mail.attempts === 0 ? ', waiting for the mail worker…' : ', to be tried again.'}
      </p>
      {mail.lastError && (
        <p className="text-sm text-secondary">
          Attempt {mail.attempts} failed: {mail.lastError}
        </p>
      )}
    </div>
  );
}

function MailCategories() {
  const categories = useMailCategories();
  const list = categories.data?.list ?? [];
  return (
    <section className="stack" aria-labelledby="mail-categories-title">
      <div>
        <h2 id="mail-categories-title">E-mails your organisation sends</h2>
        <p className="text-secondary text-sm">
          Optional e-mails carry an unsubscribe link and skip people who used it; the others are needed to use
          the product and are always sent.
        </p>
      </div>
      <section className="card list-card" aria-label="E-mails" aria-busy={categories.isFetching}>
        <ListState query={categories} count={list.length} empty="No kinds of e-mail." />
        {list.length > 0 && (
          <DataTable columns={['E-mail', 'Sent when', 'Unsubscribe', 'Last 30 days']}>
            {list.map((row) => (
              <tr key={row.category}>
                <td>{row.label}</td>
                <td className="text-sm">{row.trigger}</td>
                <td>
                  {row.optional ? (
                    <span className="badge badge-neutral">Optional</span>
                  ) : (
                    <span className="badge badge-primary">Always sent</span>
                  )}
                </td>
                <td className="text-sm">
                  <MailCounts row={row} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </section>
  );
}

function MailCounts({ row }: { row: TMailCategoryRow }) {
  return (
    <>
      {row.sent} sent{row.queued > 0 && ` · ${row.queued} queued`}
      {row.failed > 0 && (
        <>
          {' '}
          <span className="badge badge-danger">{row.failed} failed</span>
        </>
      )}
    </>
  );
}
