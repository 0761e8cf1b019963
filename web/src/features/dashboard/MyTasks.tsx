import {
  assetOptionName,
  dashboardPeriod,
  MY_TASKS_PERIOD,
  workItemTarget,
  type TAssignedActionItem,
  type TDashboardListResponse,
  type TDashboardSupplierListResponse,
  type TFormCoordinationItem,
  type THrFormItem,
  type TMaintenanceItem,
  type TNotice,
  type TOnlineTrainingItem,
  type TScheduledReviewItem,
  type TScheduledTaskItem,
  type TSupplierItem,
  type TaskTiming,
  type WorkItemRef,
  type WorkItemViewer,
} from '@compass/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  Building2,
  CalendarClock,
  ClipboardCheck,
  FileText,
  GraduationCap,
  Handshake,
  ListChecks,
  NotebookPen,
  SearchCheck,
  UserCheck,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterNextPaint } from '../../lib/afterPaint';
import { browserTimeZone } from '../../lib/timeZone';
import { NoticeDialog } from '../noticeboard';
import { NoticeboardSection } from './NoticeboardSection';
import { TaskSection, WorkItemRow, type SectionState } from './TaskSection';

const join = (...parts: Array<string | null | undefined | false>) => parts.filter(Boolean).join(' · ');

function stateOf(query: Pick<UseQueryResult, 'status' | 'error' | 'refetch'>): SectionState {
  return { status: query.status, error: query.error, onRetry: () => void query.refetch() };
}

const SCHEDULED_TYPE = { audit: 'Audit', reminder: 'Reminder' } as const;
const HR_TYPE = {
  hrAssessment: 'HR form',
  hrReviwer: 'Review',
  performanceReview: 'Performance review',
} as const;
const REGISTER = {
  document: 'Document',
  riskRegister: 'Risk register',
  hazardousRegister: 'Hazardous substance',
  obligation: 'Obligation',
  competency: 'Competency to renew',
} as const;
const MAINTENANCE_KIND = { planned: null, corrective: 'Fault repair' } as const;
const REQUIREMENT_STATUS = {
  assigned: null,
  submitted: 'Submitted',
  pending: 'Pending',
  rejected: 'Rejected — upload again',
} as const;

/** The row of every item kind: title, context line, date, markers, and where it leads. */
function useRows(viewer: WorkItemViewer, openDialog: (item: TAssignedActionItem) => void) {
  const targetOf = (ref: WorkItemRef) => {
    const target = workItemTarget(ref, viewer);
    return target.type === 'link' ? { to: target.path } : {};
  };

  return {
    scheduledTask: (item: TScheduledTaskItem, timing?: TaskTiming) => (
      <WorkItemRow
        title={item.title}
        secondary={join(
          SCHEDULED_TYPE[item.sectionType],
          item.formTemplateName,
          item.assignForName && `For ${item.assignForName}`,
          join(item.workplaceName, item.branchName),
        )}
        date={item.dueDate}
        dueType={item.taskDueDateType}
        badge={item.badge}
        timing={timing}
        {...targetOf({ section: 'scheduledTasks', item })}
      />
    ),
    hrForm: (item: THrFormItem, timing?: TaskTiming) => (
      <WorkItemRow
        title={item.formName}
        secondary={join(
          HR_TYPE[item.sectionType],
          item.employeeName,
          item.reviewerName && `Reviewer ${item.reviewerName}`,
        )}
        date={item.dueDate}
        dueType={item.taskDueDateType}
        badge={item.badge}
        timing={timing}
        {...targetOf({ section: 'hrForms', item })}
      />
    ),
    formCoordination: (item: TFormCoordinationItem, timing?: TaskTiming) => (
      <WorkItemRow
        title={join(item.formatedNumber, item.formTemplate).replace(' · ', ' ')}
        draft={item.isDraft === 'yes'}
        secondary={join(item.formDescription, item.workplaceName, item.branchName)}
        dateLabel="Form date"
        date={item.formDate}
        dueType={item.taskDueDateType}
        badge={item.badge}
        timing={timing}
        {...targetOf({ section: 'formCoordination', item })}
      />
    ),
    scheduledReview: (item: TScheduledReviewItem, timing?: TaskTiming) => (
      <WorkItemRow
        title={item.name}
        secondary={join(
          REGISTER[item.sectionType],
          // A competency's item is named by the competency (and the report's name): no review to say.
          item.sectionType !== 'competency' &&
            (item.actionType === 'coReview' ? `Co-review for ${item.actionBy}` : 'Review'),
        )}
        date={item.dueDate}
        dueType={item.taskDueDateType}
        badge={item.badge}
        timing={timing}
        {...targetOf({ section: 'scheduledReviews', item })}
      />
    ),
    assignedAction: (item: TAssignedActionItem, timing?: TaskTiming) => {
      const target = workItemTarget({ section: 'assignedActions', item }, viewer);
      return (
        <WorkItemRow
          title={item.itemName}
          // A company account's rows are its people's: each says whose it is.
          secondary={join(
            item.assigneeName && `For ${item.assigneeName}`,
            item.question,
            item.instructionShow,
          )}
          date={item.dueDate}
          dueType={item.taskDueDateType}
          badge={item.badge}
          timing={timing}
          {...(target.type === 'link' ? { to: target.path } : { onOpen: () => openDialog(item) })}
        />
      );
    },
    onlineTraining: (item: TOnlineTrainingItem, timing?: TaskTiming) => (
      <WorkItemRow
        title={item.formName}
        secondary={
          item.actionType === 'reviewer'
            ? join(item.employeeName, `Attempt ${item.completedTestAttempt} of ${item.noTestAttempt}`)
            : join(
                `${item.expectationDuration} min`,
                `Attempts ${item.completedTestAttempt} of ${item.noTestAttempt}`,
                item.action === 'view' && 'No attempts left',
              )
        }
        dateLabel="Complete by"
        date={item.completeBy}
        dueType={item.taskDueDateType}
        badge={item.badge}
        timing={timing}
        {...targetOf({ section: 'onlineTraining', item })}
      />
    ),
    supplier: (item: TSupplierItem, timing?: TaskTiming) => (
      <WorkItemRow
        title={item.formName ?? item.documentTypeName ?? 'Requirement'}
        secondary={join(
          viewer.side === 'supplier' ? item.companyName : item.supplierName,
          item.personnelName,
          REQUIREMENT_STATUS[item.status],
        )}
        date={item.dueDate}
        dueType={item.taskDueDateType}
        badge={item.badge}
        timing={timing}
        {...targetOf({ section: 'supplier', item })}
      />
    ),
    maintenance: (item: TMaintenanceItem, timing?: TaskTiming) => (
      <WorkItemRow
        title={item.title}
        secondary={join(
          assetOptionName({ number: item.assetNumber, name: item.assetName }),
          MAINTENANCE_KIND[item.kind],
          join(item.workplaceName, item.location),
        )}
        date={item.dueDate}
        dueType={item.taskDueDateType}
        badge={item.badge}
        timing={timing}
        {...targetOf({ section: 'scheduledMaintenance', item })}
      />
    ),
  };
}

