import {
  dateOfBirthProblem,
  personName,
  privateInfoMessages as say,
  type TEmergencyContact,
  type TEmployeePrivateInfo,
  type TEmployeePrivateInfoSaveParsed,
  type TEmployeeProfile,
} from '@compass/shared';
import { dateOf, dayOf } from '../../db/days';
import type { Db, Prisma } from '../../db/prisma';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { changesBetween, recordSave } from '../../plugins/changeLog';
import type { MailQueue } from '../../plugins/mail';
import { callerToday } from '../../plugins/organisationDay';
import { mailPrivateInfoChanged } from './mails';
import { requirePrivateInfo } from './policy';

type Tx = Prisma.TransactionClient;
type PrivateInfoRow = Prisma.EmployeePrivateInfoGetPayload<object>;

/** The change log's entity of the private part: apart from `employee`, whose log hrEmployee reads. */
const ENTITY = 'employeePrivateInfo';

/** The labels of the fields a notice names (never their values). */
const FIELD_LABELS: Record<keyof ReturnType<typeof snapshot>, string> = {
  dateOfBirth: 'date of birth',
  address: 'address',
  personalPhone: 'personal phone',
  personalEmail: 'personal e-mail',
  emergencyContacts: 'emergency contacts',
};

/** The private part of employees' records and the employee's own Profile (docs/human-resources.md). */
export class PrivateInfoService {
  constructor(
    private readonly db: Db,
    private readonly mail: MailQueue,
    private readonly publicUrl: string,
  ) {}

  /** The caller's own record, read-only on their Profile. */
  async profile(auth: AuthContext): Promise<TEmployeeProfile> {
    const { companyId } = auth;
    const employee = auth.employeeId
      ? await this.db.employee.findFirst({
          where: { id: auth.employeeId, companyId },
          include: { position: { select: { name: true } }, user: { select: { username: true } } },
        })
      : null;
    if (!employee) throw notFound();
    // The workplace, branch and manager are ids without relations on the employee.
    const [workplace, branch, manager] = await Promise.all([
      employee.workplaceId
        ? this.db.workplace.findFirst({ where: { id: employee.workplaceId, companyId } })
        : null,
      employee.branchId ? this.db.branch.findFirst({ where: { id: employee.branchId, companyId } }) : null,
      employee.managerEmployeeId
        ? this.db.employee.findFirst({ where: { id: employee.managerEmployeeId, companyId } })
        : null,
    ]);
    return {
      _id: employee.id,
      firstName: employee.firstName,
      lastName: employee.lastName,
      employeeNumber: employee.employeeNumber,
      email: employee.email,
      username: employee.user?.username ?? null,
      position: employee.position?.name ?? null,
      workplace: workplace?.name ?? null,
      branch: branch?.name ?? null,
      manager: manager ? personName(manager) : null,
    };
  }

  async read(auth: AuthContext, employeeId: string): Promise<TEmployeePrivateInfo> {
    await this.employeeOf(this.db, auth, employeeId);
    const rights = requirePrivateInfo(auth, employeeId, 'read');
    const row = await this.db.employeePrivateInfo.findUnique({ where: { employeeId } });
    const updatedBy = row?.updatedById
      ? await this.db.employee.findFirst({
          where: { id: row.updatedById, companyId: auth.companyId },
          select: { firstName: true, lastName: true },
        })
      : null;
    return {
      employeeId,
      ...snapshot(row),
      version: row?.version ?? 0,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: updatedBy ? personName(updatedBy) : null,
      mayEdit: rights.edit,
    };
  }

  /**
   * Saves the private part if the caller read its latest version (a save in between is a 409). HR
   * changing someone else's tells the employee by mail which fields changed.
   */
  async save(auth: AuthContext, input: TEmployeePrivateInfoSaveParsed): Promise<{ version: number }> {
    const { employeeId, version, ...fields } = input;
    if (fields.dateOfBirth) {
      const problem = dateOfBirthProblem(fields.dateOfBirth, callerToday(auth));
      if (problem) throw badRequest(problem, [{ field: 'dateOfBirth', message: problem }]);
    }
    return this.db.$transaction(async (tx) => {
      const employee = await this.employeeOf(tx, auth, employeeId);
      requirePrivateInfo(auth, employeeId, 'edit');
      const before = await tx.employeePrivateInfo.findUnique({ where: { employeeId } });
      if ((before?.version ?? 0) !== version) throw stale();
      const data = {
        ...fields,
        dateOfBirth: fields.dateOfBirth ? dateOf(fields.dateOfBirth) : null,
        updatedById: auth.employeeId,
      };
      // The version in the condition: of two saves of one version, the second changes nothing.
      const written = before
        ? await tx.employeePrivateInfo.updateMany({
            where: { employeeId, version },
            data: { ...data, version: { increment: 1 } },
          })
        : await tx.employeePrivateInfo.createMany({
            data: [{ employeeId, companyId: auth.companyId, ...data }],
            skipDuplicates: true,
          });
      if (written.count !== 1) throw stale();
      const previous = before && snapshot(before);
      const after = snapshot({ ...fields, dateOfBirth: data.dateOfBirth });
      await recordSave(tx, auth, { type: ENTITY, id: employeeId }, previous, after);
      // Against the empty part on a first save: an empty list of contacts is no change to mention.
      const changed = Object.keys(
        changesBetween(previous ?? snapshot(null), after),
      ) as (keyof typeof FIELD_LABELS)[];
      if (employeeId !== auth.employeeId && changed.length > 0) {
        await mailPrivateInfoChanged(tx, this.mail, this.publicUrl, {
          employee,
          changedById: auth.employeeId,
          fields: changed.map((key) => FIELD_LABELS[key]),
        });
      }
      return { version: version + 1 };
    });
  }

  /** The employee, of the caller's organisation: another's (or none) is not found. */
  private async employeeOf(client: Db | Tx, auth: AuthContext, employeeId: string) {
    const employee = await client.employee.findFirst({
      where: { id: employeeId, companyId: auth.companyId },
      select: {
        id: true,
        companyId: true,
        firstName: true,
        lastName: true,
        email: true,
        user: { select: { id: true } },
      },
    });
    if (!employee) throw notFound();
    return employee;
  }
}

const stale = () => conflict(say.stale, 'stale_version');

/** The private part's values as the wire and the change log carry them (empty when never saved). */
function snapshot(
  row: Pick<
    PrivateInfoRow,
    'dateOfBirth' | 'address' | 'personalPhone' | 'personalEmail' | 'emergencyContacts'
  > | null,
) {
  return {
    dateOfBirth: dayOf(row?.dateOfBirth ?? null),
    address: row?.address ?? null,
    personalPhone: row?.personalPhone ?? null,
    personalEmail: row?.personalEmail ?? null,
    emergencyContacts: (row?.emergencyContacts ?? []) as TEmergencyContact[],
  };
}
