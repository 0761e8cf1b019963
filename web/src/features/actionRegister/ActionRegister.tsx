import {
  ACTION_EXPORT_FILE_NAMES,
  ACTION_SORT_LABELS,
  ACTION_SORTS,
  ACTION_SOURCE_LABELS,
  ACTION_STATUS_LABELS,
  actionParentPath,
  displayDay,
  REGISTER_SOURCES,
  type ActionRegisterKind,
  type ActionSort,
  type ActionSource,
  type ActionStatus,
  type TActionRef,
  type TActionRow,
} from '@compass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { UserRoundPen, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { ExportButton } from '../../components/ExportButton';
import { Dialog } from '../../components/Dialog';
import { DueRangeFilters, ListFilters } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { PageHeader } from '../../components/PageHeader';
import { type Person, PersonField } from '../../components/PersonField';
import { SearchPicker } from '../../components/SearchPicker';
import { SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { ActionDialog } from '../dashboard';
import {
  actionExportUrl,
  actionRegisterKeys,
  assigneeOf,
  fetchActionDetails,
  fetchActions,
  searchAssignees,
  useReassignActions,
} from './api';
import { DocumentActionDialog } from './DocumentActionDialog';

const refKey = (ref: TActionRef) => `${ref.kind}:${ref._id}`;

const STATUS_BADGE = { open: 'badge-primary', overdue: 'badge-danger', completed: 'badge-success' } as const;

const ACTION_FILTERS = {
  // '' is the server's default (open; due date first), so it does not count as a filter.
  status: '' as ActionStatus | '',
  source: '' as ActionSource | '',
  assigneeEmployeeId: '',
  assigneePersonnelId: '',
  dueFrom: '',
  dueTo: '',
  sort: '' as ActionSort | '',
};

type ActionList = ReturnType<typeof usePagedList<typeof ACTION_FILTERS, TActionRow>>;

/** What tells the two registers apart on the page. */
const REGISTERS: Record<
  ActionRegisterKind,
  { title: string; intro: string; parentColumn: string; reassignHelp: string }
> = {
  general: {
    title: 'Action Register',
    intro:
      'Every action of the organisation: from forms, audits, obligations, documents, risks and hazardous substances.',
    parentColumn: 'From',
    reassignHelp: 'Choose an active employee or external person. They get an e-mail.',
  },
  hr: {
    title: 'HR Action',
    intro: 'The actions raised from HR forms and performance reviews. Only HR sees them.',
    parentColumn: 'Source',
    reassignHelp: 'Choose an active employee. They get an e-mail.',
  },
};

/**
 * A register of actions, filtered, sorted and paged by the server; a row opens the dashboard's
 * action dialog; selected rows are reassigned together; the filtered list exports as CSV or XLSX.
 * The Action Register: every action of the organisation but the HR ones (forms, audits,
 * obligations, documents, the risk and hazardous substance registers); HR Action: the actions of
 * HR forms and performance reviews.
 */
export function ActionRegister({ register }: { register: ActionRegisterKind }) {
  const texts = REGISTERS[register];
  usePageTitle(texts.title);
  const queryClient = useQueryClient();
  const list = usePagedList({
    queryKey: actionRegisterKeys.all(register),
    filters: ACTION_FILTERS,
    fetch: (request) => fetchActions(register, request),
    // The default status (open) leaves the completed actions out.
    hiddenUnder: { status: 'completed' },
  });
  const [selected, setSelected] = useState<Map<string, TActionRef>>(new Map());
  const [opened, setOpened] = useState<TActionRow | null>(null);
  const [reassigning, setReassigning] = useState<TActionRef[] | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: actionRegisterKeys.all(register) });
  const toggle = (row: TActionRow) =>
    setSelected((current) => {
      const next = new Map(current);
      const ref = { kind: row.kind, _id: row._id };
      if (next.has(refKey(ref))) next.delete(refKey(ref));
      else next.set(refKey(ref), ref);
      return next;
    });

  return (
    <div className="admin-page stack-lg">
      <PageHeader title={texts.title} intro={texts.intro}>
        <div className="row wrap">
          {(['csv', 'xlsx'] as const).map((format) => (
            <ExportButton
              key={format}
              label={`Export ${format.toUpperCase()}`}
              url={actionExportUrl(register, list.exportQuery, format)}
              fileName={`${ACTION_EXPORT_FILE_NAMES[register]}.${format}`}
            />
          ))}
        </div>
      </PageHeader>
      <ActionFilters register={register} list={list} />
      <SelectionBar
        rows={list.rows}
        selected={selected}
        onSelect={setSelected}
        onReassign={() => setReassigning([...selected.values()])}
      />
      <PagedTable
        label="Actions"
        list={list}
        columns={['Select', 'Action', texts.parentColumn, 'Assignee', 'Due', 'Status']}
        empty="No actions yet."
        narrowedEmpty="No action matches."
        hiddenEmpty={`No open actions. Completed actions are under Status: ${ACTION_STATUS_LABELS.completed}.`}
      >
        {list.rows.map((row) => (
          <ActionRow
            key={refKey({ kind: row.kind, _id: row._id })}
            row={row}
            register={register}
            selected={selected.has(refKey({ kind: row.kind, _id: row._id }))}
            onToggle={() => toggle(row)}
            onOpen={() => setOpened(row)}
          />
        ))}
      </PagedTable>
      {opened && (
        <OpenedAction
          register={register}
          row={opened}
          onSaved={refresh}
          onClose={() => setOpened(null)}
          onReassign={() => {
            setReassigning([{ kind: opened.kind, _id: opened._id }]);
            setOpened(null);
          }}
        />
      )}
      {reassigning && (
        <ReassignDialog
          register={register}
          help={texts.reassignHelp}
          actions={reassigning}
          onClose={() => setReassigning(null)}
          onDone={async () => {
            setSelected(new Map());
            setReassigning(null);
            await refresh();
          }}
        />
      )}
    </div>
  );
}