const key = (item: { _id: string }) => item._id;

// The day each kind of item is due: forms are dated by their form date, training by its complete-by.
const byDueDate = (item: { dueDate: string }) => item.dueDate;
const byFormDate = (item: TFormCoordinationItem) => item.formDate;
const byCompleteBy = (item: TOnlineTrainingItem) => item.completeBy;

interface EmployeeTasksProps {
  viewer: WorkItemViewer;
  list: UseQueryResult<TDashboardListResponse>;
  supplierList: UseQueryResult<TDashboardSupplierListResponse>;
  noticeboard: UseQueryResult<{ total: number; list: TNotice[] }>;
}

interface SupplierTasksProps {
  viewer: WorkItemViewer;
  supplierList: UseQueryResult<TDashboardSupplierListResponse>;
}

interface SectionDef<T> {
  title: string;
  icon: LucideIcon;
  section: { total: number; list: T[] } | undefined;
  render: (item: T, timing?: TaskTiming) => ReactNode;
  dueOf: (item: T) => string;
}

function Sections({ defs, state }: { defs: Array<SectionDef<never>>; state: SectionState }) {
  // Now or later is judged on the user's local day, as the server judges the due markers.
  const period = dashboardPeriod(MY_TASKS_PERIOD, new Date(), browserTimeZone());
  return (
    <>
      {defs.map((def) => (
        <TaskSection<never>
          key={def.title}
          title={def.title}
          icon={def.icon}
          state={state}
          total={def.section?.total ?? 0}
          items={def.section?.list ?? []}
          itemKey={key}
          renderItem={def.render}
          schedule={{ period, dueOf: def.dueOf }}
        />
      ))}
    </>
  );
}

/** Erases the item type of a section definition so definitions of several types share a list. */
function def<T extends { _id: string }>(value: SectionDef<T>): SectionDef<never> {
  return value as unknown as SectionDef<never>;
}

function supplierDefs(
  data: TDashboardSupplierListResponse | undefined,
  rows: ReturnType<typeof useRows>,
): Array<SectionDef<never>> {
  return [
    def({
      title: 'Assigned Actions',
      icon: ListChecks,
      section: data?.assignedActions,
      render: rows.assignedAction,
      dueOf: byDueDate,
    }),
    def({
      title: 'Assigned Forms',
      icon: NotebookPen,
      section: data?.supplierAssessment,
      render: rows.supplier,
      dueOf: byDueDate,
    }),
    def({
      title: 'Company Requirements',
      icon: Building2,
      section: data?.supplierReviewDocuments,
      render: rows.supplier,
      dueOf: byDueDate,
    }),
    def({
      title: 'Personnel Requirements',
      icon: Users,
      section: data?.personnelReviewDocuments,
      render: rows.supplier,
      dueOf: byDueDate,
    }),
  ];
}

