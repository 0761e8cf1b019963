import { randomUUID } from 'node:crypto';
import { isImageFileName, kioskMessages as say, type TVisitorQuestion } from '@compass/shared';
import type { z } from 'zod';
import type { ZKioskSignIn } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { badRequest } from '../../errors';
import type { MailQueue } from '../../plugins/mail';
import type { UploadedFile } from '../../plugins/uploads';
import type { AttachmentService } from '../attachments';
import { mailHost } from './mails';
import type { Kiosk } from './policy';
import { setupOf } from './setup';

type SignIn = z.output<typeof ZKioskSignIn>;
type Answer = { questionId: string; label: string; value: string };

const invalid = (field: string, message: string) => badRequest(message, [{ field, message }]);

/**
 * The answers to keep, in the setup's order, each with its question's label (the setup may change
 * later): an answer to a question the kiosk does not ask is answerUnknown, a required one left
 * blank or a yes-or-no one neither Yes nor No answerRequired.
 */
function answersOf(questions: TVisitorQuestion[], given: SignIn['answers']): Answer[] {
  const byQuestion = new Map(given.map((answer) => [answer.questionId, answer.value]));
  if ([...byQuestion.keys()].some((id) => !questions.some((question) => question._id === id)))
    throw invalid('answers', say.answerUnknown);
  const kept: Answer[] = [];
  for (const question of questions) {
    const value = byQuestion.get(question._id) ?? '';
    if (question.required && !value) throw invalid('answers', say.answerRequired(question.label));
    // A yes-or-no question takes Yes or No only (kept as sent): anything else is no answer to it.
    if (value && question.type === 'yesNo' && !['yes', 'no'].includes(value.toLowerCase()))
      throw invalid('answers', say.answerRequired(question.label));
    if (value) kept.push({ questionId: question._id, label: question.label, value });
  }
  return kept;
}

/**
 * A contractor's company: an active supplier of the organisation, and the one active person of it
 * whose name is the name given (several or none: no match).
 */
async function contractorOf(
  tx: Prisma.TransactionClient,
  companyId: string,
  supplierId: string,
  fullName: string,
) {
  const supplier = await tx.supplierCompany.findFirst({
    where: { id: supplierId, companyId, isActive: true },
    select: { id: true, name: true },
  });
  if (!supplier) throw invalid('supplierId', say.supplierUnknown);
  const people = await tx.$queryRaw<{ id: string }[]>`
    SELECT p.id FROM "Personnel" p
    WHERE p."companyId" = ${companyId}::uuid AND p."supplierId" = ${supplier.id}::uuid AND p."isActive"
      AND lower(p."firstName" || ' ' || p."lastName") = lower(${fullName.replace(/\s+/g, ' ')})
    LIMIT 2`;
  return {
    supplierId: supplier.id,
    visitorCompany: supplier.name,
    personnelId: people.length === 1 ? people[0]!.id : null,
  };
}

/** The photo the setup asks for: one picture, re-encoded by the attachments module as it is stored. */
function photoOf(takePhoto: boolean, files: UploadedFile[]): UploadedFile[] {
  if (!takePhoto) return [];
  const [photo] = files;
  if (!photo) throw invalid('photo', say.photoRequired);
  if (!isImageFileName(photo.name)) throw invalid('photo', `${photo.name} is not a photo.`);
  return [photo];
}

/**
 * A visitor's or contractor's sign-in at a kiosk: checked against the kiosk's workplace setup,
 * stored with its photo, and the host told by mail, all in one transaction (the photo's file is
 * removed again if it does not commit).
 */
export async function signInAtKiosk(
  db: Db,
  services: { attachments: AttachmentService; mail: MailQueue },
  kiosk: Kiosk,
  input: SignIn,
  files: UploadedFile[],
): Promise<{ _id: string; fullName: string; SigninTime: string }> {
  const { companyId, workplaceId } = kiosk;
  const setup = await setupOf(db, companyId, workplaceId);
  if (setup.siteRules.trim() && input.acceptRules !== 'yes') throw invalid('acceptRules', say.rulesRequired);
  if (setup.takeSignature && !input.signature) throw invalid('signature', say.signatureRequired);
  const answers = answersOf(setup.questions, input.answers);
  const photo = photoOf(setup.takePhoto, files);
  const id = randomUUID();
  const now = new Date();
  const owner = { companyId, ownerType: 'visit' as const, ownerId: id, uploadedById: null };
  await services.attachments.attach(owner, photo, async (tx) => {
    const contractor =
      input.kind === 'contractor' && input.supplierId
        ? await contractorOf(tx, companyId, input.supplierId, input.fullName)
        : { supplierId: null, visitorCompany: input.visitorCompany, personnelId: null };
    const host = input.hostEmployeeId
      ? await tx.employee.findFirst({
          where: { id: input.hostEmployeeId, companyId, isActive: true },
          select: { id: true },
        })
      : null;
    if (input.hostEmployeeId && !host) throw invalid('hostEmployeeId', say.hostUnknown);
    const workplace = await tx.workplace.findFirstOrThrow({
      where: { id: workplaceId, companyId },
      select: { name: true },
    });
    await tx.visit.create({
      data: {
        id,
        companyId,
        workplaceId,
        branchId: kiosk.branchId,
        kioskId: kiosk.id,
        kind: input.kind,
        fullName: input.fullName,
        ...contractor,
        hostEmployeeId: host?.id ?? null,
        purpose: input.purpose,
        phone: input.phone,
        answers,
        rulesAcceptedAt: setup.siteRules.trim() ? now : null,
        signature: setup.takeSignature ? (input.signature ?? null) : null,
        signInAt: now,
      },
    });
    if (host && setup.notifyHost)
      await mailHost(tx, services.mail, {
        companyId,
        hostEmployeeId: host.id,
        fullName: input.fullName,
        visitorCompany: contractor.visitorCompany,
        purpose: input.purpose,
        signInAt: now,
        workplace: workplace.name,
      });
  });
  return { _id: id, fullName: input.fullName, SigninTime: now.toISOString() };
}