/** Status, source, assignee, due range and order; the search is the instruction's text. */
function ActionFilters({ register, list }: { register: ActionRegisterKind; list: ActionList }) {
  const { filters } = list;
  const assigneeLabel = useId();
  const [assigneeName, setAssigneeName] = useState('');
  return (
    <ListFilters placeholder="Instruction" onSearch={list.search} active={list.activeFilters}>
      <SelectField
        label="Status"
        value={filters.status}
        none={ACTION_STATUS_LABELS.open}
        options={(['overdue', 'completed', 'all'] as const).map((value) => ({
          value,
          label: ACTION_STATUS_LABELS[value],
        }))}
        onChange={(value) => list.setFilter('status', value as ActionStatus | '')}
      />
      <SelectField
        label="Source"
        value={filters.source}
        none="Any source"
        options={REGISTER_SOURCES[register].map((value) => ({ value, label: ACTION_SOURCE_LABELS[value] }))}
        onChange={(value) => list.setFilter('source', value as ActionSource | '')}
      />
      <div className="field">
        <span className="field-label" id={assigneeLabel}>
          Assignee
        </span>
        {assigneeName ? (
          <span className="row">
            {assigneeName}
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Any assignee (clear ${assigneeName})`}
              icon={<X size={14} aria-hidden="true" />}
              onClick={() => {
                setAssigneeName('');
                list.setFilter('assigneeEmployeeId', '');
                list.setFilter('assigneePersonnelId', '');
              }}
            />
          </span>
        ) : (
          <SearchPicker
            labelledBy={assigneeLabel}
            queryKey={actionRegisterKeys.assignees(register)}
            search={(text, page) => searchAssignees(register, text, page)}
            placeholder="Anyone"
            onPick={(option) => {
              const { type, _id } = assigneeOf(option.value);
              setAssigneeName(option.label);
              list.setFilter('assigneeEmployeeId', type === 'internal' ? _id : '');
              list.setFilter('assigneePersonnelId', type === 'external' ? _id : '');
            }}
          />
        )}
      </div>
      <DueRangeFilters from={filters.dueFrom} to={filters.dueTo} onChange={list.setFilter} />
      <SelectField
        label="Sort by"
        value={filters.sort}
        none={ACTION_SORT_LABELS.due}
        options={ACTION_SORTS.filter((value) => value !== 'due').map((value) => ({
          value,
          label: ACTION_SORT_LABELS[value],
        }))}
        onChange={(value) => list.setFilter('sort', value as ActionSort | '')}
      />
    </ListFilters>
  );
}

/** Selects the open actions of the page at once, and reassigns the selected ones. */
function SelectionBar({
  rows,
  selected,
  onSelect,
  onReassign,
}: {
  rows: TActionRow[];
  selected: Map<string, TActionRef>;
  onSelect: (update: (current: Map<string, TActionRef>) => Map<string, TActionRef>) => void;
  onReassign: () => void;
}) {
  const selectable = rows.filter((row) => row.status !== 'completed');
  const allSelected =
    selectable.length > 0 &&
    selectable.every((row) => selected.has(refKey({ kind: row.kind, _id: row._id })));
  return (
    <div className="row wrap">
      <label className="row">
        <input
          type="checkbox"
          checked={allSelected}
          disabled={selectable.length === 0}
          onChange={() =>
            onSelect((current) => {
              const next = new Map(current);
              for (const row of selectable) {
                const ref = { kind: row.kind, _id: row._id };
                if (allSelected) next.delete(refKey(ref));
                else next.set(refKey(ref), ref);
              }
              return next;
            })
          }
        />
        Select the open actions of this page
      </label>
      <Button
        variant="primary"
        icon={<UserRoundPen size={16} aria-hidden="true" />}
        disabled={selected.size === 0}
        onClick={onReassign}
      >
        Reassign selected{selected.size > 0 ? ` (${selected.size})` : ''}
      </Button>
    </div>
  );
}

/** The action dialog of a row: the dashboard's, or a document action's (completed on its page). */
function OpenedAction({
  register,
  row,
  onSaved,
  onClose,
  onReassign,
}: {
  register: ActionRegisterKind;
  row: TActionRow;
  onSaved: () => Promise<unknown>;
  onClose: () => void;
  onReassign: () => void;
}) {
  const reassign = row.status !== 'completed' && <Button onClick={onReassign}>Reassign</Button>;
  if (row.kind === 'document') return <DocumentActionDialog row={row} actions={reassign} onClose={onClose} />;
  return (
    <ActionDialog
      item={{
        sectionType: row.kind,
        taskID: row._id,
        itemName: row.parentName,
        taskDueDateType: row.status === 'overdue' ? 'overdue' : 'nodue',
      }}
      load={{
        key: actionRegisterKeys.details(register, row),
        fetch: () => fetchActionDetails(register, row),
      }}
      onSaved={onSaved}
      onClose={onClose}
      actions={reassign}
    />
  );
}

function ActionRow({
  row,
  register,
  selected,
  onToggle,
  onOpen,
}: {
  row: TActionRow;
  register: ActionRegisterKind;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
}) {
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          aria-label={`Select: ${row.instruction}`}
          checked={selected}
          disabled={row.status === 'completed'}
          onChange={onToggle}
        />
      </td>
      <td>
        <button type="button" className="link-button action-register-open" onClick={onOpen}>
          {row.instruction || '(no instruction)'}
        </button>
      </td>
      <td>
        {/* HR Action's source names itself: "Performance review — …", "FS 12 · Wellbeing Check". */}
        {register === 'general' && (
          <span className="text-sm text-secondary">{ACTION_SOURCE_LABELS[row.source]}</span>
        )}
        <div>
          <Link to={actionParentPath(row)}>{row.parentName}</Link>
        </div>
      </td>
      <td>
        {row.assigneeName || '—'}
        {row.assigneeType === 'external' && <div className="text-sm text-secondary">External</div>}
      </td>
      <td>{displayDay(row.dueDate)}</td>
      <td>
        <span className={`badge ${STATUS_BADGE[row.status]}`}>{ACTION_STATUS_LABELS[row.status]}</span>
        {row.completedOn && <div className="text-sm text-secondary">{displayDay(row.completedOn)}</div>}
      </td>
      <td className="row-actions">
        <Button size="sm" variant="ghost" onClick={onOpen} aria-label={`Open: ${row.instruction}`}>
          Open
        </Button>
      </td>
    </tr>
  );
}

/** Picks the new assignee of one or more actions; the server reassigns all of them or none. */
function ReassignDialog({
  register,
  help,
  actions,
  onClose,
  onDone,
}: {
  register: ActionRegisterKind;
  help: string;
  actions: TActionRef[];
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const [assignee, setAssignee] = useState<Person | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reassign = useReassignActions(register, actions, onDone);
  return (
    <Dialog
      title={actions.length === 1 ? 'Reassign the action' : `Reassign ${actions.length} actions`}
      description={help}
      onClose={onClose}
      dismissable={!reassign.isPending}
      footer={
        <>
          <Button onClick={onClose} disabled={reassign.isPending}>
            Cancel
          </Button>
          <Button
            variant="primary"
            loading={reassign.isPending}
            onClick={() => {
              if (!assignee) {
                setError('Choose the new assignee.');
                return;
              }
              reassign.mutate(assignee);
            }}
          >
            Reassign
          </Button>
        </>
      }
    >
      <PersonField
        label="New assignee"
        value={assignee}
        error={error}
        queryKey={actionRegisterKeys.assignees(register)}
        search={(text, page) => searchAssignees(register, text, page)}
        searchWhenEmpty
        autoFocus
        onChange={(person) => {
          setAssignee(person);
          setError(null);
        }}
      />
    </Dialog>
  );
}