/** The assets' open maintenance of the caller (an employee) or of the caller's supplier company. */
function maintenanceDef(
  section: { total: number; list: TMaintenanceItem[] } | undefined,
  rows: ReturnType<typeof useRows>,
): SectionDef<never> {
  return def({ title: 'Maintenance', icon: Wrench, section, render: rows.maintenance, dueOf: byDueDate });
}

// The action dialog (its response form, its calls and the registers' links it names) is drawn only
// when a row is opened: its code is fetched once the sections have been painted, not with them
// (docs/performance.md, "The dashboard page").
const loadActionDialog = () => import('./ActionDialog');
const ActionDialog = lazy(async () => ({ default: (await loadActionDialog()).ActionDialog }));

function useActionDialog(viewer: WorkItemViewer) {
  const [action, setAction] = useState<TAssignedActionItem | null>(null);
  useEffect(
    () =>
      afterNextPaint(() => {
        // Offline now: the dialog asks for its code again when opened.
        loadActionDialog().catch(() => undefined);
      }),
    [],
  );
  const dialog = action && (
    <Suspense fallback={null}>
      <ActionDialog
        item={action}
        onClose={() => setAction(null)}
        showParentLink={viewer.side === 'employee'}
      />
    </Suspense>
  );
  return { open: setAction, dialog };
}

/**
 * My Tasks of an employee: the nine sections of the specification and Maintenance (docs/assets.md),
 * then the supplier sections that have items.
 */
export function EmployeeTasks({ viewer, list, supplierList, noticeboard }: EmployeeTasksProps) {
  const actionDialog = useActionDialog(viewer);
  const [notice, setNotice] = useState<TNotice | null>(null);
  const rows = useRows(viewer, actionDialog.open);
  const sections = list.data?.list;
  const defs = [
    def({
      title: 'Scheduled Tasks',
      icon: CalendarClock,
      section: sections?.scheduledTasks,
      render: rows.scheduledTask,
      dueOf: byDueDate,
    }),
    def({
      title: 'HR Forms',
      icon: UserCheck,
      section: sections?.hrForms,
      render: rows.hrForm,
      dueOf: byDueDate,
    }),
    def({
      title: 'Form Coordination',
      icon: FileText,
      section: sections?.formCoordination,
      render: rows.formCoordination,
      dueOf: byFormDate,
    }),
    def({
      title: 'Scheduled Reviews',
      icon: SearchCheck,
      section: sections?.scheduledReviews,
      render: rows.scheduledReview,
      dueOf: byDueDate,
    }),
    def({
      title: 'Assigned Actions',
      icon: ListChecks,
      section: sections?.assignedActions,
      render: rows.assignedAction,
      dueOf: byDueDate,
    }),
    def({
      title: 'Online Training Assessment',
      icon: GraduationCap,
      section: sections?.employeeOnlineTrainingAssessment,
      render: rows.onlineTraining,
      dueOf: byCompleteBy,
    }),
    def({
      title: 'Online Training Form Review',
      icon: ClipboardCheck,
      section: sections?.reviewOnlineTrainingAssessment,
      render: rows.onlineTraining,
      dueOf: byCompleteBy,
    }),
    def({
      title: 'External Parties',
      icon: Handshake,
      section: sections?.externalPartiesForms,
      render: rows.supplier,
      dueOf: byDueDate,
    }),
    maintenanceDef(sections?.scheduledMaintenance, rows),
  ];
  // Employees get the supplier sections only when the call returns items (000 section 2.2).
  const supplierSections = supplierDefs(supplierList.data, rows).filter(
    (entry) => (entry.section?.total ?? 0) > 0,
  );
  const noticeState: SectionState =
    list.status === 'success'
      ? stateOf(noticeboard)
      : { status: list.status, error: list.error, onRetry: stateOf(list).onRetry };

  return (
    <div className="task-grid">
      <Sections defs={defs} state={stateOf(list)} />
      <NoticeboardSection
        state={noticeState}
        total={noticeboard.data?.total ?? 0}
        notices={noticeboard.data?.list ?? []}
        onOpen={setNotice}
      />
      {supplierSections.length > 0 && (
        <>
          <h2 className="task-grid-heading">External party reviews</h2>
          <Sections defs={supplierSections} state={stateOf(supplierList)} />
        </>
      )}
      {actionDialog.dialog}
      {notice && (
        <NoticeDialog
          notice={notice}
          filePath={list.data?.filePath ?? '/api/files/'}
          onClose={() => setNotice(null)}
        />
      )}
    </div>
  );
}

/** My Tasks of a supplier (or company) user: the four supplier sections and the maintenance assigned. */
export function SupplierTasks({ viewer, supplierList }: SupplierTasksProps) {
  const actionDialog = useActionDialog(viewer);
  const rows = useRows(viewer, actionDialog.open);
  const defs = [
    ...supplierDefs(supplierList.data, rows),
    maintenanceDef(supplierList.data?.scheduledMaintenance, rows),
  ];
  return (
    <div className="task-grid">
      <Sections defs={defs} state={stateOf(supplierList)} />
      {actionDialog.dialog}
    </div>
  );
}
