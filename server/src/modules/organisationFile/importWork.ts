import { FIELD_REGISTRY, type TOrganisationFile, type TTemplateFile } from '@compass/shared';
import { dateOf } from '../../db/days';
import { canonicalJson } from '../../db/json';
import { day, lower, type ImportRun, type Tx } from './importRun';
import { templateFileOf, templateRows } from './templates';

export async function syncNotices(
  run: ImportRun,
  tx: Tx,
  companyId: string,
  file: TOrganisationFile,
  refs: {
    workplaces: Map<string, { id: string }>;
    roles: Map<string, string>;
    suppliers: Map<string, string>;
  },
) {
  const stored = await tx.notice.findMany({ where: { companyId } });
  for (const notice of file.notices ?? []) {
    const audience = notice.audience ?? 'everyone';
    const idOf = (name: string) =>
      audience === 'workplaces'
        ? refs.workplaces.get(lower(name))?.id
        : audience === 'roles'
          ? refs.roles.get(lower(name))
          : refs.suppliers.get(lower(name));
    const audienceIds =
      audience === 'everyone'
        ? []
        : (notice.audienceNames ?? []).map(idOf).filter((id): id is string => !!id);
    const data = {
      title: notice.title,
      content: notice.content,
      priority: notice.priority ?? 'none',
      startDate: dateOf(notice.startDate),
      expireDate: notice.expireDate ? dateOf(notice.expireDate) : null,
      audience,
      audienceIds,
      isPublished: notice.published ?? true,
    };
    const found = stored.find((row) => lower(row.title) === lower(notice.title)) ?? null;
    await run.sync(
      tx,
      companyId,
      'notices',
      'notice',
      found,
      { ...data, startDate: notice.startDate, expireDate: notice.expireDate ?? null },
      (row) => ({
        title: row.title,
        content: row.content,
        priority: row.priority,
        startDate: day(row.startDate),
        expireDate: day(row.expireDate),
        audience: row.audience,
        audienceIds: row.audienceIds,
        isPublished: row.isPublished,
      }),
      {
        create: () => tx.notice.create({ data: { companyId, ...data } }),
        update: (row) => tx.notice.update({ where: { id: row.id }, data }),
      },
    );
  }
}

/** A changed template becomes a new version; submissions keep the version they were made on. */
export async function syncTemplates(
  run: ImportRun,
  tx: Tx,
  companyId: string,
  file: TOrganisationFile,
  people: Map<string, string>,
) {
  for (const template of file.templates ?? []) {
    const found = await tx.formTemplate.findFirst({
      where: { companyId, name: { equals: template.name, mode: 'insensitive' } },
    });
    const coordinatorEmployeeId = template.coordinator
      ? (people.get(lower(template.coordinator)) ?? null)
      : null;
    const current = found ? await templateFileOf(tx, found, companyId) : null;
    const desired = normalised(template);
    if (found && current && canonicalJson(normalised(current)) === canonicalJson(desired)) {
      run.tally('templates', 'unchanged');
      continue;
    }
    const settings = {
      name: template.name,
      formType: template.formType === 'form-submission' ? ('form_submission' as const) : template.formType,
      emailNotification: template.emailNotification ?? [],
      coordinatorEmployeeId,
      emailCcEmployeeIds: (template.copied ?? []).flatMap((username) => people.get(lower(username)) ?? []),
      formBranchType: template.branchRequirement ?? 'manualEntry',
      isActive: template.active ?? true,
    };
    const version = (found?.currentVersion ?? 0) + 1;
    const saved = found
      ? await tx.formTemplate.update({
          where: { id: found.id },
          data: { ...settings, currentVersion: version },
        })
      : await tx.formTemplate.create({ data: { companyId, ...settings, currentVersion: version } });
    await templateRows(tx, companyId, saved.id, version, template);
    run.tally('templates', found ? 'updated' : 'created');
  }
}

/** A template as compared: defaults written out, so an omitted default equals a written one. */
function normalised(template: TTemplateFile) {
  return {
    ...template,
    emailNotification: template.emailNotification ?? [],
    branchRequirement: template.branchRequirement ?? 'manualEntry',
    active: template.active ?? true,
    coordinator: template.coordinator?.toLowerCase() ?? null,
    copied: (template.copied ?? []).map((username) => username.toLowerCase()),
    sections: template.sections.map((section) => ({
      ...section,
      fields: section.fields.map((field) => ({
        ...field,
        width: field.width ?? FIELD_REGISTRY[field.type].colSize,
        mandatory: field.mandatory ?? false,
      })),
    })),
  };
}
