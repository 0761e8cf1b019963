import type { FrequencyUnit } from '../../server/src/generated/prisma/client';
import { Org } from './rows';

/**
 * The document library of a demo organisation: folders, documents with their published versions
 * (their files are stored by documentFiles.ts when the seed is given the storage), one document whose new
 * version waits for approval (the dashboards' approvals) and, when named, one whose new version
 * an approver rejected (its owner's "revise" work item).
 */

/** A document and the version its readers acknowledge. */
export interface DemoDocument {
  id: string;
  name: string;
  versionId: string;
}

export interface DocumentLibrarySpec {
  /** Folder → documents: [name, frequency, next review (days from today), versions published]. */
  folders: Record<string, Array<[string, FrequencyUnit, number, number]>>;
  owner: string;
  reviewer: string;
  coReviewer: string;
  /** Every employee of these roles is asked to read each document. */
  audienceRoleIds: string[];
  /** Its version after the last published one waits for the dashboard people's approval. */
  awaitingApproval: string;
  /** Its version after the last published one was rejected; `owner` owns it and revises it. */
  rejected?: { name: string; owner: string; approver: string; comment: string };
}

export function addDocumentLibrary(
  o: Org,
  spec: DocumentLibrarySpec,
): { documents: DemoDocument[]; awaitingApproval: DemoDocument } {
  const { rows, cal, companyId } = o;
  const documents: DemoDocument[] = [];
  const pending = new Map<string, string>();
  let age = 400;
  for (const [folder, entries] of Object.entries(spec.folders)) {
    const folderId = o.id('documentFolder', folder);
    rows.documentFolder.push({ id: folderId, companyId, name: folder, createdAt: cal.at(-age) });
    for (const [name, reviewFrequency, nextReview, published] of entries) {
      age -= 15;
      const id = o.id('document', name);
      const owner = spec.rejected?.name === name ? spec.rejected.owner : spec.owner;
      const version = (n: number) => o.id('documentVersion', `${name}/${n}`);
      for (let n = 1; n <= published; n++) {
        rows.documentVersion.push({
          id: version(n),
          companyId,
          documentId: id,
          number: n,
          note: n === 1 ? 'First issue.' : `Revision ${n}: updated after the last review.`,
          status: 'published',
          createdAt: cal.at(-age + (n - 1) * 60),
          publishedAt: cal.at(-age + (n - 1) * 60, 10),
        });
      }
      const waiting = spec.awaitingApproval === name;
      const rejected = spec.rejected?.name === name;
      if (waiting || rejected) {
        pending.set(name, version(published + 1));
        rows.documentVersion.push({
          id: version(published + 1),
          companyId,
          documentId: id,
          number: published + 1,
          note: waiting ? 'Updated contacts and assembly points.' : 'Reworded the pre-start checks.',
          status: waiting ? 'approvalPending' : 'rejected',
          createdAt: cal.at(-3),
          rejectedOn: rejected ? cal.day(-1) : null,
        });
      }
      if (spec.rejected && rejected) {
        rows.documentApproval.push({
          id: o.id('approval', `${name}/${published + 1}`),
          companyId,
          documentId: id,
          versionId: version(published + 1),
          employeeId: spec.rejected.approver,
          dueDate: cal.day(4),
          status: 'rejected',
          comment: spec.rejected.comment,
          decidedAt: cal.at(-1, 14),
        });
      }
      rows.document.push({
        id,
        companyId,
        name,
        description: 'Read it when you start, and again after each revision.',
        folderId,
        ownerEmployeeId: owner,
        reviewerEmployeeId: spec.reviewer,
        coReviewerEmployeeId: nextReview % 2 === 0 ? spec.coReviewer : null,
        reviewFrequency,
        nextReviewDate: cal.day(nextReview),
        lastReviewDate: cal.day(-age + 30),
        audienceRoleIds: spec.audienceRoleIds,
        currentVersionId: version(published),
        status: waiting ? 'approvalPending' : rejected ? 'rejected' : 'published',
        createdAt: cal.at(-age),
        updatedAt: cal.at(waiting || rejected ? -1 : -age + 30),
      });
      documents.push({ id, name, versionId: version(published) });
    }
  }
  const awaiting = documents.find((document) => document.name === spec.awaitingApproval);
  if (!awaiting) throw new Error(`no document ${spec.awaitingApproval}`);
  return {
    documents,
    awaitingApproval: { ...awaiting, versionId: pending.get(awaiting.name)! },
  };
}
